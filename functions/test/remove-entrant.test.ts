import { describe, expect, it } from 'vitest';
import { call, checkLedger, createTournament, fundsOf, verifiedUser, type Body, type Player } from './helpers';
import { notificationsOf, tournamentOf } from './tournament-play-helpers';

/**
 * Record 115: before the start the host removes an entrant, with a reasoning its players read. A
 * paid entry's fee goes back; a party is dissolved; its players cannot come back in until the host
 * lets them.
 */

const REASON = 'Your account is in the wrong region for this cup.';

async function tournament(overrides: Body = {}) {
  const host = await verifiedUser();
  const created = await createTournament(host.token, overrides);
  const id = created.body.id as string;
  const act = (who: Player, action: string, body: Body = {}) =>
    call<Body>(`/tournaments/${id}/${action}`, { token: who.token, body });
  const remove = (who: Player, entrant: string, body: Body = { reasoning: REASON }) =>
    act(who, `remove/${entrant}`, body);
  return { host, id, act, remove };
}

describe('the host removes an entrant before the start', () => {
  it('a paid entry: the fee goes back, the player is told why and cannot join again until let back', async () => {
    const { host, id, act, remove } = await tournament({ entryFee: 130 });
    const [player, other] = (await Promise.all([verifiedUser(500), verifiedUser(500)])) as [Player, Player];
    expect((await act(player, 'join')).status).toBe(200);
    expect((await act(other, 'join')).status).toBe(200);
    expect(await fundsOf(player.uid)).toBe(370);

    // Only the host, with a reasoning, of an entrant that is in.
    expect(await remove(other, player.uid)).toMatchObject({ status: 403, body: { code: 'not-the-host' } });
    expect(await remove(host, player.uid, {})).toMatchObject({ status: 400 });
    expect(await remove(host, player.uid, { reasoning: '   ' })).toMatchObject({ status: 400 });
    expect(await remove(host, 'nobody-here')).toMatchObject({ status: 404 });
    expect((await tournamentOf(id)).participantCount).toBe(2);

    const removed = await remove(host, player.uid);
    expect(removed).toMatchObject({
      status: 200,
      body: { participantCount: 1, prizePool: 130, removed: { [player.uid]: { reasoning: REASON } } },
    });
    const stored = await tournamentOf(id);
    expect((stored.participants as { id: string }[]).map((entrant) => entrant.id)).toEqual([other.uid]);
    expect(stored.memberUids).toEqual([other.uid]);
    expect(await fundsOf(player.uid)).toBe(500);
    expect(await notificationsOf(player.uid, 'TOURNAMENT_REMOVED')).toMatchObject([
      { reasoning: REASON, payout: 130, tournament: { id } },
    ]);
    expect(await remove(host, player.uid)).toMatchObject({ status: 404 });

    // The player cannot come back in, and a refused join holds nothing.
    expect(await act(player, 'join')).toMatchObject({ status: 403, body: { code: 'removed-by-host' } });
    expect(await fundsOf(player.uid)).toBe(500);
    // Until the host lets them back.
    expect(await act(other, `allowBack/${player.uid}`)).toMatchObject({ status: 403, body: { code: 'not-the-host' } });
    expect(await act(host, `allowBack/${other.uid}`)).toMatchObject({ status: 409, body: { code: 'not-removed' } });
    expect((await act(host, `allowBack/${player.uid}`)).body).not.toHaveProperty(`removed.${player.uid}`);
    expect((await tournamentOf(id)).removed).toEqual({});
    expect(await notificationsOf(player.uid, 'TOURNAMENT_ALLOWED_BACK')).toMatchObject([{ tournament: { id } }]);
    expect((await act(player, 'join')).status).toBe(200);
    await checkLedger();
  });

  it('the host cannot remove their own entry, nor anyone once the tournament is no longer open', async () => {
    const { host, id, act, remove } = await tournament({ entryFee: 0 });
    expect((await act(host, 'join')).status).toBe(200);
    expect(await remove(host, host.uid)).toMatchObject({ status: 409, body: { code: 'own-entry' } });
    const player = await verifiedUser();
    expect((await act(player, 'join')).status).toBe(200);
    expect((await act(host, 'cancel')).status).toBe(200);
    expect(await remove(host, player.uid)).toMatchObject({ status: 409, body: { code: 'tournament-not-open' } });
    expect((await tournamentOf(id)).removed).toBeUndefined();
  });

  it('a party: dissolved, each member told, none of them can make, join or be invited to a party', async () => {
    const { host, id, act, remove } = await tournament({ game: 'rocket-league', gameFormat: 'TEAM', teamSize: 2 });
    const [leader, mate, friend] = (await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()])) as [
      Player,
      Player,
      Player,
    ];
    const party = (await act(leader, 'createParty', { teamName: 'Boost Bros' })).body.uid as string;
    expect((await act(leader, `inviteToParty/${mate.uid}`)).status).toBe(200);
    expect((await act(mate, `joinParty/${party}`)).status).toBe(200);
    expect((await act(leader, 'partyReady')).status).toBe(200);
    expect((await tournamentOf(id)).participantCount).toBe(1);

    expect((await remove(host, party)).status).toBe(200);
    const stored = await tournamentOf(id);
    expect(stored).toMatchObject({ participantCount: 0, participants: [], usersInParties: {}, joinedParties: {} });
    expect(Object.keys(stored.removed as Body).sort()).toEqual([leader.uid, mate.uid].sort());
    expect((stored.removed as Body)[mate.uid]).toMatchObject({ reasoning: REASON, team: 'Boost Bros' });
    for (const member of [leader, mate])
      expect(await notificationsOf(member.uid, 'TOURNAMENT_REMOVED')).toMatchObject([{ reasoning: REASON }]);

    expect(await act(leader, 'createParty', { teamName: 'Boost Bros' })).toMatchObject({
      status: 403,
      body: { code: 'removed-by-host' },
    });
    const other = (await act(friend, 'createParty', { teamName: 'Nitro Ninjas' })).body.uid as string;
    expect(await act(friend, `inviteToParty/${mate.uid}`)).toMatchObject({
      status: 409,
      body: { code: 'invitee-removed' },
    });
    // Let back, the mate may be invited and join.
    expect((await act(host, `allowBack/${mate.uid}`)).status).toBe(200);
    expect((await act(friend, `inviteToParty/${mate.uid}`)).status).toBe(200);
    expect((await act(mate, `joinParty/${other}`)).status).toBe(200);
  });

  it('a removal and the player leaving at the same moment: the fee goes back once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { host, id, act, remove } = await tournament({ entryFee: 130 });
      const player = await verifiedUser(500);
      expect((await act(player, 'join')).status).toBe(200);
      const answers = await Promise.all([remove(host, player.uid), act(player, 'leave')]);
      // Whichever came second found the player gone: the removal 404, the leave 409 not-joined.
      const [removal, leaving] = answers;
      expect([removal.status, leaving.status]).toContainEqual(200);
      expect([
        [200, 409],
        [404, 200],
      ]).toContainEqual([removal.status, leaving.status]);
      expect(await fundsOf(player.uid)).toBe(500);
      expect((await tournamentOf(id)).participantCount).toBe(0);
    }
    await checkLedger();
  });

  it('a removal and a join at the same moment: the removed player never ends up in with a fee held', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { host, id, act, remove } = await tournament({ entryFee: 130 });
      const [player, late] = (await Promise.all([verifiedUser(500), verifiedUser(500)])) as [Player, Player];
      expect((await act(player, 'join')).status).toBe(200);
      const [removed, joined, again] = await Promise.all([
        remove(host, player.uid),
        act(late, 'join'),
        act(player, 'join'),
      ]);
      expect(removed.status).toBe(200);
      expect(joined.status).toBe(200);
      // Before the removal "already joined", after it "removed": never in twice, never in after it.
      expect([403, 409]).toContain(again.status);
      const stored = await tournamentOf(id);
      expect((stored.participants as { id: string }[]).map((entrant) => entrant.id)).toEqual([late.uid]);
      expect(await fundsOf(player.uid)).toBe(500);
      expect(await fundsOf(late.uid)).toBe(370);
    }
    await checkLedger();
  });
});
