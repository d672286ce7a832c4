import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import type { Currency } from '@versus/domain/platform/constants';
import { PAYPAL_CLIENT_ID } from '../paypal-config';

/** PayPal's own buttons, used when a real client id is configured (never on the local stack). */
export default function PayPalButtonsPanel({
  orderId,
  currency,
  onApprove,
  onCancel,
  onError,
}: {
  orderId: string;
  currency: Currency;
  onApprove: () => Promise<void>;
  onCancel: () => void;
  onError: (message: string) => void;
}) {
  return (
    <PayPalScriptProvider options={{ clientId: PAYPAL_CLIENT_ID, currency, intent: 'capture' }}>
      <PayPalButtons
        style={{ layout: 'vertical' }}
        createOrder={() => Promise.resolve(orderId)}
        onApprove={() => onApprove()}
        onCancel={onCancel}
        onError={(error) => onError(error instanceof Error ? error.message : String(error))}
      />
    </PayPalScriptProvider>
  );
}
