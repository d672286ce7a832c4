import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { statsMonth } from '@versus/domain/users/statistics';
import { publishPlatformFigures } from '../src/users/statistics';
import { call } from './helpers';

/**
 * The landing page's figures as the sweeper publishes them (statistics/user_statistics): the sums
 * of the shards. The shards live in a project of their own on the same emulator, so the suite's
 * other files, which move the real ones all the time, cannot change the sums under the test.
 */
const db: Firestore = getFirestore(initializeApp({ projectId: 'demo-figures' }, 'figures'));
const NOW = Date.UTC(2026, 10, 20, 12);
const MONTH = statsMonth(NOW);

async function world(shards: { players: number; battles: number; coinsWon: number }[]) {
  for (const name of ['statistics', 'counters']) {
    const docs = await db.collection(name).listDocuments();
    await Promise.all(docs.map((doc) => db.recursiveDelete(doc)));
  }
  const batch = db.batch();
  shards.forEach((shard, index) => {
    batch.set(db.doc(`statistics/user_statistics/shards/${index}`), shard);
    batch.set(db.doc(`statistics/user_statistics/months/${MONTH}/shards/${index}`), { tournamentsStarted: index + 1 });
    batch.set(db.doc(`counters/battles/shards/${index}`), { count: 10 * (index + 1) });
  });
  // Another month's tournaments are not this month's.
  batch.set(db.doc('statistics/user_statistics/months/2026-10/shards/0'), { tournamentsStarted: 50 });
  await batch.commit();
}

const published = async () => (await db.doc('statistics/user_statistics').get()).data();

describe('the platform figures the sweeper publishes', () => {
  beforeEach(() =>
    world([
      { players: 3, battles: 5, coinsWon: 260 },
      { players: 2, battles: 0, coinsWon: 130 },
      { players: 1, battles: 2, coinsWon: 0 },
    ]),
  );

  it('are the sums of the shards, this month’s tournaments only; unchanged figures are not written again', async () => {
    expect(await publishPlatformFigures(NOW, db)).toBe(true);
    expect(await published()).toMatchObject({
      players: 6,
      battles: 7,
      coinsWon: 390,
      month: '2026-11',
      tournamentsStarted: 6,
      campaignBattles: 60,
    });
    const first = await db.doc('statistics/user_statistics').get();
    expect(await publishPlatformFigures(NOW, db)).toBe(false);
    expect((await db.doc('statistics/user_statistics').get()).updateTime).toEqual(first.updateTime);
    // A battle ends: the next sweep publishes it. In a month with no tournaments yet, that month's 0.
    await db.doc('statistics/user_statistics/shards/1').update({ battles: 1, coinsWon: 390 });
    expect(await publishPlatformFigures(Date.UTC(2026, 11, 1), db)).toBe(true);
    expect(await published()).toMatchObject({ battles: 8, coinsWon: 650, month: '2026-12', tournamentsStarted: 0 });
  });

  it('two sweeps at once write once, and what they write is the sums', async () => {
    const outcomes = await Promise.all([publishPlatformFigures(NOW, db), publishPlatformFigures(NOW, db)]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await published()).toMatchObject({ players: 6, battles: 7, coinsWon: 390, campaignBattles: 60 });
  });

  it('the sweep route publishes on a full sweep or when asked, and refuses a malformed ask', async () => {
    const refused = await call('/internal/sweep', { body: { figures: 'yes' } });
    expect(refused.status).toBe(400);
    const asked = await call('/internal/sweep', { body: { figures: true } });
    expect(asked.status).toBe(200);
    expect(asked.body.figuresPublished).toBeTypeOf('number');
    const scoped = await call('/internal/sweep', { body: { battles: [] } });
    expect(scoped.body.figuresPublished).toBe(0);
  });
});
