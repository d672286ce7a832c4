import { logger } from 'firebase-functions';
import type { PaymentProvider } from '../payments/provider';
import type { Clock } from '../platform/clock';
import { db } from '../platform/firebase';
import { settlePayout } from './payouts';

/** Payouts PayPal has not decided after this long are asked about by the sweeper. */
const PAYOUT_POLL_AFTER_MS = 5 * 60_000;

/** Polls PayPal for payouts still PROCESSING (its webhook may never come); settlePayout is idempotent. */
export async function sweepPayouts(provider: PaymentProvider, clock: Clock): Promise<number> {
  const due = await db
    .collection('payouts')
    .where('state', '==', 'PROCESSING')
    .where('createdAt', '<=', clock.now() - PAYOUT_POLL_AFTER_MS)
    .limit(50)
    .get();
  const settled = await Promise.all(
    due.docs.map((doc) =>
      settlePayout(provider, doc.id, clock).catch((error: unknown) => {
        logger.warn('payout poll failed', { payoutId: doc.id, error: String(error) });
        return 'PROCESSING' as const;
      }),
    ),
  );
  return settled.filter((state) => state !== 'PROCESSING').length;
}
