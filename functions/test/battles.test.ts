import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Battle } from '@versus/domain/battles/battle';
import { API, adminDb, adminUser, call, checkLedger, fundsOf, newUser, verifiedUser, type Body } from './helpers';

const DAY = 86_400_000;

const challenge = (token: string, body: Body) => call('/battles/challenge', { token, body });
const accept = (token: string, id: string) => call(`/battles/challenges/${id}/accept`, { token, method: 'POST' });
const submit = (token: string, battle: string, winner: string) =>
  call(`/battles/${battle}/submitWinner`, { token, body: { winner } });
const confirm = (token: string, battle: string) => call(`/battles/${battle}/confirm`, { token, method: 'POST' });
const dispute = (token: string, battle: string, story: string, proof: string) =>
  call(`/battles/${battle}/dispute`, { token, body: { story, proof } });
const sweep = (now: number, scope: { challenges?: string[]; battles?: string[] }) =>
  call('/internal/sweep', { body: { now, ...scope } });
const battleOf = async (id: string) => (await adminDb.doc(`battles/${id}`).get()).data() as Body;
const challengeOf = async (id: string) => (await adminDb.doc(`battle_challenges/${id}`).get()).data() as Body;
const accountOf = async (uid: string) => (await adminDb.doc(`users/${uid}/private/account`).get()).data() as Body;
const notificationTypes = async (uid: string) =>
  (await adminDb.collection(`users/${uid}/notifications`).orderBy('createdAt').get()).docs.map(
    (doc) => doc.get('type') as string,
  );

/**
 * The alerts off the site that tell `uid` how a platform admin ended `battle` (record 173), each as
 * its notification says it (an alert drops its copy of the content once delivered).
 */
async function decidedAlerts(uid: string, battle: string) {
  const alerts = await adminDb.collection('outbox').where('uid', '==', uid).where('kind', '==', 'battleDecided').get();
  const notices = await Promise.all(
    alerts.docs.map(async (alert) =>
      (await adminDb.doc(`users/${uid}/notifications/${alert.get('notification') as string}`).get()).data(),
    ),
  );
  return notices
    .filter((notice) => notice?.battle === battle)
    .map((notice) => ({
      type: notice!.type as string,
      winner: (notice!.winner as { uid?: string } | undefined)?.uid,
      payout: notice!.payout as number,
      reasoning: notice!.reasoning as string,
    }));
}

/** The admin's notices that `battle` waits for an admin (record 126). */
const awaitingNotices = async (uid: string, battle: string) =>
  (
    await adminDb
      .collection(`users/${uid}/notifications`)
      .where('type', '==', 'ADMIN_BATTLE_AWAITING')
      .where('battle', '==', battle)
      .get()
  ).docs;

async function upload(token: string, data: Buffer, contentType: string) {
  const response = await fetch(`${API}/uploads/proof`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType },
    body: new Uint8Array(data),
  });
  return { status: response.status, body: (await response.json()) as Body };
}
const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3355aa' } })
    .png()
    .toBuffer();
const proofFor = async (token: string) => (await upload(token, await png(), 'image/png')).body.path as string;

/** Two verified players with coins and a battle between them at the given fee. */
async function battleBetween(fee: number, coins = 1000, game = 'valorant') {
  const [a, b] = await Promise.all([verifiedUser(coins), verifiedUser(coins)]);
  const sent = await challenge(a.token, { opponent: b.uid, game, entryFee: fee, terms: true });
  expect(sent.status).toBe(201);
  const accepted = await accept(b.token, sent.body.id as string);
  expect(accepted.status).toBe(201);
  return { a, b, challengeId: sent.body.id as string, battleId: accepted.body.id as string };
}

describe('battles: challenge → accept → submit → confirm', () => {
  it('escrows both fees, pays twice the fee to the winner once, updates stats, popups, campaign and ledger', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const sent = await challenge(a.token, { opponent: b.uid, game: 'valorant', entryFee: 270, terms: true });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      state: 'PENDING',
      entryFee: 270,
      participants: [a.uid, b.uid],
      challenger: { displayName: a.displayName },
    });
    expect((sent.body.expires as number) - (sent.body.createdAt as number)).toBe(30 * 60_000);
    expect(await fundsOf(a.uid)).toBe(730);
    expect(await notificationTypes(b.uid)).toEqual(['CHALLENGED_TO_BATTLE']);
    expect((await accountOf(a.uid)).ownChallenges).toEqual([sent.body.id]);

    const accepted = await accept(b.token, sent.body.id as string);
    expect(accepted.status).toBe(201);
    const battleId = accepted.body.id as string;
    expect(accepted.body).toMatchObject({ state: 'ONGOING', prize: 540, entryFee: 270, submitterId: null });
    expect(await fundsOf(b.uid)).toBe(730);
    expect(await challengeOf(sent.body.id as string)).toMatchObject({ state: 'ACCEPTED', battleId });
    expect(await notificationTypes(a.uid)).toEqual(['BATTLE_CHALLENGE_ACCEPTED']);
    expect((await accountOf(a.uid)).ownChallenges).toEqual([]);

    expect((await submit(a.token, battleId, a.uid)).status).toBe(200);
    expect(await notificationTypes(b.uid)).toEqual(['CHALLENGED_TO_BATTLE', 'OPPONENT_SUBMITTED_BATTLES_RESULTS']);
    // The submitter cannot confirm their own report.
    expect((await confirm(a.token, battleId)).body).toMatchObject({ statusCode: 409, code: 'battle-wrong-stage' });

    const confirmed = await confirm(b.token, battleId);
    expect(confirmed.status).toBe(200);
    expect(await battleOf(battleId)).toMatchObject({ state: 'ENDED', winner: { id: a.uid }, outcome: 'CONFIRMED' });
    expect(await fundsOf(a.uid)).toBe(1270);
    expect(await fundsOf(b.uid)).toBe(730);
    for (const player of [a, b]) {
      const account = await accountOf(player.uid);
      expect(account.popups).toEqual([{ type: 'BATTLE_RESULT', ref: battleId }]);
      expect(account.battles).toEqual([]);
      expect((await notificationTypes(player.uid)).at(-1)).toBe('BATTLE_ENDED');
      // A battle the players ended themselves stays in the app (record 173).
      expect(await decidedAlerts(player.uid, battleId)).toEqual([]);
    }
    const profiles = await Promise.all(
      [a, b].map(async (player) => (await adminDb.doc(`users/${player.uid}`).get()).get('statsData')),
    );
    expect(profiles).toEqual([
      { victories: 1, battlesPlayed: 1 },
      { victories: 0, battlesPlayed: 1 },
    ]);
    expect((await adminDb.doc(`player_statistics/${a.uid}`).get()).data()).toMatchObject({
      battlesPlayed: 1,
      battleVictories: 1,
      battleCoinsWon: 540,
    });

    const month = new Date().toISOString().slice(0, 7);
    const entries = await adminDb.collection(`campaigns/${month}/entries`).where('battle', '==', battleId).get();
    expect(entries.docs.map((doc) => doc.get('uid')).sort()).toEqual([a.uid, b.uid].sort());

    // A retry of the confirmation pays nothing more.
    expect((await confirm(b.token, battleId)).status).toBe(409);
    expect(await fundsOf(a.uid)).toBe(1270);
    await checkLedger();
  });

  it('plays a free battle on a free-only game without escrow or a campaign entry', async () => {
    const { a, b, battleId } = await battleBetween(0, 0, 'fortnite');
    expect((await submit(b.token, battleId, b.uid)).status).toBe(200);
    expect((await confirm(a.token, battleId)).status).toBe(200);
    expect(await battleOf(battleId)).toMatchObject({ state: 'ENDED', prize: 0, winner: { id: b.uid } });
    const month = new Date().toISOString().slice(0, 7);
    expect((await adminDb.collection(`campaigns/${month}/entries`).where('battle', '==', battleId).get()).size).toBe(0);
    expect(await fundsOf(b.uid)).toBe(0);
    // The loser's history line moved no coins: 0, not -0 (the profile printed "◎-0").
    const [line] = (await adminDb.collection(`users/${a.uid}/history`).get()).docs.map((doc) => doc.get('coins'));
    expect(Object.is(line, 0)).toBe(true);
  });

  it('lets the opponent decline and the challenger withdraw, refunding the fee each time', async () => {
    const [a, b] = await Promise.all([verifiedUser(600), verifiedUser(0)]);
    const first = await challenge(a.token, { opponent: b.uid, game: 'fifa', entryFee: 590, terms: true });
    expect(await fundsOf(a.uid)).toBe(10);
    expect(
      (await call(`/battles/challenges/${first.body.id}/decline`, { token: a.token, method: 'POST' })).status,
    ).toBe(403);
    expect(
      (await call(`/battles/challenges/${first.body.id}/decline`, { token: b.token, method: 'POST' })).status,
    ).toBe(200);
    expect(await fundsOf(a.uid)).toBe(600);
    expect(await notificationTypes(a.uid)).toEqual(['CHALLENGE_DECLINED']);
    expect((await accept(b.token, first.body.id as string)).body).toMatchObject({ code: 'challenge-not-pending' });

    const second = await challenge(a.token, { opponent: b.uid, game: 'fifa', entryFee: 590, terms: true });
    expect(second.status).toBe(201);
    expect(
      (await call(`/battles/challenges/${second.body.id}/withdraw`, { token: a.token, method: 'POST' })).status,
    ).toBe(200);
    expect(await fundsOf(a.uid)).toBe(600);
    expect(await challengeOf(second.body.id as string)).toMatchObject({ state: 'WITHDRAWN' });
    await checkLedger();
  });
});

describe('battles: disputes and the platform admin', () => {
  it('dispute → both stories → admin decides once, with the reasoning shown on the battle', async () => {
    const [admin, offRoster] = await Promise.all([adminUser({ onRoster: true }), adminUser()]);
    const { a, b, battleId } = await battleBetween(130);
    expect((await submit(a.token, battleId, a.uid)).status).toBe(200);

    const proofB = await proofFor(b.token);
    const disputed = await dispute(b.token, battleId, 'I won 3–1, here is the score screen.', proofB);
    expect(disputed.status).toBe(200);
    expect(disputed.body).toMatchObject({ state: 'IN-DISPUTE', awaitingAdmin: false });
    expect(await notificationTypes(a.uid)).toContain('OPPONENT_BATTLES_CONFLICT');
    const battle = await battleOf(battleId);
    expect(battle.deadline).toBe((battle.disputes as { createdAt: number }[])[0]!.createdAt + DAY);
    // The proof is served back as the image it is.
    const proofUrl = (battle.disputes as { proof: { url: string } }[])[0]!.proof.url;
    const image = await fetch(`${API}${proofUrl.replace(/^\/api/, '')}`);
    expect(image.headers.get('content-type')).toBe('image/png');

    // Not yet: only one side has been heard and the window is open.
    const early = await call(`/admin/battles/${battleId}/decide`, {
      token: admin.token,
      body: { winner: b.uid, reasoning: 'Screenshot is clear.' },
    });
    expect(early.body).toMatchObject({ statusCode: 409, code: 'battle-wrong-stage' });
    // A player is not an admin.
    expect(
      (await call(`/admin/battles/${battleId}/decide`, { token: b.token, body: { winner: b.uid, reasoning: 'Me.' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(`/admin/battles/${battleId}/decide`, { body: { winner: b.uid, reasoning: 'Me.' } })).status,
    ).toBe(401);

    // The first story tells the admins nothing: the other side may still answer.
    expect(await awaitingNotices(admin.uid, battleId)).toEqual([]);
    const heard = await dispute(a.token, battleId, 'They left the match early.', await proofFor(a.token));
    expect(heard.body).toMatchObject({ state: 'IN-DISPUTE', awaitingAdmin: true });
    // Both heard: each admin on the roster is told, in the app and off the site; one off it is not.
    const [notice] = await awaitingNotices(admin.uid, battleId);
    expect(notice?.data()).toMatchObject({
      type: 'ADMIN_BATTLE_AWAITING',
      isAdmin: true,
      viewed: false,
      users: [
        { uid: a.uid, displayName: a.displayName },
        { uid: b.uid, displayName: b.displayName },
      ],
    });
    expect((await adminDb.doc(`outbox/${admin.uid}_${notice!.id}`).get()).data()).toMatchObject({
      uid: admin.uid,
      kind: 'dispute',
    });
    expect(await awaitingNotices(offRoster.uid, battleId)).toEqual([]);
    for (const player of [a, b]) expect(await notificationTypes(player.uid)).not.toContain('ADMIN_BATTLE_AWAITING');
    expect((await dispute(a.token, battleId, 'Again.', await proofFor(a.token))).status).toBe(409);

    const decisions = await Promise.all(
      [1, 2].map(() =>
        call(`/admin/battles/${battleId}/decide`, {
          token: admin.token,
          body: { winner: b.uid, reasoning: 'The score screen shows 3–1.' },
        }),
      ),
    );
    expect(decisions.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The answer says who decided, as docs/api.md promises.
    expect(decisions.find((answer) => answer.status === 200)!.body).toMatchObject({
      state: 'ENDED',
      decidedBy: admin.uid,
      reasoning: 'The score screen shows 3–1.',
    });
    expect(await battleOf(battleId)).toMatchObject({
      state: 'ENDED',
      winner: { id: b.uid },
      outcome: 'ADMIN_DECIDED',
      reasoning: 'The score screen shows 3–1.',
      decidedBy: admin.uid,
    });
    expect(await fundsOf(b.uid)).toBe(1130);
    expect(await fundsOf(a.uid)).toBe(870);
    // The roster's admin is told of every battle handed over (other files' too): this battle's two.
    const adminNotes = await adminDb
      .collection(`users/${admin.uid}/notifications`)
      .where('battle', '==', battleId)
      .orderBy('createdAt')
      .get();
    expect(adminNotes.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ type: 'ADMIN_BATTLE_AWAITING', isAdmin: true }),
      expect.objectContaining({ type: 'BATTLE_ENDED', isAdmin: true }),
    ]);
    // Each player hears of the decision off the site too, the deciding admin does not (record 173).
    expect(await decidedAlerts(a.uid, battleId)).toEqual([
      { type: 'BATTLE_ENDED', winner: b.uid, payout: 0, reasoning: 'The score screen shows 3–1.' },
    ]);
    expect(await decidedAlerts(b.uid, battleId)).toEqual([
      { type: 'BATTLE_ENDED', winner: b.uid, payout: 260, reasoning: 'The score screen shows 3–1.' },
    ]);
    expect(await decidedAlerts(admin.uid, battleId)).toEqual([]);
    await checkLedger();
  });

  it('admin cancels an ongoing battle: both refunded once, BATTLE_CANCELLED and the popup for both', async () => {
    const admin = await adminUser();
    const { a, b, battleId } = await battleBetween(1260, 2000);
    expect(await fundsOf(a.uid)).toBe(740);
    const cancels = await Promise.all(
      [1, 2].map(() =>
        call(`/admin/battles/${battleId}/cancel`, { token: admin.token, body: { reasoning: 'Both players asked.' } }),
      ),
    );
    expect(cancels.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await fundsOf(a.uid)).toBe(2000);
    expect(await fundsOf(b.uid)).toBe(2000);
    expect(await battleOf(battleId)).toMatchObject({
      state: 'CANCELLED',
      outcome: 'ADMIN_CANCELLED',
      reasoning: 'Both players asked.',
    });
    for (const player of [a, b]) {
      expect((await notificationTypes(player.uid)).at(-1)).toBe('BATTLE_CANCELLED');
      expect((await accountOf(player.uid)).popups).toEqual([{ type: 'BATTLE_RESULT', ref: battleId }]);
      // And off the site, with the fee given back and the admin's reasoning (record 173).
      expect(await decidedAlerts(player.uid, battleId)).toEqual([
        { type: 'BATTLE_CANCELLED', winner: undefined, payout: 1260, reasoning: 'Both players asked.' },
      ]);
    }
    expect((await call(`/admin/battles/${battleId}/cancel`, { token: admin.token, body: {} })).status).toBe(400);
    await checkLedger();
  });
});

describe('battles: timers, driven by the sweeper with a chosen now', () => {
  it('expires an unanswered challenge after 30 minutes and refunds it', async () => {
    const [a, b] = await Promise.all([verifiedUser(300), verifiedUser(300)]);
    const sent = await challenge(a.token, { opponent: b.uid, game: 'csgo', entryFee: 270, terms: true });
    const id = sent.body.id as string;
    expect((await sweep((sent.body.expires as number) - 1000, { challenges: [id] })).body).toMatchObject({
      challengesExpired: 0,
    });
    expect((await sweep(sent.body.expires as number, { challenges: [id] })).body).toMatchObject({
      challengesExpired: 1,
    });
    expect((await sweep((sent.body.expires as number) + 1000, { challenges: [id] })).body).toMatchObject({
      challengesExpired: 0,
    });
    expect(await challengeOf(id)).toMatchObject({ state: 'EXPIRED' });
    expect(await fundsOf(a.uid)).toBe(300);
    expect(await notificationTypes(a.uid)).toEqual(['CHALLENGE_EXPIRED']);
    expect((await accept(b.token, id)).body).toMatchObject({ statusCode: 409, code: 'challenge-expired' });
    // The slot is free again.
    expect((await challenge(a.token, { opponent: b.uid, game: 'csgo', entryFee: 270, terms: true })).status).toBe(201);
    await checkLedger();
  });

  it('cancels and refunds a battle nobody reported within a day', async () => {
    const { a, b, battleId } = await battleBetween(590);
    const { createdAt } = await battleOf(battleId);
    expect((await sweep((createdAt as number) + DAY - 1, { battles: [battleId] })).body).toMatchObject({
      battlesCancelled: 0,
    });
    expect((await sweep((createdAt as number) + DAY, { battles: [battleId] })).body).toMatchObject({
      battlesCancelled: 1,
    });
    expect(await battleOf(battleId)).toMatchObject({ state: 'CANCELLED', outcome: 'NO_SUBMISSION' });
    expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([1000, 1000]);
    await checkLedger();
  });

  it('lets an unanswered report stand after a day', async () => {
    const { a, b, battleId } = await battleBetween(130);
    await submit(b.token, battleId, b.uid);
    const { submittedAt } = await battleOf(battleId);
    expect((await sweep((submittedAt as number) + DAY, { battles: [battleId] })).body).toMatchObject({
      battlesEnded: 1,
    });
    expect(await battleOf(battleId)).toMatchObject({ state: 'ENDED', winner: { id: b.uid }, outcome: 'UNANSWERED' });
    expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([870, 1130]);
    expect((await confirm(a.token, battleId)).status).toBe(409);
    await checkLedger();
  });

  it('hands a dispute to the admin when the 24 h window closes with one side heard', async () => {
    const admin = await adminUser({ onRoster: true });
    const { a, b, battleId } = await battleBetween(270);
    await submit(a.token, battleId, a.uid);
    await dispute(b.token, battleId, 'Wrong winner.', await proofFor(b.token));
    // A player who is an admin too is not told of their own battle.
    await adminDb.doc(`admins/${a.uid}`).set({ uid: a.uid, since: Date.now() });
    const { deadline } = await battleOf(battleId);
    expect((await sweep(deadline as number, { battles: [battleId] })).body).toMatchObject({ disputesToAdmin: 1 });
    expect(await battleOf(battleId)).toMatchObject({ state: 'IN-DISPUTE', awaitingAdmin: true });
    for (const player of [a, b]) expect((await notificationTypes(player.uid)).at(-1)).toBe('BATTLES_CONFLICT_EXPIRED');
    expect(await awaitingNotices(a.uid, battleId)).toEqual([]);
    // A second sweep tells nobody again.
    await sweep(deadline as number, { battles: [battleId] });
    expect((await awaitingNotices(admin.uid, battleId)).map((doc) => doc.get('type'))).toEqual([
      'ADMIN_BATTLE_AWAITING',
    ]);
    // Too late for the other story; the admin decides.
    expect((await dispute(a.token, battleId, 'Late.', await proofFor(a.token))).status).toBe(409);
    expect(
      (
        await call(`/admin/battles/${battleId}/decide`, {
          token: admin.token,
          body: { winner: a.uid, reasoning: 'No proof of the claim.' },
        })
      ).status,
    ).toBe(200);
    expect(await fundsOf(a.uid)).toBe(1270);
    await checkLedger();
  });
});

describe('battles: races resolve to one outcome', () => {
  it('accept racing the expiry sweep: accepted or expired, never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([verifiedUser(500), verifiedUser(500)]);
      const sent = await challenge(a.token, { opponent: b.uid, game: 'dota-2', entryFee: 130, terms: true });
      const id = sent.body.id as string;
      const [accepted, swept] = await Promise.all([
        accept(b.token, id),
        sweep(sent.body.expires as number, { challenges: [id] }),
      ]);
      const state = (await challengeOf(id)).state;
      if (accepted.status === 201) {
        expect(state).toBe('ACCEPTED');
        expect(swept.body).toMatchObject({ challengesExpired: 0 });
        expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([370, 370]);
      } else {
        expect(accepted.body).toMatchObject({ code: 'challenge-expired' });
        expect(state).toBe('EXPIRED');
        expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([500, 500]);
      }
    }
    await checkLedger();
  });

  it('five accepts at once create one battle and hold one fee', async () => {
    const [a, b] = await Promise.all([verifiedUser(500), verifiedUser(500)]);
    const sent = await challenge(a.token, { opponent: b.uid, game: 'overwatch', entryFee: 270, terms: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => accept(b.token, sent.body.id as string)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 409)).toBe(true);
    expect(await fundsOf(b.uid)).toBe(230);
    expect((await adminDb.collection('battles').where('challengeId', '==', sent.body.id).get()).size).toBe(1);
  });

  it('both players submitting at once: one report stands, the other is told to answer it', async () => {
    const { a, b, battleId } = await battleBetween(130);
    const answers = await Promise.all([submit(a.token, battleId, a.uid), submit(b.token, battleId, b.uid)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const battle = await battleOf(battleId);
    const loser = battle.submitterId === a.uid ? b : a;
    expect((await confirm(loser.token, battleId)).status).toBe(200);
    expect((await fundsOf(a.uid)) + (await fundsOf(b.uid))).toBe(2000);
    expect(await fundsOf(battle.submitterId as string)).toBe(1130);
    await checkLedger();
  });
});

describe("battles: a confirm's reads guessed from the battle as the host last saw it", () => {
  /** Coins granted from outside the host (another instance, say), as verifiedUser grants them. */
  async function grant(uid: string, coins: number, ref: string) {
    const { applyBalanceChange } = await import('../src/wallet/ledger');
    const { runOptimistic } = await import('../src/platform/optimistic');
    await runOptimistic((tx) => applyBalanceChange(tx, { uid, delta: coins, reason: 'test-grant', ref }, Date.now()));
  }

  it('pays the battle as it is when the guess is wrong', async () => {
    const { a, b, battleId } = await battleBetween(130);
    // The host has seen a's report naming a (its guess reads a's account and prize entries) ...
    expect((await submit(a.token, battleId, a.uid)).status).toBe(200);
    // ... and the battle names b when the confirmation comes, as another instance could have left it.
    await adminDb.doc(`battles/${battleId}`).update({ submittedWinner: b.uid });
    expect((await confirm(b.token, battleId)).status).toBe(200);
    expect(await battleOf(battleId)).toMatchObject({ state: 'ENDED', winner: { id: b.uid } });
    expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([870, 1130]);
    await checkLedger();
  });

  it('commits only on fresh reads when a guessed read changed before the commit', async () => {
    const { confirmResult, guessReads } = await import('../src/battles/battles');
    const { sawBattle } = await import('../src/battles/seen');
    const { a, b, battleId } = await battleBetween(130);
    expect((await submit(a.token, battleId, a.uid)).status).toBe(200);
    // This test process is the instance here: it has seen the battle, guesses and reads ahead ...
    sawBattle((await battleOf(battleId)) as unknown as Battle);
    const now = Date.now();
    const ahead = guessReads(battleId, { type: 'confirm', by: b.uid }, now);
    expect([...ahead.keys()]).toEqual(
      expect.arrayContaining([`users/${a.uid}/private/account`, `player_statistics/${b.uid}`]),
    );
    await Promise.all(ahead.values());
    // ... then the winner's balance moves before the confirmation commits.
    await grant(a.uid, 50, 'during-confirm');
    const { optimisticStats } = await import('../src/platform/optimistic');
    const retries = optimisticStats.retries;
    await confirmResult(b.uid, battleId, now, { ahead });
    // The first attempt computed from the guessed reads and lost at its commit; the second read afresh.
    expect(optimisticStats.retries).toBe(retries + 1);
    expect(await fundsOf(a.uid)).toBe(870 + 260 + 50);
    await checkLedger();
  });

  it('a confirm and grants to the winner at the same moment: each counts once', async () => {
    const battles = await Promise.all(Array.from({ length: 3 }, () => battleBetween(130)));
    await Promise.all(battles.map(({ a, battleId }) => submit(a.token, battleId, a.uid)));
    const answers = await Promise.all(
      battles.flatMap(({ a, b, battleId }) => [
        confirm(b.token, battleId),
        grant(a.uid, 10, 'race-1'),
        grant(a.uid, 20, 'race-2'),
      ]),
    );
    expect(answers.filter(Boolean).map((answer) => answer!.status)).toEqual([200, 200, 200]);
    for (const { a, b } of battles) expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([1160, 870]);
    await checkLedger();
  });
});

describe('battles: bad input changes nothing', () => {
  it('refuses self-challenges, unknown opponents, fees off the list, wagers on free-only games, unverified players and a second challenge', async () => {
    const [a, b] = await Promise.all([verifiedUser(2000), verifiedUser(0)]);
    const unverified = await newUser();
    const base = { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true };
    expect((await challenge(a.token, { ...base, opponent: a.uid })).body).toMatchObject({
      statusCode: 400,
      code: 'self-challenge',
    });
    expect((await challenge(a.token, { ...base, opponent: 'nobody-at-all' })).body).toMatchObject({ statusCode: 404 });
    expect((await challenge(a.token, { ...base, entryFee: 100 })).body).toMatchObject({
      statusCode: 400,
      fields: { entryFee: 'battles.errors.entry-fee-not-allowed' },
    });
    expect((await challenge(a.token, { ...base, entryFee: '130' })).status).toBe(400);
    expect((await challenge(a.token, { ...base, game: 'fortnite' })).body).toMatchObject({
      statusCode: 400,
      fields: { entryFee: 'battles.errors.free-only-game' },
    });
    expect((await challenge(a.token, { ...base, game: 'tetris' })).body).toMatchObject({
      statusCode: 400,
      fields: { game: 'battles.errors.unknown-game' },
    });
    // No game at all is named as such (it said "This field is required").
    const { game: _game, ...noGame } = base;
    expect((await challenge(a.token, noGame)).body).toMatchObject({
      statusCode: 400,
      fields: { game: 'battles.errors.pick-game' },
    });
    expect((await challenge(a.token, { ...base, terms: false })).status).toBe(400);
    expect((await challenge(unverified.token, base)).body).toMatchObject({
      statusCode: 403,
      code: 'email-not-verified',
    });
    expect((await challenge(b.token, { ...base, opponent: a.uid })).body).toMatchObject({
      statusCode: 409,
      code: 'not-enough-coins',
      details: { needed: 130, funds: 0 },
    });
    expect((await call('/battles/challenge', { body: base })).status).toBe(401);
    expect(await fundsOf(a.uid)).toBe(2000);
    expect(
      (await adminDb.collection('battle_challenges').where('participants', 'array-contains', a.uid).get()).size,
    ).toBe(0);

    expect((await challenge(a.token, base)).status).toBe(201);
    expect((await challenge(a.token, { ...base, opponent: unverified.uid })).body).toMatchObject({
      statusCode: 409,
      code: 'challenge-active',
    });
    expect(await fundsOf(a.uid)).toBe(1870);
  });

  it('keeps outsiders out and checks stories and proof images', async () => {
    const { a, b, battleId } = await battleBetween(130);
    const outsider = await verifiedUser(1000);
    expect((await submit(outsider.token, battleId, outsider.uid)).body).toMatchObject({
      statusCode: 403,
      code: 'not-a-participant',
    });
    expect((await submit(a.token, battleId, outsider.uid)).body).toMatchObject({ statusCode: 400 });
    expect((await submit(a.token, 'no-such-battle', a.uid)).status).toBe(404);
    await submit(a.token, battleId, a.uid);
    expect((await confirm(outsider.token, battleId)).status).toBe(403);

    const proof = await proofFor(b.token);
    expect((await dispute(b.token, battleId, 'x'.repeat(451), proof)).body).toMatchObject({
      statusCode: 400,
      fields: { story: 'battles.errors.story-too-long' },
    });
    expect(
      (await dispute(b.token, battleId, 'No proof.', 'proofs/none/00000000-0000-0000-0000-000000000000.png')).status,
    ).toBe(400);
    // Someone else's upload is not your proof.
    expect((await dispute(b.token, battleId, 'Borrowed proof.', await proofFor(a.token))).status).toBe(400);
    expect((await dispute(outsider.token, battleId, 'Me too.', await proofFor(outsider.token))).status).toBe(403);

    expect((await upload(b.token, Buffer.from('just text, not a picture'), 'image/png')).body).toMatchObject({
      statusCode: 415,
      code: 'image-type',
    });
    expect((await upload(b.token, await png(), 'text/plain')).body).toMatchObject({ statusCode: 415 });
    expect((await upload(b.token, Buffer.alloc(10_485_760 + 10, 1), 'image/jpeg')).status).toBe(413);
    const wide = await upload(b.token, await png(3000, 1000), 'image/png');
    expect(wide.body).toMatchObject({ width: 1280, height: 427 });
    expect((await battleOf(battleId)).state).toBe('ONGOING');
  });
});

describe('battles: opponent type-ahead', () => {
  it('suggests players by display-name prefix, not the caller', async () => {
    const me = await verifiedUser();
    const prefix = me.displayName.slice(0, 9);
    const answer = await call<{ hits: { id: string; source: { displayName: string } }[] }>(
      `/suggestUsers?displayName=${encodeURIComponent(prefix.toUpperCase())}`,
      { token: me.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.hits.every((hit) => hit.source.displayName.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(
      true,
    );
    expect(answer.body.hits.some((hit) => hit.id === me.uid)).toBe(false);
    expect((await call('/suggestUsers?displayName=', { token: me.token })).status).toBe(400);
  });
});

describe('campaign: prize and monthly draw', () => {
  it('lets only admins set the prize and draw a finished month once, with a record anyone can re-check', async () => {
    const admin = await adminUser();
    const player = await verifiedUser();
    const month = `19${String(10 + Math.floor(Math.random() * 90))}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
    expect(
      (await call(`/admin/campaigns/${month}`, { token: player.token, method: 'PUT', body: { prize: 'A headset' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(`/admin/campaigns/${month}`, { token: admin.token, method: 'PUT', body: { prize: 'A headset' } }))
        .status,
    ).toBe(200);
    expect(
      (await call(`/admin/campaigns/2026-13`, { token: admin.token, method: 'PUT', body: { prize: 'A headset' } }))
        .status,
    ).toBe(400);
    expect((await call(`/admin/campaigns/${month}/draw`, { token: admin.token, method: 'POST' })).body).toMatchObject({
      code: 'campaign-no-entries',
    });
    const current = new Date().toISOString().slice(0, 7);
    expect((await call(`/admin/campaigns/${current}/draw`, { token: admin.token, method: 'POST' })).body).toMatchObject(
      { code: 'campaign-month-open' },
    );

    const batch = adminDb.batch();
    const uids = Array.from({ length: 7 }, (_, index) => `drawn-${month}-${index}`);
    uids.forEach((uid, index) =>
      batch.set(adminDb.doc(`campaigns/${month}/entries/battle-${index}_${uid}`), {
        uid,
        battle: `battle-${index}`,
        createdAt: 0,
      }),
    );
    await batch.commit();

    const draws = await Promise.all(
      [1, 2].map(() => call<Body>(`/admin/campaigns/${month}/draw`, { token: admin.token, method: 'POST' })),
    );
    expect(draws.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const { draw } = (await adminDb.doc(`campaigns/${month}`).get()).data() as {
      draw: Record<string, string | number>;
      prize: string;
    };
    const ids = uids.map((uid, index) => `battle-${index}_${uid}`).sort();
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const digest = sha(ids.join('\n'));
    const index = Number(BigInt(`0x${sha(`${draw.seed}:${digest}`)}`) % BigInt(ids.length));
    expect(draw).toMatchObject({
      entries: 7,
      entriesDigest: digest,
      winnerIndex: index,
      winnerEntry: ids[index],
      drawnBy: admin.uid,
    });
    expect(draw.winner).toBe(ids[index]!.split('_')[1]);
    // The winner is told once, with the month and its prize; nobody else is (record 170).
    const told = await Promise.all(
      uids.map(async (uid) =>
        (await adminDb.collection(`users/${uid}/notifications`).get()).docs.map((doc) => doc.data()),
      ),
    );
    expect(told.flat()).toEqual([
      expect.objectContaining({
        uid: draw.winner,
        type: 'CAMPAIGN_DRAW_WON',
        campaign: { month, prize: 'A headset' },
        viewed: false,
      }),
    ]);
  });
});
