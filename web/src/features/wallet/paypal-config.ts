/**
 * PayPal in the browser. With a real client id (VITE_PAYPAL_CLIENT_ID) checkout renders PayPal's
 * buttons; locally the PayPal SDK cannot load, so checkout offers "approve in sandbox" against the
 * stand-in of `npm start` (DESIGN §3).
 */
export const LOCAL_SANDBOX_CLIENT_ID = 'versus-local-sandbox';
export const PAYPAL_CLIENT_ID: string = import.meta.env.VITE_PAYPAL_CLIENT_ID ?? LOCAL_SANDBOX_CLIENT_ID;
export const isLocalSandbox = PAYPAL_CLIENT_ID === LOCAL_SANDBOX_CLIENT_ID;
export const PAYPAL_SANDBOX_URL: string = import.meta.env.VITE_PAYPAL_SANDBOX_URL ?? 'http://127.0.0.1:5010';
export const PAYPAL_CONNECT_URL: string =
  import.meta.env.VITE_PAYPAL_CONNECT_URL ??
  (isLocalSandbox ? `${PAYPAL_SANDBOX_URL}/connect` : 'https://www.paypal.com/connect');

/** The stand-in's buyer actions, in place of the PayPal window. */
export async function sandboxAction(orderId: string, action: 'approve' | 'decline' | 'cancel'): Promise<void> {
  const response = await fetch(`${PAYPAL_SANDBOX_URL}/__sandbox/orders/${encodeURIComponent(orderId)}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`The PayPal sandbox answered ${response.status}`);
}
