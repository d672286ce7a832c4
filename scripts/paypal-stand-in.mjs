// A PayPal-compatible stand-in on loopback (DESIGN §3: PayPal is unreachable here). It speaks the
// subset of PayPal's REST API that Versus uses, with PayPal's paths, status values and error
// shapes, so the same PaymentProvider adapter talks to it locally and to PayPal in production:
//   POST /v1/oauth2/token                        client credentials, or an authorization code
//   POST /v2/checkout/orders                     create (PayPal-Request-Id makes it idempotent)
//   GET  /v2/checkout/orders/:id
//   POST /v2/checkout/orders/:id/capture         422 ORDER_NOT_APPROVED / ORDER_ALREADY_CAPTURED /
//                                                INSTRUMENT_DECLINED like PayPal
//   POST /v1/payments/payouts, GET /v1/payments/payouts/:batchId
//   GET  /v1/identity/oauth2/userinfo            "Log in with PayPal" profile (connect flow)
//   POST /v1/notifications/verify-webhook-signature
//   GET  /connect                                the consent page the connect flow redirects to
// and, standing in for the buyer's PayPal window:
//   POST /__sandbox/orders/:id/approve | decline | cancel   approve {webhook: false}: no
//                                                            CHECKOUT.ORDER.APPROVED for it (as if lost)
//   POST /__sandbox/connect/codes                {email, verified} → {code}, for API tests
//   POST /__sandbox/webhooks/sign                {body: text} → the headers PayPal would sign it with
//   POST /__sandbox/webhooks/target              {url} → where webhooks go from now on (the benchmark host)
//   POST /__sandbox/payouts/sends                {senderBatchId} → {sends, batchId}: how often it was sent
// Failures on demand: a payout receiver containing "+deny" is DENIED after creation; at creation,
// "+unavailable" gets a 503 every time (nothing made), "+down-once" a 503 the first time its
// sender_batch_id is sent (nothing made; sent again, it is made), "+refused" a 422
// INSUFFICIENT_FUNDS (nothing made), "+down-then-refused" a 503 and then that 422,
// "+down-then-invalid" a 503 and then a 400 VALIDATION_ERROR, "+lost" a 503 although the batch was
// made (PayPal took it, its answer was lost); "+later" is decided two seconds after creation
// (PayPal still PENDING when asked at once; its webhook follows); "+silent" sends no webhook for
// the batch (its event lost too); "decline" makes the capture fail.
// Like PayPal, a sender_batch_id already used is refused (400 USER_BUSINESS_ERROR) with a link to
// the batch made for it.
// Webhooks (CHECKOUT.ORDER.APPROVED, PAYMENT.PAYOUTSBATCH.*) are signed and posted to
// PAYPAL_STANDIN_WEBHOOK_URL when set. Only Node built-ins: it starts before anything is built.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createPayouts, id } from './lib/paypal-payouts.mjs';

export const STAND_IN_PORT = Number(process.env.PAYPAL_STANDIN_PORT ?? 5010);
export const SANDBOX_CLIENT_ID = 'versus-local-sandbox';
export const SANDBOX_CLIENT_SECRET = 'versus-local-sandbox-secret';
export const SANDBOX_WEBHOOK_ID = 'WH-VERSUS-LOCAL';
const SIGNING_SECRET = 'versus-local-webhook-signing-secret';

export function createStandIn({
  webhookUrl = process.env.PAYPAL_STANDIN_WEBHOOK_URL,
  webhookId = SANDBOX_WEBHOOK_ID,
} = {}) {
  const appTokens = new Set();
  const userTokens = new Map(); // token → connect profile
  const connectCodes = new Map(); // code → profile
  const orders = new Map();
  const replies = new Map(); // PayPal-Request-Id → earlier answer

  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const error = (res, status, name, message, issue) =>
    send(res, status, {
      name,
      message,
      debug_id: id('', 13).toLowerCase(),
      ...(issue ? { details: [{ issue, description: message }] } : {}),
    });

  const readBody = (req) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  function signWebhook(body) {
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const digest = createHash('sha256').update(body).digest('hex');
    const signature = createHmac('sha256', SIGNING_SECRET)
      .update(`${transmissionId}|${transmissionTime}|${webhookId}|${digest}`)
      .digest('base64');
    return {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': signature,
      'paypal-cert-url': `http://127.0.0.1:${STAND_IN_PORT}/v1/notifications/certs/local`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
  }

  function emit(eventType, resource) {
    if (!webhookUrl) return;
    const body = JSON.stringify({
      id: id('WH-', 20),
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: eventType.startsWith('PAYMENT.PAYOUTS') ? 'payouts' : 'checkout-order',
      event_type: eventType,
      resource,
    });
    // Like PayPal, delivery is after the fact and failures do not affect the API call.
    setTimeout(() => {
      fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signWebhook(body) },
        body,
      }).catch(() => {});
    }, 50);
  }

  const payouts = createPayouts({ send, error, emit });

  const orderView = (order) => {
    const { declined: _declined, requestId: _requestId, ...view } = order;
    return view;
  };

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const raw = method === 'GET' ? '' : await readBody(req);
    const json = () => {
      try {
        return raw ? JSON.parse(raw) : {};
      } catch {
        return undefined;
      }
    };
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const requestId = req.headers['paypal-request-id'];
    const remember = (status, body) => {
      if (typeof requestId === 'string') replies.set(`${path}|${requestId}`, { status, body });
      send(res, status, body);
    };

    if (method === 'OPTIONS') return send(res, 204);
    if (path === '/health') return send(res, 200, { ok: true });

    // The buyer's side: what PayPal's window does for a real buyer.
    let match = path.match(/^\/__sandbox\/orders\/([^/]+)\/(approve|decline|cancel)$/);
    if (match && method === 'POST') {
      const order = orders.get(match[1]);
      if (!order)
        return error(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      if (order.status !== 'CREATED' && order.status !== 'APPROVED') {
        return error(res, 422, 'UNPROCESSABLE_ENTITY', `The order is ${order.status}.`, 'ORDER_NOT_APPROVABLE');
      }
      if (match[2] === 'cancel') {
        order.status = 'VOIDED';
        return send(res, 200, orderView(order));
      }
      const payerEmail = json()?.payerEmail ?? 'sandbox-buyer@example.com';
      const webhook = json()?.webhook !== false;
      order.status = 'APPROVED';
      order.declined = match[2] === 'decline';
      order.payer = {
        payer_id: id('', 13),
        email_address: payerEmail,
        name: { given_name: 'Sandbox', surname: 'Buyer' },
      };
      if (webhook) emit('CHECKOUT.ORDER.APPROVED', orderView(order));
      return send(res, 200, orderView(order));
    }
    if (path === '/__sandbox/webhooks/target' && method === 'POST') {
      const url = json()?.url;
      if (typeof url !== 'string' || !/^http:\/\/127\.0\.0\.1:\d+\//.test(url))
        return error(res, 400, 'INVALID_REQUEST', 'url must be a loopback http address');
      const previous = webhookUrl;
      webhookUrl = url;
      return send(res, 200, { url, previous });
    }
    if (path === '/__sandbox/payouts/sends' && method === 'POST')
      return send(res, 200, payouts.sends(json()?.senderBatchId));
    if (path === '/__sandbox/webhooks/sign' && method === 'POST') {
      const body = json()?.body;
      if (typeof body !== 'string') return error(res, 400, 'INVALID_REQUEST', 'body must be the event as text');
      return send(res, 200, { headers: signWebhook(body) });
    }
    if (path === '/__sandbox/connect/codes' && method === 'POST') {
      const body = json() ?? {};
      const code = id('C', 24);
      connectCodes.set(code, {
        email: body.email ?? 'sandbox-seller@example.com',
        verified: body.verified !== false,
        payerId: id('', 13),
      });
      return send(res, 201, { code });
    }

    // The consent page of "Log in with PayPal".
    if (path === '/connect' && method === 'GET') {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      const state = url.searchParams.get('state') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const esc = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal sandbox — connect</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:24rem;display:grid;gap:1rem}
h1{font-size:1.25rem;margin:0}p{margin:0;color:#555}label{display:grid;gap:.25rem}input[type=email]{padding:.5rem;font-size:1rem}
.row{display:flex;gap:.5rem}button{padding:.6rem 1rem;font-size:1rem;border-radius:20px;border:0;cursor:pointer}
.primary{background:#0070ba;color:#fff}.check{display:flex;gap:.5rem;align-items:center}</style></head><body>
<form method="post" action="/connect/authorize">
<h1>PayPal sandbox</h1><p>Local stand-in for “Log in with PayPal”. Versus asks to see your name and e-mail address.</p>
<input type="hidden" name="redirect_uri" value="${esc(redirect)}"><input type="hidden" name="state" value="${esc(state)}">
<label>PayPal account e-mail<input type="email" name="email" required value="sandbox-seller@example.com"></label>
<label class="check"><input type="checkbox" name="verified" checked> This account's e-mail is verified</label>
<div class="row"><button class="primary" name="decision" value="agree">Agree and connect</button><button name="decision" value="cancel" formnovalidate>Cancel</button></div>
</form></body></html>`);
    }
    if (path === '/connect/authorize' && method === 'POST') {
      const form = new URLSearchParams(raw);
      const target = new URL(form.get('redirect_uri') ?? '');
      target.searchParams.set('state', form.get('state') ?? '');
      if (form.get('decision') === 'agree') {
        const code = id('C', 24);
        connectCodes.set(code, {
          email: form.get('email') ?? '',
          verified: form.get('verified') === 'on',
          payerId: id('', 13),
        });
        target.searchParams.set('code', code);
      } else {
        target.searchParams.set('error', 'access_denied');
      }
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }

    if (path === '/v1/oauth2/token' && method === 'POST') {
      const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':');
      if (user !== SANDBOX_CLIENT_ID || pass !== SANDBOX_CLIENT_SECRET) {
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') === 'client_credentials') {
        const token = id('A21AA', 40);
        appTokens.add(token);
        return send(res, 200, {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-LOCAL',
          expires_in: 32400,
          nonce: id(),
        });
      }
      if (form.get('grant_type') === 'authorization_code') {
        const profile = connectCodes.get(form.get('code') ?? '');
        if (!profile)
          return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
        connectCodes.delete(form.get('code'));
        const token = id('A23AA', 40);
        userTokens.set(token, profile);
        return send(res, 200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 28800,
          refresh_token: id('R23AA', 40),
          scope: 'openid email',
        });
      }
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant type is not supported' });
    }

    if (path === '/v1/identity/oauth2/userinfo' && method === 'GET') {
      const profile = userTokens.get(bearer);
      if (!profile)
        return error(
          res,
          401,
          'AUTHENTICATION_FAILURE',
          'Authentication failed due to invalid authentication credentials.',
        );
      return send(res, 200, {
        user_id: `https://www.paypal.com/webapps/auth/identity/user/${profile.payerId}`,
        payer_id: profile.payerId,
        emails: [{ value: profile.email, primary: true, confirmed: profile.verified }],
        verified_account: profile.verified,
      });
    }

    if (!appTokens.has(bearer))
      return error(
        res,
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );
    // Every ask for a payout counts, replayed or not (POST /__sandbox/payouts/sends).
    if (path === '/v1/payments/payouts' && method === 'POST')
      payouts.count(json()?.sender_batch_header?.sender_batch_id);
    if (typeof requestId === 'string' && replies.has(`${path}|${requestId}`)) {
      const earlier = replies.get(`${path}|${requestId}`);
      return send(res, earlier.status, earlier.body);
    }

    if (path === '/v2/checkout/orders' && method === 'POST') {
      const body = json();
      const unit = body?.purchase_units?.[0];
      if (
        body?.intent !== 'CAPTURE' ||
        !unit?.amount ||
        !/^\d+(\.\d{2})?$/.test(unit.amount.value ?? '') ||
        !['USD', 'EUR'].includes(unit.amount.currency_code)
      ) {
        return error(
          res,
          400,
          'INVALID_REQUEST',
          'Request is not well-formed, syntactically incorrect, or violates schema.',
          'INVALID_PARAMETER_VALUE',
        );
      }
      const orderId = id('', 17);
      const order = {
        id: orderId,
        intent: 'CAPTURE',
        status: 'CREATED',
        purchase_units: [
          {
            reference_id: unit.reference_id ?? 'default',
            custom_id: unit.custom_id,
            description: unit.description,
            amount: unit.amount,
          },
        ],
        create_time: new Date().toISOString(),
        links: [
          { href: `http://127.0.0.1:${STAND_IN_PORT}/v2/checkout/orders/${orderId}`, rel: 'self', method: 'GET' },
          { href: `http://127.0.0.1:${STAND_IN_PORT}/checkoutnow?token=${orderId}`, rel: 'approve', method: 'GET' },
        ],
      };
      orders.set(orderId, order);
      return remember(201, orderView(order));
    }
    match = path.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/);
    if (match) {
      const order = orders.get(match[1]);
      if (!order)
        return error(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      if (!match[2] && method === 'GET') return send(res, 200, orderView(order));
      if (match[2] && method === 'POST') {
        if (order.status === 'COMPLETED')
          return remember(422, {
            name: 'UNPROCESSABLE_ENTITY',
            message: 'The requested action could not be performed.',
            details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }],
          });
        if (order.status === 'VOIDED')
          return remember(422, {
            name: 'UNPROCESSABLE_ENTITY',
            message: 'The requested action could not be performed.',
            details: [
              {
                issue: 'ORDER_COMPLETED_OR_VOIDED',
                description: 'Order is voided or completed and hence cannot be processed.',
              },
            ],
          });
        if (order.status !== 'APPROVED')
          return remember(422, {
            name: 'UNPROCESSABLE_ENTITY',
            message: 'The requested action could not be performed.',
            details: [
              { issue: 'ORDER_NOT_APPROVED', description: 'Payer has not yet approved the Order for payment.' },
            ],
          });
        if (order.declined)
          return remember(422, {
            name: 'UNPROCESSABLE_ENTITY',
            message: 'The requested action could not be performed.',
            details: [
              {
                issue: 'INSTRUMENT_DECLINED',
                description:
                  'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
              },
            ],
          });
        order.status = 'COMPLETED';
        order.purchase_units[0].payments = {
          captures: [
            {
              id: id('', 17),
              status: 'COMPLETED',
              amount: order.purchase_units[0].amount,
              custom_id: order.purchase_units[0].custom_id,
              final_capture: true,
              create_time: new Date().toISOString(),
            },
          ],
        };
        return remember(201, orderView(order));
      }
    }

    if (path === '/v1/payments/payouts' && method === 'POST') return payouts.create(req, res, json(), remember);
    match = path.match(/^\/v1\/payments\/payouts\/([^/]+)$/);
    if (match && method === 'GET') return payouts.get(res, match[1]);

    if (path === '/v1/notifications/verify-webhook-signature' && method === 'POST') {
      const body = json() ?? {};
      const digest = createHash('sha256')
        .update(JSON.stringify(body.webhook_event ?? null))
        .digest('hex');
      const expected = createHmac('sha256', SIGNING_SECRET)
        .update(`${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${digest}`)
        .digest('base64');
      const ok = body.webhook_id === webhookId && body.transmission_sig === expected;
      return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    return error(res, 404, 'NOT_FOUND', 'The specified resource does not exist.');
  }

  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type, authorization');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    handle(req, res).catch((cause) => {
      if (!res.headersSent) error(res, 500, 'INTERNAL_SERVER_ERROR', String(cause));
    });
  });
  return { server, signWebhook };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const { server } = createStandIn();
  server.listen(STAND_IN_PORT, '127.0.0.1', () => {
    console.log(`PayPal stand-in listening on http://127.0.0.1:${STAND_IN_PORT}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
