import { describe, expect, it } from 'vitest';
import { adminDb, call, verifiedUser, type Body } from './helpers';

/**
 * Reminders before a battle's windows close (issue #60): the challenged player ten minutes before a
 * challenge expires; both players an hour before an unreported battle is cancelled; the player who
 * must answer an hour before a report stands. Once each, and never after the window moved on.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const sweep = (now: number, scope: { challenges?: string[]; battles?: string[] }) =>
  call<Body>('/internal/sweep', { body: { now, ...scope } });
const notices = async (uid: string, type: string) =>
  (await adminDb.collection(`users/${uid}/notifications`).where('type', '==', type).get()).docs
    .map((doc) => doc.data())
    .sort((x, y) => x.createdAt - y.createdAt);

describe('battle reminders', () => {
  it('a challenge about to expire reminds its opponent once', async () => {
    const [a, b] = await Promise.all([verifiedUser(300), verifiedUser(300)]);
    const sent = await call<Body>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'csgo', entryFee: 130, terms: true },
    });
    const id = sent.body.id as string;
    const expires = sent.body.expires as number;
    expect(sent.body.remindAt).toBe(expires - 10 * 60_000);
    expect((await sweep(expires - 11 * 60_000, { challenges: [id] })).body).toMatchObject({ battleReminders: 0 });
    expect((await sweep(expires - 10 * 60_000, { challenges: [id] })).body).toMatchObject({ battleReminders: 1 });
    expect((await sweep(expires - 5 * 60_000, { challenges: [id] })).body).toMatchObject({ battleReminders: 0 });
    expect(await notices(b.uid, 'CHALLENGE_EXPIRING')).toMatchObject([
      { challenge: id, opponent: { uid: a.uid, displayName: a.displayName } },
    ]);
    expect(await notices(a.uid, 'CHALLENGE_EXPIRING')).toHaveLength(0);
  });

  it('an accepted challenge reminds nobody; the battle reminds both to report, then the one who must answer', async () => {
    const [a, b] = await Promise.all([verifiedUser(300), verifiedUser(300)]);
    const sent = await call<Body>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'csgo', entryFee: 130, terms: true },
    });
    const challengeId = sent.body.id as string;
    const battleId = (await call<Body>(`/battles/challenges/${challengeId}/accept`, { token: b.token, method: 'POST' }))
      .body.id as string;
    await sweep((sent.body.expires as number) - 60_000, { challenges: [challengeId] });
    expect(await notices(b.uid, 'CHALLENGE_EXPIRING')).toHaveLength(0);

    const battle = (await adminDb.doc(`battles/${battleId}`).get()).data()!;
    expect(battle.remindAt).toBe(battle.deadline - HOUR);
    expect((await sweep(battle.deadline - HOUR, { battles: [battleId] })).body).toMatchObject({ battleReminders: 1 });
    for (const player of [a, b])
      expect(await notices(player.uid, 'BATTLE_DEADLINE_SOON')).toMatchObject([
        { battle: battleId, reasoning: 'report' },
      ]);

    // A reports: the answer window's reminder goes to B alone, an hour before it closes.
    const reported = await call<Body>(`/battles/${battleId}/submitWinner`, { token: a.token, body: { winner: a.uid } });
    expect(reported.body).toMatchObject({ remindAt: (reported.body.submittedAt as number) + DAY - HOUR });
    await sweep((reported.body.submittedAt as number) + DAY - HOUR, { battles: [battleId] });
    expect(await notices(b.uid, 'BATTLE_DEADLINE_SOON')).toMatchObject([
      { reasoning: 'report' },
      { reasoning: 'answer', opponent: { uid: a.uid } },
    ]);
    expect(await notices(a.uid, 'BATTLE_DEADLINE_SOON')).toHaveLength(1);

    // Confirmed: over, and no reminder is left to send.
    expect((await call(`/battles/${battleId}/confirm`, { token: b.token, method: 'POST' })).status).toBe(200);
    expect((await adminDb.doc(`battles/${battleId}`).get()).data()).toMatchObject({ state: 'ENDED', remindAt: null });
  });
});
