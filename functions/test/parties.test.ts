import { describe, expect, it } from 'vitest';
import { adminDb, call, createTournament, verifiedUser, type Body, type Player } from './helpers';
import { DAY, notificationsOf, tournamentOf } from './tournament-play-helpers';

/** A paid tournament (130 coins, unless told), created by `token`. */
const create = (token: string, overrides: Body = {}) => createTournament(token, { entryFee: 130, ...overrides });
const act = (token: string, id: string, action: string, body: Body = {}) =>
  call<Body>(`/tournaments/${id}/${action}`, { token, body });

/** A team tournament, and its commands as a player calls them. */
async function teamTournament(teamSize = 2) {
  const host = await verifiedUser();
  const created = await createTournament(host.token, { game: 'rocket-league', gameFormat: 'TEAM', teamSize });
  const id = created.body.id as string;
  const act = (who: Player, action: string, body: Body = {}) =>
    call<Body>(`/tournaments/${id}/${action}`, { token: who.token, body });
  return { id, act, host };
}

describe('party names', () => {
  it('two parties of one tournament may not share a name, case and spacing aside; a removed one frees it', async () => {
    const { id, act } = await teamTournament();
    const [first, second] = (await Promise.all([verifiedUser(), verifiedUser()])) as [Player, Player];
    expect((await act(first, 'createParty', { teamName: 'Night Owls' })).status).toBe(201);
    const refused = await act(second, 'createParty', { teamName: '  night   OWLS ' });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'team-name-taken', details: { name: 'Night Owls' } },
    });
    // Refused, it changed nothing: the player is in no party.
    expect((await tournamentOf(id)).usersInParties).not.toHaveProperty(second.uid);
    expect((await act(second, 'createParty', { teamName: 'Night Owls 2' })).status).toBe(201);
    // Another tournament's parties are no matter.
    const other = await teamTournament();
    expect((await other.act(second, 'createParty', { teamName: 'Night Owls' })).status).toBe(201);
    // Removed, its name is free again.
    expect((await act(first, 'removeParty')).status).toBe(200);
    const third = await verifiedUser();
    expect((await act(third, 'createParty', { teamName: 'NIGHT OWLS' })).status).toBe(201);
  });

  it('two parties made at once under one name: one is made, the other refused, never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, act } = await teamTournament();
      const [first, second] = (await Promise.all([verifiedUser(), verifiedUser()])) as [Player, Player];
      const answers = await Promise.all([
        act(first, 'createParty', { teamName: 'Racers' }),
        act(second, 'createParty', { teamName: 'racers' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ code: 'team-name-taken' });
      const tournament = await tournamentOf(id);
      expect(Object.values(tournament.joinedParties as Body)).toHaveLength(1);
      expect(Object.keys(tournament.usersInParties as Body)).toHaveLength(1);
    }
  });
});

/** A party named `teamName`, led by `leader`, with `members` invited and joined; answers its id. */
async function partyOf(
  act: (who: Player, action: string, body?: Body) => Promise<{ status: number; body: Body }>,
  leader: Player,
  members: Player[],
  teamName = 'Racers',
) {
  const party = (await act(leader, 'createParty', { teamName })).body.uid as string;
  for (const member of members) {
    expect((await act(leader, `inviteToParty/${member.uid}`)).status).toBe(200);
    expect((await act(member, `joinParty/${party}`)).status).toBe(200);
  }
  return party;
}

describe('a leader manages the party (record 129)', () => {
  it('takes back an invite not yet answered: the invitee can no longer join it', async () => {
    const { id, act } = await teamTournament();
    const [leader, mate, other] = (await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()])) as [
      Player,
      Player,
      Player,
    ];
    const party = (await act(leader, 'createParty', { teamName: 'Night Owls' })).body.uid as string;
    await act(leader, `inviteToParty/${mate.uid}`);
    await act(leader, `inviteToParty/${other.uid}`);
    // Only the leader takes invites back.
    expect(await act(other, `withdrawInvite/${mate.uid}`)).toMatchObject({
      status: 409,
      body: { code: 'not-joined' },
    });
    const withdrawn = await act(leader, `withdrawInvite/${mate.uid}`);
    expect(withdrawn).toMatchObject({ status: 200, body: { uid: party, invited: [other.uid] } });
    const stored = (await adminDb.doc(`tournaments/${id}/parties/${party}`).get()).data() as Body;
    expect(stored.invited).toEqual([other.uid]);
    // The tournament's map drops a player left with no invite (no empty list stays behind).
    expect((await tournamentOf(id)).invitesForUsers).toEqual({ [other.uid]: [party] });
    const mirror = (await adminDb.doc(`tournaments/${id}/invites/${mate.uid}`).get()).data() as Body | undefined;
    expect(mirror?.parties ?? {}).toEqual({});
    expect(await act(mate, `joinParty/${party}`)).toMatchObject({ status: 409, body: { code: 'not-invited' } });
    // Twice, or for someone never invited: refused, nothing changes.
    expect(await act(leader, `withdrawInvite/${mate.uid}`)).toMatchObject({
      status: 409,
      body: { code: 'no-pending-invite' },
    });
    // The other invite still stands: they join.
    expect((await act(other, `joinParty/${party}`)).status).toBe(200);
    expect(await act(leader, `withdrawInvite/${other.uid}`)).toMatchObject({
      status: 409,
      body: { code: 'no-pending-invite' },
    });
    // A member who is not the leader may not.
    expect(await act(other, `withdrawInvite/${mate.uid}`)).toMatchObject({
      status: 403,
      body: { code: 'not-party-leader' },
    });
  });

  it('removes a member: the party forms again, out of the entrants, and its members are told', async () => {
    const { id, act, host } = await teamTournament(3);
    const [leader, first, second] = (await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()])) as [
      Player,
      Player,
      Player,
    ];
    const party = await partyOf(act, leader, [first, second], 'Trio');
    expect((await act(leader, 'partyReady')).status).toBe(200);
    expect((await tournamentOf(id)).participantCount).toBe(1);

    // Refused: a member who is not the leader, the leader themself, a player not in the party.
    expect(await act(second, `removeFromParty/${first.uid}`)).toMatchObject({
      status: 403,
      body: { code: 'not-party-leader' },
    });
    expect(await act(leader, `removeFromParty/${leader.uid}`)).toMatchObject({ status: 400 });
    const stranger = await verifiedUser();
    expect(await act(leader, `removeFromParty/${stranger.uid}`)).toMatchObject({
      status: 409,
      body: { code: 'not-in-party' },
    });
    expect((await tournamentOf(id)).participantCount).toBe(1);

    const removed = await act(leader, `removeFromParty/${first.uid}`);
    expect(removed).toMatchObject({ status: 200, body: { uid: party, ready: false } });
    expect((removed.body.participants as Body[]).map((member) => member.uid)).toEqual([leader.uid, second.uid]);
    const tournament = await tournamentOf(id);
    expect(tournament).toMatchObject({
      participantCount: 0,
      joinedParties: { [party]: { ready: false, memberCount: 2 } },
    });
    expect(tournament.usersInParties).toEqual({ [leader.uid]: party, [second.uid]: party });
    expect(new Set(tournament.memberUids as string[])).toEqual(new Set([leader.uid, second.uid]));
    // The one removed and the one who stays hear it, naming who went; the leader did it.
    const notice = { reasoning: 'was-ready', party: { id: party, teamName: 'Trio' }, users: [{ uid: first.uid }] };
    expect(await notificationsOf(first.uid, 'PARTY_MEMBER_REMOVED')).toMatchObject([notice]);
    expect(await notificationsOf(second.uid, 'PARTY_MEMBER_REMOVED')).toMatchObject([notice]);
    expect(await notificationsOf(leader.uid, 'PARTY_MEMBER_REMOVED')).toHaveLength(0);
    // The host hears that the entered team left (record 163).
    expect(await notificationsOf(host.uid, 'USER_LEFT_ADMIN_TOURNAMENT')).toMatchObject([
      { tournament: { id }, party: { id: party, teamName: 'Trio' }, users: [{ uid: party, displayName: 'Trio' }] },
    ]);
    // Twice: they are no longer in it. Out, they may make a party of their own.
    expect(await act(leader, `removeFromParty/${first.uid}`)).toMatchObject({
      status: 409,
      body: { code: 'not-in-party' },
    });
    expect((await act(first, 'createParty', { teamName: 'Solo Again' })).status).toBe(201);
  });

  it('an invite taken back while its invitee joins: in the party with no invite, or out of it with none', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, act } = await teamTournament();
      const [leader, mate] = (await Promise.all([verifiedUser(), verifiedUser()])) as [Player, Player];
      const party = (await act(leader, 'createParty', { teamName: 'Racers' })).body.uid as string;
      await act(leader, `inviteToParty/${mate.uid}`);
      const [withdrawn, joined] = await Promise.all([
        act(leader, `withdrawInvite/${mate.uid}`),
        act(mate, `joinParty/${party}`),
      ]);
      expect([withdrawn.status, joined.status].sort()).toEqual([200, 409]);
      const stored = (await adminDb.doc(`tournaments/${id}/parties/${party}`).get()).data() as Body;
      const tournament = await tournamentOf(id);
      expect(stored.invited).toEqual([]);
      expect((tournament.invitesForUsers as Record<string, string[]>)[mate.uid] ?? []).toEqual([]);
      if (joined.status === 200) {
        expect(withdrawn.body).toMatchObject({ code: 'no-pending-invite' });
        expect(tournament.usersInParties).toHaveProperty(mate.uid, party);
        expect(stored.participants as Body[]).toHaveLength(2);
      } else {
        expect(joined.body).toMatchObject({ code: 'not-invited' });
        expect(tournament.usersInParties).not.toHaveProperty(mate.uid);
        expect(stored.participants as Body[]).toHaveLength(1);
      }
    }
  });

  it('a member removed while they leave: out once, with one notice at most', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, act } = await teamTournament();
      const [leader, mate] = (await Promise.all([verifiedUser(), verifiedUser()])) as [Player, Player];
      const party = await partyOf(act, leader, [mate]);
      expect((await act(leader, 'partyReady')).status).toBe(200);
      const [removed, left] = await Promise.all([act(leader, `removeFromParty/${mate.uid}`), act(mate, 'leaveParty')]);
      expect([removed.status, left.status].sort()).toEqual([200, 409]);
      if (removed.status === 409) expect(removed.body).toMatchObject({ code: 'not-in-party' });
      else expect(left.body).toMatchObject({ code: 'not-joined' });
      const tournament = await tournamentOf(id);
      expect(tournament).toMatchObject({
        participantCount: 0,
        usersInParties: { [leader.uid]: party },
        joinedParties: { [party]: { ready: false, memberCount: 1 } },
      });
      expect(tournament.usersInParties).not.toHaveProperty(mate.uid);
      const notices = [
        ...(await notificationsOf(mate.uid, 'PARTY_MEMBER_REMOVED')),
        ...(await notificationsOf(leader.uid, 'PARTY_MEMBER_LEFT')),
      ];
      expect(notices).toHaveLength(1);
    }
  });
});

describe('parties (TEAM)', () => {
  it('create, invite, join, ready: a full party is one participant; refusals on the way', async () => {
    const host = await verifiedUser();
    const { body } = await create(host.token, { gameFormat: 'TEAM', teamSize: 2, entryFee: 0, size: 8 });
    const id = body.id as string;
    const [leader, mate, stranger, other] = await Promise.all([
      verifiedUser(),
      verifiedUser(),
      verifiedUser(),
      verifiedUser(),
    ]);

    expect(await act(leader.token, id, 'createParty', { teamName: 'x' })).toMatchObject({ status: 400 });
    const party = await act(leader.token, id, 'createParty', { teamName: 'Night Owls' });
    expect(party.status).toBe(201);
    const partyId = party.body.uid as string;
    expect(party.body).toMatchObject({ leader: leader.uid, teamName: 'Night Owls', ready: false });
    // A forming party's members already count as involved: their lists show the tournament.
    expect((await tournamentOf(id)).memberUids).toEqual([leader.uid]);
    expect(await act(leader.token, id, 'createParty', { teamName: 'Second' })).toMatchObject({
      status: 409,
      body: { code: 'already-in-party' },
    });
    // Only the leader invites, never themselves; a party of one is not ready.
    expect(await act(leader.token, id, 'partyReady')).toMatchObject({
      status: 409,
      body: { code: 'party-wrong-size' },
    });
    expect((await act(leader.token, id, `inviteToParty/${leader.uid}`)).status).toBe(400);
    expect(await act(stranger.token, id, `inviteToParty/${mate.uid}`)).toMatchObject({
      status: 409,
      body: { code: 'not-joined' },
    });
    expect(await act(stranger.token, id, `joinParty/${partyId}`)).toMatchObject({
      status: 409,
      body: { code: 'not-invited' },
    });

    expect((await act(leader.token, id, `inviteToParty/${mate.uid}`)).status).toBe(200);
    expect((await act(leader.token, id, `inviteToParty/${other.uid}`)).status).toBe(200);
    expect(await notificationsOf(mate.uid, 'INVITED_TO_PARTY')).toMatchObject([
      { party: { id: partyId, teamName: 'Night Owls' }, users: [{ uid: leader.uid }] },
    ]);
    expect((await adminDb.doc(`tournaments/${id}/invites/${mate.uid}`).get()).data()).toMatchObject({
      parties: { [partyId]: { teamName: 'Night Owls', leader: leader.uid } },
    });
    expect((await tournamentOf(id)).invitesForUsers).toMatchObject({ [mate.uid]: [partyId] });

    // `other` ignores; `mate` joins.
    expect((await act(other.token, id, `ignoreInvite/${partyId}`)).status).toBe(200);
    // No empty list stays behind for a player left with no invite.
    expect((await tournamentOf(id)).invitesForUsers).toEqual({ [mate.uid]: [partyId] });
    // The leader is told (record 184: the invite vanished from their list with no word).
    const declined = await notificationsOf(leader.uid, 'PARTY_INVITE_DECLINED');
    expect(declined).toMatchObject([{ party: { id: partyId, teamName: 'Night Owls' }, users: [{ uid: other.uid }] }]);
    expect(declined[0]).not.toHaveProperty('reasoning');
    expect(await act(other.token, id, `joinParty/${partyId}`)).toMatchObject({
      status: 409,
      body: { code: 'not-invited' },
    });
    expect((await act(mate.token, id, `joinParty/${partyId}`)).status).toBe(200);
    expect(await notificationsOf(leader.uid, 'JOINED_USER_PARTY')).toHaveLength(1);
    expect((await adminDb.doc(`tournaments/${id}/invites/${mate.uid}`).get()).exists).toBe(false);
    expect(await act(mate.token, id, 'createParty', { teamName: 'Breakaway' })).toMatchObject({ status: 409 });

    // Only the leader marks ready; the party becomes one participant.
    expect(await act(mate.token, id, 'partyReady')).toMatchObject({ status: 403, body: { code: 'not-party-leader' } });
    const ready = await act(leader.token, id, 'partyReady');
    expect(ready.status).toBe(200);
    const tournament = await tournamentOf(id);
    // The answer is the stored tournament (it used to say the party was not ready).
    expect(ready.body).toMatchObject({
      participantCount: 1,
      joinedParties: tournament.joinedParties,
      invitesForUsers: tournament.invitesForUsers,
      lastActivityAt: tournament.lastActivityAt,
    });
    expect(tournament).toMatchObject({
      participantCount: 1,
      participants: [{ id: partyId, kind: 'PARTY', displayName: 'Night Owls', uid: leader.uid }],
      usersInParties: { [leader.uid]: partyId, [mate.uid]: partyId },
      joinedParties: { [partyId]: { ready: true, memberCount: 2 } },
    });
    expect(new Set(tournament.memberUids as string[])).toEqual(new Set([leader.uid, mate.uid]));
    expect(await notificationsOf(host.uid, 'USER_JOINED_ADMIN_TOURNAMENT')).toHaveLength(1);
    // Each member is told the team is in, and who checks it in (record 169).
    expect(await notificationsOf(mate.uid, 'JOIN_TOURNAMENT')).toMatchObject([
      { party: { id: partyId, teamName: 'Night Owls', leader: leader.uid } },
    ]);

    // Removing the party takes it out and tells the member.
    expect(await act(mate.token, id, 'removeParty')).toMatchObject({ status: 403 });
    expect((await act(leader.token, id, 'removeParty')).status).toBe(200);
    expect(await tournamentOf(id)).toMatchObject({ participantCount: 0, usersInParties: {}, joinedParties: {} });
    expect(await notificationsOf(mate.uid, 'PARTY_REMOVED')).toHaveLength(1);
    expect((await adminDb.doc(`tournaments/${id}/parties/${partyId}`).get()).exists).toBe(false);
    // The host hears that the entered team left (record 163), and not of parties never entered.
    expect(await notificationsOf(host.uid, 'USER_LEFT_ADMIN_TOURNAMENT')).toMatchObject([
      { users: [{ uid: partyId, displayName: 'Night Owls' }], people: 1 },
    ]);
  });

  it('an invitee who makes or joins another party answers the other invites: their leaders are told (record 184)', async () => {
    const { act } = await teamTournament(3);
    const [first, second, third, invitee, other] = (await Promise.all(
      Array.from({ length: 5 }, () => verifiedUser()),
    )) as [Player, Player, Player, Player, Player];
    const parties = await Promise.all(
      [first, second, third].map(async (leader, index) => {
        const party = (await act(leader, 'createParty', { teamName: `Crew ${index}` })).body.uid as string;
        expect((await act(leader, `inviteToParty/${invitee.uid}`)).status).toBe(200);
        return party;
      }),
    );
    expect((await act(second, `inviteToParty/${other.uid}`)).status).toBe(200);
    // Joining the first: the second's and third's leaders hear it, the first's hears the join.
    expect((await act(invitee, `joinParty/${parties[0]}`)).status).toBe(200);
    for (const [leader, index] of [
      [second, 1],
      [third, 2],
    ] as const)
      expect(await notificationsOf(leader.uid, 'PARTY_INVITE_DECLINED')).toMatchObject([
        { reasoning: 'elsewhere', party: { id: parties[index] }, users: [{ uid: invitee.uid }] },
      ]);
    expect(await notificationsOf(first.uid, 'PARTY_INVITE_DECLINED')).toEqual([]);
    // Making a party of one's own answers the invite as well.
    expect((await act(other, 'createParty', { teamName: 'Solo Start' })).status).toBe(201);
    expect(await notificationsOf(second.uid, 'PARTY_INVITE_DECLINED')).toMatchObject([
      { reasoning: 'elsewhere' },
      { reasoning: 'elsewhere' },
    ]);
  });

  it("seeds a team by its members' trophies when it joins, not when each joined the party (walk Z)", async () => {
    const { id, act } = await teamTournament();
    const [leader, mate] = await Promise.all([verifiedUser(), verifiedUser()]);
    const partyId = (await act(leader, 'createParty', { teamName: 'Late Bloomers' })).body.uid as string;
    expect((await act(leader, `inviteToParty/${mate.uid}`)).status).toBe(200);
    expect((await act(mate, `joinParty/${partyId}`)).status).toBe(200);
    // Both win trophies elsewhere while the party forms (a tournament's end increments them so). Set
    // back after: check:stats rebuilds a profile's trophies from its history, which has none here.
    const trophies = (uid: string, count: number) => adminDb.doc(`users/${uid}`).update({ trophies: count });
    await Promise.all([trophies(leader.uid, 6), trophies(mate.uid, 3)]);
    try {
      expect((await act(leader, 'partyReady')).status).toBe(200);
    } finally {
      await Promise.all([trophies(leader.uid, 0), trophies(mate.uid, 0)]);
    }
    const [entrant] = (await tournamentOf(id)).participants as Body[];
    expect(entrant).toMatchObject({ id: partyId, trophies: 9 });
    expect(entrant!.members).toMatchObject([
      { uid: leader.uid, trophies: 6 },
      { uid: mate.uid, trophies: 3 },
    ]);
  });

  it('a member may leave; a solo tournament has no parties', async () => {
    const host = await verifiedUser();
    const solo = await create(host.token, { entryFee: 0 });
    const [leader, mate] = await Promise.all([verifiedUser(), verifiedUser()]);
    expect(await act(leader.token, solo.body.id as string, 'createParty', { teamName: 'Solo Team' })).toMatchObject({
      status: 409,
      body: { code: 'solo-tournament' },
    });
    const { body } = await create(host.token, {
      gameFormat: 'TEAM',
      teamSize: 2,
      entryFee: 0,
      startTime: Date.now() + 9 * DAY,
    });
    const id = body.id as string;
    const partyId = (await act(leader.token, id, 'createParty', { teamName: 'Pair' })).body.uid as string;
    await act(leader.token, id, `inviteToParty/${mate.uid}`);
    await act(mate.token, id, `joinParty/${partyId}`);
    await act(leader.token, id, 'partyReady');
    expect((await tournamentOf(id)).participantCount).toBe(1);
    expect(await act(leader.token, id, 'leaveParty')).toMatchObject({ status: 409 });
    expect((await act(mate.token, id, 'leaveParty')).status).toBe(200);
    expect(await tournamentOf(id)).toMatchObject({
      participantCount: 0,
      joinedParties: { [partyId]: { ready: false, memberCount: 1 } },
    });
    expect(await notificationsOf(host.uid, 'USER_LEFT_ADMIN_TOURNAMENT')).toMatchObject([
      { party: { id: partyId, teamName: 'Pair' }, users: [{ uid: partyId, displayName: 'Pair' }] },
    ]);
    // The leader hears who left, and that the entered party is out until it is ready again.
    const [left] = await notificationsOf(leader.uid, 'PARTY_MEMBER_LEFT');
    expect(left).toMatchObject({
      reasoning: 'was-ready',
      party: { id: partyId, teamName: 'Pair' },
      users: [{ uid: mate.uid, displayName: mate.displayName }],
    });
    expect(await notificationsOf(mate.uid, 'PARTY_MEMBER_LEFT')).toHaveLength(0);
    // Leaving a party still forming says only who left.
    const third = await verifiedUser();
    await act(leader.token, id, `inviteToParty/${third.uid}`);
    await act(third.token, id, `joinParty/${partyId}`);
    expect((await act(third.token, id, 'leaveParty')).status).toBe(200);
    const lefts = await notificationsOf(leader.uid, 'PARTY_MEMBER_LEFT');
    const forming = lefts.find((notice) => (notice.users as { uid: string }[])[0]?.uid === third.uid);
    expect(forming).toBeDefined();
    expect(forming!.reasoning).toBeUndefined();
  });
});
