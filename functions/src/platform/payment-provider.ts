/**
 * The PaymentProvider adapter (DESIGN §3). One implementation, PayPal's REST API over fetch, with
 * its base URL from the environment: PayPal in production, the loopback stand-in locally.
 * (`@paypal/paypal-server-sdk` was the first choice, but it only knows PayPal's two hosts, and
 * it has no Payouts or identity calls, so it cannot serve either the stand-in or withdrawals.)
 */
export interface CreatedOrder {
  orderId: string;
}

export type CaptureResult =
  | { outcome: 'COMPLETED'; captureId: string }
  | { outcome: 'NOT_APPROVED' }
  | { outcome: 'DECLINED' }
  | { outcome: 'VOIDED' };

export type PayoutStatus = 'PENDING' | 'SUCCESS' | 'DENIED';

export interface ConnectedAccount {
  payerId: string;
  email: string;
  emailVerified: boolean;
}

export interface PaymentProvider {
  createOrder(input: {
    requestId: string;
    currency: string;
    value: string;
    customId: string;
    description: string;
  }): Promise<CreatedOrder>;
  /**
   * Captures an approved order; capturing an already captured order reports COMPLETED. An order
   * not approved yet is reported NOT_APPROVED without a capture being sent (see the implementation).
   */
  captureOrder(orderId: string): Promise<CaptureResult>;
  /** PayPal's status of an order: CREATED, SAVED, APPROVED, VOIDED, COMPLETED or PAYER_ACTION_REQUIRED. */
  orderStatus(orderId: string): Promise<string>;
  createPayout(input: {
    payoutId: string;
    receiver: string;
    currency: string;
    value: string;
    note: string;
  }): Promise<{ batchId: string }>;
  payoutStatus(batchId: string): Promise<PayoutStatus>;
  /**
   * A payout batch as PayPal holds it: its status and the sender_batch_id it was made for (our
   * payout's id), or null when PayPal has no batch of that id.
   */
  payoutBatch(batchId: string): Promise<{ status: PayoutStatus; senderBatchId: string | null } | null>;
  /** Exchanges a "Log in with PayPal" authorization code for the account's identity. */
  connectedAccount(code: string): Promise<ConnectedAccount>;
  /**
   * Checks a webhook's signature with PayPal; null when no webhook id is configured. Handlers
   * act on the ids in an event only after asking PayPal, so an unverified event cannot move coins.
   */
  verifyWebhook(headers: Record<string, string | undefined>, event: unknown): Promise<boolean | null>;
  /** Where the browser goes to connect an account. */
  connectUrl: string;
  clientId: string;
}

/** A provider call failed (network, 5xx, unexpected answer): nothing was decided. */
export class ProviderUnavailable extends Error {}
/** The provider refused the request itself (4xx): e.g. a bad authorization code. */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly issue: string,
    /** PayPal's error name (VALIDATION_ERROR, USER_BUSINESS_ERROR, …), where it gave one. */
    readonly errorName?: string,
  ) {
    super(message);
  }
}

interface PayPalLink {
  href?: string;
}
interface PayPalError {
  name?: string;
  message?: string;
  error?: string;
  details?: { field?: string; issue?: string; link?: PayPalLink[] }[];
  links?: PayPalLink[];
}

/**
 * PayPal refuses a sender_batch_id it has had in the last 30 days "with an error message that shows
 * the duplicate sender_batch_id and includes a HATEOAS link to the original payout": the batch it
 * made then, when the refusal is that one. (Undefined for any other refusal.)
 */
function earlierBatch(body: PayPalError): { batchId?: string } | undefined {
  const duplicate = body.details?.filter(
    (detail) =>
      /sender_batch_id/i.test(`${detail.field ?? ''} ${detail.issue ?? ''}`) &&
      /already|duplicate/i.test(detail.issue ?? ''),
  );
  if (!duplicate?.length) return undefined;
  for (const { href } of [...duplicate.flatMap((detail) => detail.link ?? []), ...(body.links ?? [])]) {
    const batchId = /\/v1\/payments\/payouts\/([^/?#]+)/.exec(href ?? '')?.[1];
    if (batchId) return { batchId: decodeURIComponent(batchId) };
  }
  return {};
}

const TIMEOUT_MS = 10_000;

export function paypalProvider(env: NodeJS.ProcessEnv = process.env): PaymentProvider {
  const base = env.PAYPAL_API_BASE ?? 'https://api-m.sandbox.paypal.com';
  const clientId = env.PAYPAL_CLIENT_ID ?? '';
  const secret = env.PAYPAL_CLIENT_SECRET ?? '';
  const webhookId = env.PAYPAL_WEBHOOK_ID;
  let token: { value: string; expiresAt: number } | null = null;

  async function call<T>(
    path: string,
    init: RequestInit & { auth?: string } = {},
  ): Promise<{ status: number; body: T & PayPalError }> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (cause) {
      throw new ProviderUnavailable(`PayPal could not be reached: ${String(cause)}`);
    }
    const text = await response.text();
    let body: T & PayPalError;
    try {
      body = (text ? JSON.parse(text) : {}) as T & PayPalError;
    } catch {
      throw new ProviderUnavailable(`PayPal answered ${response.status} without JSON`);
    }
    // A 429 decided nothing either: PayPal asks to be asked again later.
    if (response.status >= 500 || response.status === 429)
      throw new ProviderUnavailable(`PayPal answered ${response.status} ${body.name ?? ''}`);
    return { status: response.status, body };
  }

  async function payoutBatch(batchId: string): ReturnType<PaymentProvider['payoutBatch']> {
    const { status, body } = await api<{
      batch_header: { batch_status: string; sender_batch_header?: { sender_batch_id?: string } };
    }>(`/v1/payments/payouts/${encodeURIComponent(batchId)}`, 'GET');
    // PayPal answers an unknown id 404 INVALID_RESOURCE_ID, and one it cannot read 400.
    if (status === 404 || status === 400) return null;
    if (status !== 200 || !body.batch_header)
      throw new ProviderUnavailable(`PayPal answered ${status} for payout ${batchId} without its batch`);
    const state = body.batch_header.batch_status;
    return {
      status: state === 'SUCCESS' ? 'SUCCESS' : state === 'DENIED' || state === 'CANCELED' ? 'DENIED' : 'PENDING',
      senderBatchId: body.batch_header.sender_batch_header?.sender_batch_id ?? null,
    };
  }

  const basic = () => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

  async function appToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const { status, body } = await call<{ access_token: string; expires_in: number }>('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (status !== 200) throw new ProviderUnavailable(`PayPal refused the app credentials (${status})`);
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  async function api<T>(path: string, method: 'GET' | 'POST', body?: unknown, requestId?: string) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await appToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    return call<T>(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  const issue = (body: PayPalError) => body.details?.[0]?.issue ?? body.name ?? body.error ?? 'UNKNOWN';

  async function orderStatus(orderId: string): Promise<string> {
    const { status, body } = await api<{ status?: string }>(
      `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
      'GET',
    );
    if (status === 404) throw new ProviderRefused('PayPal does not know this order', 'RESOURCE_NOT_FOUND');
    if (status !== 200 || !body.status) throw new ProviderUnavailable(`PayPal answered ${status} to an order look-up`);
    return body.status;
  }

  return {
    clientId,
    connectUrl: env.PAYPAL_CONNECT_URL ?? 'https://www.sandbox.paypal.com/connect',

    async createOrder({ requestId, currency, value, customId, description }) {
      const { status, body } = await api<{ id: string }>(
        '/v2/checkout/orders',
        'POST',
        {
          intent: 'CAPTURE',
          purchase_units: [
            { reference_id: customId, custom_id: customId, description, amount: { currency_code: currency, value } },
          ],
        },
        requestId,
      );
      if (status !== 201 && status !== 200)
        throw new ProviderRefused(`PayPal refused the order (${status})`, issue(body));
      return { orderId: body.id };
    },

    orderStatus,

    async captureOrder(orderId) {
      // PayPal replays its first answer to a PayPal-Request-Id. Were a capture sent before the
      // buyer approved, its ORDER_NOT_APPROVED would be replayed for good and the order could never
      // complete; so the order is looked up first and a capture, keyed per order, is only ever sent
      // for an approved one (a retry of it then replays the honest answer).
      const current = await orderStatus(orderId);
      if (current === 'CREATED' || current === 'SAVED' || current === 'PAYER_ACTION_REQUIRED')
        return { outcome: 'NOT_APPROVED' };
      if (current === 'VOIDED') return { outcome: 'VOIDED' };
      const { status, body } = await api<{
        status: string;
        purchase_units?: { payments?: { captures?: { id: string; status: string }[] } }[];
      }>(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, 'POST', {}, `capture-${orderId}`);
      const capture = body.purchase_units?.[0]?.payments?.captures?.[0];
      if ((status === 201 || status === 200) && body.status === 'COMPLETED' && capture?.status === 'COMPLETED')
        return { outcome: 'COMPLETED', captureId: capture.id };
      const problem = issue(body);
      if (problem === 'ORDER_ALREADY_CAPTURED' || problem === 'ORDER_COMPLETED_OR_VOIDED') {
        const order = await api<{ status: string; purchase_units?: { payments?: { captures?: { id: string }[] } }[] }>(
          `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
          'GET',
        );
        const id = order.body.purchase_units?.[0]?.payments?.captures?.[0]?.id;
        if (order.body.status === 'COMPLETED' && id) return { outcome: 'COMPLETED', captureId: id };
      }
      if (problem === 'ORDER_NOT_APPROVED' || problem === 'PAYER_ACTION_REQUIRED') return { outcome: 'NOT_APPROVED' };
      if (problem === 'INSTRUMENT_DECLINED' || problem === 'TRANSACTION_REFUSED' || problem === 'PAYER_CANNOT_PAY')
        return { outcome: 'DECLINED' };
      if (problem === 'ORDER_COMPLETED_OR_VOIDED' || problem === 'ORDER_EXPIRED') return { outcome: 'VOIDED' };
      if (status === 404) throw new ProviderRefused('PayPal does not know this order', 'RESOURCE_NOT_FOUND');
      throw new ProviderUnavailable(`PayPal answered ${status} ${problem} to a capture`);
    },

    async createPayout({ payoutId, receiver, currency, value, note }) {
      const { status, body } = await api<{ batch_header: { payout_batch_id: string } }>(
        '/v1/payments/payouts',
        'POST',
        {
          sender_batch_header: {
            sender_batch_id: payoutId,
            email_subject: 'You have a payout from Versus',
            email_message: note,
          },
          items: [{ recipient_type: 'EMAIL', amount: { value, currency }, receiver, note, sender_item_id: payoutId }],
        },
        `payout-${payoutId}`,
      );
      if (status !== 201 && status !== 200) {
        // Sent again (the sweeper's resumePayout): PayPal has it already, and this is its batch.
        const earlier = earlierBatch(body);
        if (earlier?.batchId) return { batchId: earlier.batchId };
        // PayPal has it but did not say where: never a refusal (that would refund what PayPal pays).
        if (earlier) throw new ProviderUnavailable(`PayPal has payout ${payoutId} but did not link its batch`);
        throw new ProviderRefused(`PayPal refused the payout (${status})`, issue(body), body.name);
      }
      return { batchId: body.batch_header.payout_batch_id };
    },

    async payoutStatus(batchId) {
      const batch = await payoutBatch(batchId);
      if (!batch) throw new ProviderUnavailable(`PayPal has no payout ${batchId}`);
      return batch.status;
    },

    payoutBatch,

    async connectedAccount(code) {
      const exchange = await call<{ access_token: string }>('/v1/oauth2/token', {
        method: 'POST',
        headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code }).toString(),
      });
      if (exchange.status !== 200)
        throw new ProviderRefused('PayPal refused the authorization code', issue(exchange.body));
      const info = await call<{
        payer_id?: string;
        user_id: string;
        emails?: { value: string; primary?: boolean; confirmed?: boolean }[];
        verified_account?: boolean;
      }>('/v1/identity/oauth2/userinfo?schema=paypalv1.1', {
        headers: { authorization: `Bearer ${exchange.body.access_token}` },
      });
      if (info.status !== 200) throw new ProviderRefused('PayPal did not share the account', issue(info.body));
      const email = info.body.emails?.find((item) => item.primary) ?? info.body.emails?.[0];
      if (!email) throw new ProviderRefused('PayPal did not share an e-mail address', 'NO_EMAIL');
      return {
        payerId: info.body.payer_id ?? info.body.user_id.split('/').pop() ?? info.body.user_id,
        email: email.value,
        emailVerified: email.confirmed === true && info.body.verified_account !== false,
      };
    },

    async verifyWebhook(headers, event) {
      if (!webhookId) return null;
      const { status, body } = await api<{ verification_status: string }>(
        '/v1/notifications/verify-webhook-signature',
        'POST',
        {
          auth_algo: headers['paypal-auth-algo'],
          cert_url: headers['paypal-cert-url'],
          transmission_id: headers['paypal-transmission-id'],
          transmission_sig: headers['paypal-transmission-sig'],
          transmission_time: headers['paypal-transmission-time'],
          webhook_id: webhookId,
          webhook_event: event,
        },
      );
      return status === 200 && body.verification_status === 'SUCCESS';
    },
  };
}

let shared: PaymentProvider | null = null;
export const paymentProvider = (): PaymentProvider => (shared ??= paypalProvider());
