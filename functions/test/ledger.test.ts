import { describe, expect, it } from 'vitest';
import { runOptimistic } from '../src/platform/optimistic';
import { applyBalanceChange } from '../src/wallet/ledger';
import { adminDb, battleWonBy, call, coinHistoryOf, newUser, verifiedUser } from './helpers';

const funds = async (uid: string) => (await adminDb.doc(`users/${uid}/private/account`).get()).get('funds') as number;

describe('applyBalanceChange', () => {
  it('writes a ledger entry with the balance after, once per reason and ref', async () => {
    const user = await newUser();
    const grant = { uid: user.uid, delta: 500, reason: 'test-grant', ref: 'once' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => runOptimistic((tx) => applyBalanceChange(tx, grant, Date.now()))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await funds(user.uid)).toBe(500);
    const entries = await adminDb.collection('ledger').where('uid', '==', user.uid).get();
    expect(entries.docs.map((entry) => entry.data())).toMatchObject([
      { delta: 500, balanceAfter: 500, reason: 'test-grant' },
    ]);
  });

  it('never lets a balance go negative, however many debits race', async () => {
    const user = await newUser();
    await runOptimistic((tx) =>
      applyBalanceChange(tx, { uid: user.uid, delta: 300, reason: 'test-grant', ref: 'r' }, Date.now()),
    );
    const debits = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        runOptimistic((tx) =>
          applyBalanceChange(tx, { uid: user.uid, delta: -100, reason: 'test-debit', ref: `d${index}` }, Date.now()),
        ),
      ),
    );
    expect(debits.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(await funds(user.uid)).toBe(0);
    const entries = await adminDb.collection('ledger').where('uid', '==', user.uid).get();
    expect(entries.docs.reduce((sum, entry) => sum + (entry.get('delta') as number), 0)).toBe(0);
  });

  it('refuses amounts that are not whole coins', async () => {
    const user = await newUser();
    for (const delta of [0, 1.5, Number.NaN]) {
      await expect(
        runOptimistic((tx) =>
          applyBalanceChange(tx, { uid: user.uid, delta, reason: 'test', ref: String(delta) }, Date.now()),
        ),
      ).rejects.toMatchObject({ statusCode: 400 });
    }
  });
});

describe('the coin history', () => {
  it('names every entry a battle and a declined challenge write, each leading to its challenge and titled with the other player', async () => {
    const [winner, loser] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    await battleWonBy(winner, loser, 130);
    const sent = await call<{ id: string }>('/battles/challenge', {
      token: winner.token,
      body: { opponent: loser.uid, game: 'valorant', entryFee: 270, terms: true },
    });
    expect(
      (await call(`/battles/challenges/${sent.body.id}/decline`, { token: loser.token, method: 'POST' })).status,
    ).toBe(200);
    const history = await coinHistoryOf(winner.uid);
    const won = history.find((line) => line.kind === 'battle-prize-own')!.link;
    expect(won).toMatchObject({ to: 'challenge' });
    const declined = { to: 'challenge', id: sent.body.id };
    expect(history).toHaveLength(6);
    // Each battle line names the other player (record 139): the winner's prize the loser.
    const other = loser.displayName;
    expect(history).toEqual(
      expect.arrayContaining([
        { kind: 'grant', link: null, delta: 1000 },
        { kind: 'battle-fee', link: won, delta: -130, title: other },
        { kind: 'battle-prize-own', link: won, delta: 130, title: other },
        { kind: 'battle-prize-opponent', link: won, delta: 130, title: other },
        { kind: 'battle-fee', link: declined, delta: -270, title: other },
        { kind: 'battle-refund', link: declined, delta: 270, title: other },
      ]),
    );
    expect(await coinHistoryOf(loser.uid)).toEqual(
      expect.arrayContaining([
        { kind: 'grant', link: null, delta: 1000 },
        { kind: 'battle-fee', link: won, delta: -130, title: winner.displayName },
      ]),
    );
    // The challenge's page opens the battle it became.
    const challenge = (await adminDb.doc(`battle_challenges/${won!.id}`).get()).data();
    expect(challenge).toMatchObject({ state: 'ACCEPTED', participants: [winner.uid, loser.uid] });
  });
});
