import { createHash, randomBytes } from 'node:crypto';
import { drawIndex, type CampaignDraw } from '@versus/domain/campaigns/campaign';
import { drawOpensAt } from '@versus/domain/campaigns/draw-window';
import { conflict } from '../errors/http-error';
import { runOptimistic } from '../platform/optimistic';
import { campaignEntriesCollection, campaignRef } from '../platform/collections';
import { notify } from '../notifications/notify';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** PUT /admin/campaigns/{month}: the prize the campaign notice advertises. */
export async function setCampaignPrize(month: string, prize: string, adminUid: string, now: number): Promise<void> {
  await campaignRef(month).set({ month, prize, updatedBy: adminUid, updatedAt: now }, { merge: true });
}

/**
 * POST /admin/campaigns/{month}/draw, once the month is over: one winner among the month's entries
 * (one per player per wagered battle). The record holds the entry count, a digest of the sorted
 * entry ids, the random seed and the index, so anyone can re-check it (docs/decisions/0035).
 * Entries only go to the month of their command's start, so the list cannot change once the last
 * command of the month has committed: the draw waits DRAW_AFTER_MS past the month for it. The
 * transaction makes a second draw impossible. The winner is notified in the same commit.
 */
export async function drawCampaign(month: string, adminUid: string, now: number): Promise<CampaignDraw> {
  if (now < drawOpensAt(month))
    throw conflict(
      'The draw opens ten minutes after the month ends, once all its battles are in.',
      'campaign-month-open',
    );
  const entries = await campaignEntriesCollection(month).select('uid').get();
  if (entries.empty) throw conflict('Nobody entered this month’s draw.', 'campaign-no-entries');
  const sorted = entries.docs
    .map((doc) => ({ id: doc.id, uid: String(doc.get('uid')) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const entriesDigest = sha256(sorted.map((entry) => entry.id).join('\n'));
  const seed = randomBytes(16).toString('hex');
  const winnerIndex = drawIndex(sha256(`${seed}:${entriesDigest}`), sorted.length);
  const draw: CampaignDraw = {
    drawnAt: now,
    drawnBy: adminUid,
    entries: sorted.length,
    entriesDigest,
    seed,
    winnerIndex,
    winnerEntry: sorted[winnerIndex]!.id,
    winner: sorted[winnerIndex]!.uid,
  };
  await runOptimistic(async (tx) => {
    const campaign = await tx.get(campaignRef(month));
    if (campaign.get('draw')) throw conflict('This month was already drawn.', 'campaign-already-drawn');
    tx.set(campaignRef(month), { month, draw }, { merge: true });
    // The winner hears it from Versus, with the prize the notice advertised (record 170).
    const prize = campaign.get('prize');
    notify(
      tx,
      draw.winner,
      { type: 'CAMPAIGN_DRAW_WON', campaign: { month, prize: typeof prize === 'string' && prize ? prize : null } },
      now,
    );
  });
  return draw;
}
