// Payouts in the PayPal stand-in (scripts/paypal-stand-in.mjs): POST /v1/payments/payouts with
// its failures on demand, GET /v1/payments/payouts/:batchId, and how often each sender_batch_id was
// sent. The failures are those the stand-in's header lists ("+deny", "+unavailable", "+down-once",
// "+refused", "+down-then-refused", "+down-then-invalid", "+lost", "+later", "+silent").
import { randomBytes } from 'node:crypto';

/** An id in PayPal's shape: upper-case letters and digits after an optional prefix. */
export const id = (prefix = '', length = 17) =>
  prefix +
  randomBytes(length)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, length);

/**
 * The stand-in's payouts, answering through its `send`, `error` and `remember` (idempotent replies)
 * and announcing each batch's outcome through `emit` (its webhooks).
 */
export function createPayouts({ send, error, emit }) {
  const payouts = new Map();
  const payoutsBySender = new Map(); // sender_batch_id → batch
  const downOnce = new Set(); // sender_batch_ids already answered 503 once ("+down-once")
  const payoutSends = new Map(); // sender_batch_id → how many times a payout with it was asked for

  function payoutView(batch) {
    let status = batch.status;
    if (status === 'PENDING' && Date.now() >= batch.settlesAt) {
      status = batch.items.some((item) => item.payout_item.receiver.includes('+deny')) ? 'DENIED' : 'SUCCESS';
      batch.status = status;
      if (!batch.items.some((item) => item.payout_item.receiver.includes('+silent')))
        emit(`PAYMENT.PAYOUTSBATCH.${status}`, {
          batch_header: {
            payout_batch_id: batch.id,
            batch_status: status,
            sender_batch_header: batch.senderBatchHeader,
          },
        });
    }
    const itemStatus = status === 'SUCCESS' ? 'SUCCESS' : status === 'DENIED' ? 'FAILED' : 'PENDING';
    return {
      batch_header: {
        payout_batch_id: batch.id,
        batch_status: status,
        sender_batch_header: batch.senderBatchHeader,
        time_created: batch.created,
      },
      items: batch.items.map((item) => ({ ...item, transaction_status: itemStatus })),
    };
  }

  return {
    /** Every ask for a payout counts, replayed or not (POST /__sandbox/payouts/sends). */
    count(senderBatchId) {
      if (typeof senderBatchId === 'string') payoutSends.set(senderBatchId, (payoutSends.get(senderBatchId) ?? 0) + 1);
    },
    sends: (senderBatchId) => ({
      sends: payoutSends.get(senderBatchId) ?? 0,
      batchId: payoutsBySender.get(senderBatchId)?.id ?? null,
    }),
    /** POST /v1/payments/payouts. */
    create(req, res, body, remember) {
      const items = body?.items;
      if (
        !body?.sender_batch_header?.sender_batch_id ||
        !Array.isArray(items) ||
        items.length === 0 ||
        items.some((item) => !item.receiver || !/^\d+\.\d{2}$/.test(item.amount?.value ?? ''))
      ) {
        return error(res, 400, 'VALIDATION_ERROR', 'Invalid request - see details.');
      }
      const senderBatchId = body.sender_batch_header.sender_batch_id;
      const earlier = payoutsBySender.get(senderBatchId);
      if (earlier) {
        const href = `http://${req.headers.host}/v1/payments/payouts/${earlier.id}`;
        return send(res, 400, {
          name: 'USER_BUSINESS_ERROR',
          message: 'User business error.',
          debug_id: id('', 13).toLowerCase(),
          details: [
            {
              field: 'SENDER_BATCH_ID',
              location: 'body',
              issue: `Batch with given sender_batch_id already exists: ${senderBatchId}`,
              link: [{ href, rel: 'self', method: 'GET', encType: 'application/json' }],
            },
          ],
          links: [],
        });
      }
      const once = (tag) => items.some((item) => item.receiver.includes(tag));
      const downBefore = downOnce.has(senderBatchId);
      if (once('+refused'))
        return error(res, 422, 'UNPROCESSABLE_ENTITY', 'Sender does not have sufficient funds.', 'INSUFFICIENT_FUNDS');
      if (once('+down-then-refused') && downBefore)
        return error(res, 422, 'UNPROCESSABLE_ENTITY', 'Sender does not have sufficient funds.', 'INSUFFICIENT_FUNDS');
      if (once('+down-then-invalid') && downBefore)
        return error(res, 400, 'VALIDATION_ERROR', 'Invalid request - see details.', 'INVALID_PARAMETER_VALUE');
      const firstDown = once('+down-once') || once('+down-then-refused') || once('+down-then-invalid');
      const down = once('+unavailable') || (firstDown && !downBefore);
      if (down) {
        downOnce.add(senderBatchId);
        return error(res, 503, 'SERVICE_UNAVAILABLE', 'Service Unavailable.');
      }
      const later = items.some((item) => item.receiver.includes('+later')) ? 2000 : 0;
      const batch = {
        id: id('', 13),
        status: 'PENDING',
        senderBatchHeader: body.sender_batch_header,
        created: new Date().toISOString(),
        settlesAt: Date.now() + later,
        items: items.map((item) => ({ payout_item_id: id('', 13), payout_item: item })),
      };
      payouts.set(batch.id, batch);
      payoutsBySender.set(senderBatchId, batch);
      setTimeout(() => payoutView(batch), later + 100);
      if (items.some((item) => item.receiver.includes('+lost')))
        return error(res, 503, 'SERVICE_UNAVAILABLE', 'Service Unavailable.');
      return remember(201, {
        batch_header: {
          payout_batch_id: batch.id,
          batch_status: 'PENDING',
          sender_batch_header: batch.senderBatchHeader,
        },
      });
    },
    /** GET /v1/payments/payouts/:batchId. */
    get(res, batchId) {
      const batch = payouts.get(batchId);
      if (!batch) return error(res, 404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
      return send(res, 200, payoutView(batch));
    },
  };
}
