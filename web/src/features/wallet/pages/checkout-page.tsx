import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currencyForLocale, type Currency } from '@versus/domain/platform/constants';
import { creatorEarning } from '@versus/domain/wallet/economics';
import type { PaymentOrder } from '@versus/domain/wallet/types';
import { Button } from '../../../components/button';
import { ErrorPanel, Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { toApiError } from '../../../lib/api';
import { completeOrder, createPurchaseIntent } from '../api';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatCents, formatCoins } from '../../../lib/locale';
import { LocalLink, usePageTitle, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useLiveDocument } from '../../../lib/use-live-document';
import { useFocusedPageDone } from '../../../lib/focused-page';
import { useStepFocus } from '../../../lib/use-step-focus';
import { useSession } from '../../../lib/session/session-store';
import { CoinShop } from '../components/coin-shop';
import { isLocalSandbox, sandboxAction } from '../paypal-config';
import { useProducts, type Product } from '../use-products';
import '../wallet.css';
import { backTarget, type BackTarget } from '../back-target';
import { orderDoc } from '../queries';
import { useCommand } from '../../../lib/use-command';
import { db } from '../../../lib/firebase';
import { lazyWhenOnline } from '../../../lib/lazy-when-online';
import '../../../i18n/page-texts';

const PayPalButtonsPanel = lazyWhenOnline(() => import('../components/paypal-buttons'));

type Outcome = 'completed' | 'declined' | 'cancelled' | 'expired' | null;

/**
 * The way back to the page that sent the player for coins. It takes the checkout's place in the
 * history: the browser's Back from there does not open the purchase again.
 */
function BackLink({ back, primary }: { back: BackTarget | null; primary?: boolean }) {
  const { t } = useTranslation();
  if (!back) return null;
  return (
    <LocalLink
      className={`btn ${primary ? 'btn-primary' : 'btn-secondary'}`}
      to={back.to}
      replace
      data-testid="checkout-back"
    >
      {t(`checkout.back.${back.kind}`)}
    </LocalLink>
  );
}

/** A purchase that did not go: the same bundle again, or back to the bundles (and `children`). */
function TryAgain({
  onRetry,
  onRestart,
  children,
}: {
  onRetry: () => void;
  onRestart: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="row wrap">
      <Button onClick={onRetry} data-testid="checkout-retry">
        {t('checkout.try-again')}
      </Button>
      <Button variant="ghost" onClick={onRestart}>
        {t('checkout.back-to-shop')}
      </Button>
      {children}
    </div>
  );
}

/**
 * The buyer's side of SPEC §4 Payment: intent → watched live → completed. The order's id goes into
 * the address once made, so a reload (or the address kept) shows that order, paid or still to pay,
 * and never starts a second one.
 */
function Purchase({
  productId,
  product,
  currency,
  resume,
  back,
  onOrder,
  onRestart,
  onRetry,
}: {
  /** Where the coins were wanted, if a page sent the player here (the address's `next`). */
  back: BackTarget | null;
  productId: string;
  product: Product;
  currency: Currency;
  /** An order made on an earlier visit (the address's `order`): shown, not made again. */
  resume: string | null;
  onOrder: (orderId: string) => void;
  onRestart: () => void;
  /** The same bundle again, as a new order: a declined or expired one is final, and a cancelled one
   *  (in PayPal's window, where the order stays open) is left to expire. */
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [orderId, setOrderId] = useState<string | null>(resume);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelledInPayPal, setCancelledInPayPal] = useState(false);
  // The order could not be made for a reason a second try may not meet (offline, say).
  const [retryable, setRetryable] = useState(false);
  // The code the buyer supports earns its creator a share of this purchase (paid by Versus).
  const supporting = useSession((state) => state.account?.supportingCreatorCode ?? null);
  // One intent per visit, however often React runs the effect; its key makes a retried request safe.
  const started = useRef(false);
  // A buyer who leaves while the order is made: its address is not written over the next page's.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // An order from the address when the page opened (a reload), not one made on this visit.
  const [resumed] = useState(resume !== null);
  const intent = useCommand(
    (key, product: string, money: typeof currency) => createPurchaseIntent(product, money, key),
    {
      idempotent: true,
    },
  );
  const order = useLiveDocument<PaymentOrder>(orderId ? orderDoc(db, orderId) : null);

  useEffect(() => {
    if (started.current || resume) return;
    started.current = true;
    void intent.run(productId, currency).then((answer) => {
      if (!answer.ok) {
        // No answer, or the server's own failure: the same again may go; a refusal would not.
        setRetryable(answer.error.code === 'network' || answer.error.statusCode >= 500);
        return setFailure(intent.errorText(answer.error));
      }
      setOrderId(answer.value.orderID);
      if (mounted.current) onOrder(answer.value.orderID);
    });
  }, [currency, intent, onOrder, productId, resume]);
  // An order from the address that is not this buyer's, or not this bundle in this currency (the
  // rules answer another buyer's order as missing).
  const unknownOrder =
    order.status === 'missing' ||
    order.status === 'error' ||
    (order.status === 'ready' && (order.data.productId !== productId || order.data.currency !== currency));

  /** What PayPal's onApprove does: the server captures and credits once; the order shows the result. */
  async function complete(id: string): Promise<void> {
    try {
      await completeOrder(id);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'payment-declined' || apiError.code === 'payment-cancelled') return;
      if (apiError.code === 'payment-not-approved') setFailure(t('checkout.not-approved'));
      else setFailure(t('checkout.failed', { message: apiErrorText(t, apiError) }));
    }
  }

  async function sandbox(action: 'approve' | 'decline' | 'cancel') {
    if (!orderId) return;
    setBusy(true);
    setFailure(null);
    try {
      await sandboxAction(orderId, action);
      await complete(orderId);
    } catch (error) {
      setFailure(t('checkout.failed', { message: apiErrorText(t, error) }));
    } finally {
      setBusy(false);
    }
  }

  const price = formatCents(locale, product.prices[currency] ?? 0, currency);
  // The live order decides (PayPal's webhook may complete it before our own call returns); a
  // cancel in PayPal's window (onCancel) never reaches the order, so it is kept locally.
  const status = order.status === 'ready' ? order.data.status : null;
  const shown: Outcome =
    status === 'COMPLETED'
      ? 'completed'
      : status === 'DECLINED'
        ? 'declined'
        : status === 'EXPIRED'
          ? 'expired'
          : status === 'CANCELLED' || cancelledInPayPal
            ? 'cancelled'
            : null;
  useFocusedPageDone(shown === 'completed');
  // Approve, decline or cancel gives way to what came of it: the keyboard goes on from this panel.
  const panel = useStepFocus<HTMLElement>(shown);

  if (resumed && unknownOrder)
    return (
      <div className="stack" data-testid="checkout-unknown-order">
        <ErrorPanel title={t('errors.error')} message={t('checkout.unknown-order')} />
        <Button variant="ghost" onClick={onRestart}>
          {t('checkout.back-to-shop')}
        </Button>
      </div>
    );

  return (
    <section className="card stack checkout" data-testid="checkout" ref={panel} tabIndex={-1}>
      <h2>{t('checkout.summary', { coins: formatCoins(locale, product.bucks), price })}</h2>
      {supporting && shown !== 'declined' && shown !== 'cancelled' && shown !== 'expired' ? (
        <p className="muted small" data-testid="checkout-supports">
          {t('checkout.supports', { code: supporting, coins: formatCoins(locale, creatorEarning(product.bucks)) })}
        </p>
      ) : null}
      {shown === 'completed' ? (
        <div className="stack">
          <p className="success" role="status" data-testid="checkout-completed">
            {t('checkout.completed', { coins: formatCoins(locale, product.bucks) })}
          </p>
          {/* Where the coins and their history are: the balance in the header opens the shop. */}
          <div className="row wrap">
            <BackLink back={back} primary />
            <LocalLink
              className="btn btn-secondary"
              to={paths.profile.getHref('coins')}
              data-testid="checkout-see-coins"
            >
              {t('checkout.see-coins')}
            </LocalLink>
            <Button variant="ghost" onClick={onRestart}>
              {t('checkout.buy-more')}
            </Button>
          </div>
        </div>
      ) : shown === 'declined' || shown === 'cancelled' || shown === 'expired' ? (
        <div className="stack">
          <p className="form-error" role="alert" data-testid="checkout-failed">
            {t(`checkout.${shown}`)}
          </p>
          {/* A declined card's buyer tries again (another card, PayPal's balance) without choosing the
              bundle anew: its only way on was back to the bundles (walk AB). */}
          <TryAgain onRetry={onRetry} onRestart={onRestart}>
            <BackLink back={back} />
          </TryAgain>
        </div>
      ) : !orderId || (resumed && order.status === 'loading') ? (
        failure ? null : (
          <Spinner label={t(resumed ? 'common.loading' : 'checkout.creating')} />
        )
      ) : isLocalSandbox ? (
        <div className="sandbox-panel stack" data-testid="paypal-sandbox">
          <h3>{t('checkout.sandbox.title')}</h3>
          <p className="muted">{t('checkout.sandbox.body')}</p>
          {busy ? <Spinner label={t('checkout.completing')} /> : null}
          <div className="row wrap">
            <Button busy={busy} disabled={busy} onClick={() => void sandbox('approve')}>
              {t('checkout.sandbox.approve')}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => void sandbox('decline')}>
              {t('checkout.sandbox.decline')}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => void sandbox('cancel')}>
              {t('checkout.sandbox.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <PayPalButtonsPanel
            orderId={orderId}
            currency={currency}
            onApprove={() => complete(orderId)}
            onCancel={() => setCancelledInPayPal(true)}
            onError={(message) => setFailure(t('checkout.failed', { message }))}
          />
        </Suspense>
      )}
      {/* What the live order came to replaces a failure of our own call: an approval whose answer was
          lost completed it nonetheless (walk AH). */}
      <FormError message={shown ? null : failure} />
      {/* No order made: offline, say, the same bundle again, as after a decline (walk AD). */}
      {failure && !orderId ? (
        retryable ? (
          <TryAgain onRetry={onRetry} onRestart={onRestart} />
        ) : (
          <Button variant="ghost" onClick={onRestart}>
            {t('checkout.back-to-shop')}
          </Button>
        )
      ) : null}
    </section>
  );
}

export default function CheckoutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageTitle(t('checkout.title'));
  const [params, setParams] = useSearchParams();
  const productId = params.get('product');
  const requested = params.get('currency');
  const currency: Currency = requested === 'USD' || requested === 'EUR' ? requested : currencyForLocale(locale);
  const products = useProducts();
  // A new purchase gets a fresh component (and a fresh intent) each time.
  const [attempt, setAttempt] = useState(0);

  const next = params.get('next');
  const back = backTarget(next, window.location.origin);
  // The page that sent the player here stays in the address from the bundles to the outcome.
  const kept = back && next ? { next } : undefined;
  const choose = (id: string) => {
    setAttempt((value) => value + 1);
    setParams({ product: id, currency, ...kept });
  };
  const restart = () => setParams({ ...kept });
  // The same bundle as a new purchase, in place of the last in the history: the header's Cancel
  // still leads where it did. It starts a new order at once, though the router's update of the
  // address (a transition) renders after this state's, still naming the last order; the keyboard
  // waits on the step, as the button it was on goes.
  const [retried, setRetried] = useState(false);
  const retry = (id: string) => {
    step.current?.focus();
    setRetried(true);
    setAttempt((value) => value + 1);
    setParams({ product: id, currency, ...kept }, { replace: true });
  };
  const resume = params.get('order');
  // The order made goes into the address in place of the bare bundle (a reload shows it).
  const onOrder = useCallback(
    (orderId: string) =>
      setParams(
        (current) => {
          const address = new URLSearchParams(current);
          address.set('order', orderId);
          return address;
        },
        { replace: true },
      ),
    [setParams],
  );

  // A bundle chosen, or back to the bundles: the keyboard goes on from the step shown.
  const step = useStepFocus<HTMLDivElement>(productId);
  let body;
  if (!productId) body = <CoinShop onChoose={choose} />;
  else if (products.status === 'loading') body = <Spinner label={t('common.loading')} />;
  else if (products.status === 'error') body = <ErrorPanel title={t('errors.error')} message={t('shop.load-failed')} />;
  else {
    const product = products.items.find((item) => item.id === productId);
    body =
      product && product.prices[currency] ? (
        <Purchase
          key={`${productId}:${currency}:${attempt}`}
          productId={productId}
          product={product}
          currency={currency}
          resume={retried ? null : resume}
          back={back}
          onOrder={onOrder}
          onRestart={restart}
          onRetry={() => retry(productId)}
        />
      ) : (
        <div className="stack">
          <ErrorPanel title={t('errors.error')} message={t('checkout.unknown-product')} />
          <Button variant="ghost" onClick={restart}>
            {t('checkout.back-to-shop')}
          </Button>
        </div>
      );
  }

  return (
    <div className="page page-narrow">
      <PageHeader title={t('checkout.title')} />
      <div ref={step} tabIndex={-1} data-testid="checkout-step">
        {body}
      </div>
    </div>
  );
}
