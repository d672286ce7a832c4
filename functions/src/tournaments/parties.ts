import { hasGameAccount } from '@versus/domain/games/game-accounts';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import {
  isCheckInOpen,
  teamNameKey,
  type Participant,
  type Party,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { HttpError, conflict, notFound } from '../errors/http-error';
import { gatherNotice, notify } from '../notifications/notify';
import { notificationRef, profileRef } from '../platform/collections';
import { gated, readAhead, runOptimistic, type Gate } from '../platform/optimistic';
import { readDocument } from '../platform/reads';
import { answerOtherInvites, invitesWithout, tellLeadersDeclined, withdrawInvites } from './party-invites';
import { invitesRef, memberSummary, partiesCollection, partyRef, tournamentLink, tournamentRef } from './refs';
import { entrantFields, inviteeRemoved, memberUidsOf, notOpen, readTournament, removedByHost } from './tournaments';
import { inEnteredParty, joinedNoticeId, noticePartyLeft, readLeaveNoticeAhead } from './joining';
import { gameAccountRequired } from '../platform/game-records';

/**
 * Parties of TEAM tournaments (SPEC §3 Party, §7 party calls, DESIGN §6 team format). The party
 * lives in tournaments/{id}/parties/{partyId}; the tournament keeps the maps SPEC §3 names
 * (usersInParties, joinedParties, invitesForUsers) and, once the party is ready, one entrant.
 * An invitee's pending invites are mirrored in tournaments/{id}/invites/{uid}, which only they read.
 */

/** Pending invites a party may have at once: enough to fill a team of six twice over. */
export const PARTY_INVITES_MAX = 12;

const notLeader = () => new HttpError(403, 'Only the party leader can do this.', 'not-party-leader');
const alreadyInParty = () =>
  conflict('You are already in a party in this tournament. Leave it first.', 'already-in-party');
const teamNameTaken = (name: string) =>
  new HttpError(
    409,
    `A party in this tournament is already called ${name}. Choose another name.`,
    'team-name-taken',
    undefined,
    { name },
  );
const partyIsReady = () =>
  conflict('This party is ready and in the tournament. Its leader can remove it to change it.', 'party-ready');

async function openTeamTournament(tx: Transaction, id: string, now: number): Promise<Tournament> {
  const tournament = await readTournament(tx, id);
  if (tournament.state !== 'OPEN' || now >= tournament.startTime) throw notOpen();
  if (tournament.gameFormat !== 'TEAM')
    throw conflict('This is a solo tournament: join it directly.', 'solo-tournament');
  return tournament;
}

export async function readParty(tx: Transaction, tournamentId: string, partyId: string): Promise<Party> {
  const party = (await tx.get(partyRef(tournamentId, partyId))).data();
  if (!party) throw notFound('That party');
  return party;
}

/** The party the caller leads in this tournament. */
async function ledParty(tx: Transaction, tournament: Tournament, uid: string): Promise<Party> {
  const partyId = tournament.usersInParties[uid];
  if (!partyId) throw conflict('You are not in a party in this tournament.', 'not-joined');
  const party = await readParty(tx, tournament.id, partyId);
  if (party.leader !== uid) throw notLeader();
  return party;
}

const summaryOf = (party: Party) => ({
  teamName: party.teamName,
  leader: party.leader,
  ready: party.ready,
  memberCount: party.participants.length,
});

/** POST /tournaments/{id}/createParty {teamName}: the caller becomes the leader of a new party. */
export async function createParty(uid: string, id: string, teamName: string, now: number, gate?: Gate): Promise<Party> {
  const partyId = partiesCollection(id).doc().id;
  return runOptimistic(async (tx) => {
    const [tournament, profileSnapshot] = await Promise.all([openTeamTournament(tx, id, now), tx.get(profileRef(uid))]);
    const profile = profileSnapshot.data();
    if (!profile) throw notFound('Your profile');
    if (tournament.verifiedOnly && !hasGameAccount(profile, tournament.game))
      throw gameAccountRequired(tournament.game);
    if (tournament.usersInParties[uid]) throw alreadyInParty();
    if (tournament.removed?.[uid]) throw removedByHost();
    if (tournament.participantCount >= tournament.size) throw conflict('This tournament is full.', 'tournament-full');
    // The tournament keeps every party's name (joinedParties), and this commit is guarded by its read:
    // two parties made at once under one name cannot both land.
    const key = teamNameKey(teamName);
    const namesake = Object.values(tournament.joinedParties).find((other) => teamNameKey(other.teamName) === key);
    if (namesake) throw teamNameTaken(namesake.teamName);
    const pendingInvites = tournament.invitesForUsers[uid] ?? [];
    const others = await Promise.all(pendingInvites.map((other) => tx.get(partyRef(id, other))));
    const party: Party = {
      uid: partyId,
      tournamentId: id,
      leader: uid,
      teamName,
      ready: false,
      participants: [memberSummary(uid, profile)],
      invited: [],
      createdAt: now,
    };
    tx.create(partyRef(id, partyId), party);
    // Leading a party answers every other invite: they are withdrawn, and their leaders told.
    answerOtherInvites(tx, tournament, others, { uid, displayName: profile.displayName }, now);
    if (pendingInvites.length > 0) tx.delete(invitesRef(id, uid));
    tx.update(tournamentRef(id), {
      [`usersInParties.${uid}`]: partyId,
      [`joinedParties.${partyId}`]: summaryOf(party),
      [`invitesForUsers.${uid}`]: FieldValue.delete(),
      memberUids: memberUidsOf(tournament.participants, { ...tournament.usersInParties, [uid]: partyId }),
      lastActivityAt: now,
    });
    return party;
  }, gated(gate));
}

/** POST /tournaments/{id}/inviteToParty/{userUid}: the leader invites a player (INVITED_TO_PARTY). */
export async function inviteToParty(
  uid: string,
  id: string,
  invitee: string,
  now: number,
  gate?: Gate,
): Promise<Party> {
  if (invitee === uid) throw new HttpError(400, 'You cannot invite yourself.', 'invalid-input');
  return runOptimistic(async (tx) => {
    const [tournament, inviteeSnapshot, leaderSnapshot] = await Promise.all([
      openTeamTournament(tx, id, now),
      tx.get(profileRef(invitee)),
      tx.get(profileRef(uid)),
    ]);
    const party = await ledParty(tx, tournament, uid);
    const player = inviteeSnapshot.data();
    if (!player || player.deactivated) throw notFound('That player');
    if (party.ready) throw partyIsReady();
    if (tournament.removed?.[invitee]) throw inviteeRemoved();
    if (tournament.usersInParties[invitee])
      throw conflict(`${player.displayName} is already in a party in this tournament.`, 'already-in-party');
    if (party.invited.includes(invitee)) return party;
    if (party.invited.length >= PARTY_INVITES_MAX)
      throw conflict(`A party may have at most ${PARTY_INVITES_MAX} pending invites.`, 'party-full');
    const leaderName = leaderSnapshot.data()?.displayName ?? '';
    tx.update(partyRef(id, party.uid), { invited: FieldValue.arrayUnion(invitee) });
    tx.set(
      invitesRef(id, invitee),
      {
        uid: invitee,
        tournamentId: id,
        tournamentName: tournament.name,
        parties: { [party.uid]: { teamName: party.teamName, leader: uid, leaderName, invitedAt: now } },
      },
      { merge: true },
    );
    tx.update(tournamentRef(id), { [`invitesForUsers.${invitee}`]: FieldValue.arrayUnion(party.uid) });
    notify(
      tx,
      invitee,
      {
        type: 'INVITED_TO_PARTY',
        tournament: tournamentLink(tournament),
        party: { id: party.uid, teamName: party.teamName },
        users: [{ uid, displayName: leaderName }],
      },
      now,
    );
    return { ...party, invited: [...party.invited, invitee] };
  }, gated(gate));
}

/** POST /tournaments/{id}/joinParty/{partyUid}: an invitee joins (JOINED_USER_PARTY to the leader). */
export async function joinParty(uid: string, id: string, partyId: string, now: number, gate?: Gate): Promise<Party> {
  return runOptimistic(async (tx) => {
    const [tournament, profileSnapshot] = await Promise.all([openTeamTournament(tx, id, now), tx.get(profileRef(uid))]);
    const profile = profileSnapshot.data();
    if (!profile) throw notFound('Your profile');
    if (tournament.verifiedOnly && !hasGameAccount(profile, tournament.game))
      throw gameAccountRequired(tournament.game);
    const party = await readParty(tx, id, partyId);
    if (tournament.usersInParties[uid]) throw alreadyInParty();
    if (tournament.removed?.[uid]) throw removedByHost();
    if (!party.invited.includes(uid)) throw conflict('You have not been invited to this party.', 'not-invited');
    if (party.ready) throw partyIsReady();
    if (party.participants.length >= tournament.teamSize)
      throw conflict(`This party already has ${tournament.teamSize} players.`, 'party-full');
    const otherIds = (tournament.invitesForUsers[uid] ?? []).filter((other) => other !== partyId);
    const others = await Promise.all(otherIds.map((other) => tx.get(partyRef(id, other))));

    const member = memberSummary(uid, profile);
    const next: Party = {
      ...party,
      participants: [...party.participants, member],
      invited: party.invited.filter((item) => item !== uid),
    };
    tx.update(partyRef(id, partyId), { participants: next.participants, invited: next.invited });
    answerOtherInvites(tx, tournament, others, { uid, displayName: member.displayName }, now);
    tx.delete(invitesRef(id, uid));
    tx.update(tournamentRef(id), {
      [`usersInParties.${uid}`]: partyId,
      [`joinedParties.${partyId}`]: summaryOf(next),
      [`invitesForUsers.${uid}`]: FieldValue.delete(),
      memberUids: memberUidsOf(tournament.participants, { ...tournament.usersInParties, [uid]: partyId }),
      lastActivityAt: now,
    });
    notify(
      tx,
      party.leader,
      {
        type: 'JOINED_USER_PARTY',
        tournament: tournamentLink(tournament),
        party: { id: partyId, teamName: party.teamName },
        users: [{ uid, displayName: member.displayName }],
      },
      now,
    );
    return next;
  }, gated(gate));
}

/** POST /tournaments/{id}/ignoreInvite/{partyUid}: the invitee says no. */
export async function ignoreInvite(uid: string, id: string, partyId: string, now: number): Promise<void> {
  await runOptimistic(async (tx) => {
    // The invitee's name, for the leader's notice: beside the reads, unguarded (names change rarely).
    const named = readDocument(profileRef(uid));
    named.catch(() => {}); // awaited below
    const tournament = await readTournament(tx, id);
    const party = (await tx.get(partyRef(id, partyId))).data();
    const invited = party?.invited.includes(uid) || (tournament.invitesForUsers[uid] ?? []).includes(partyId);
    if (!invited) throw conflict('You have not been invited to this party.', 'not-invited');
    if (party) tx.update(partyRef(id, partyId), { invited: FieldValue.arrayRemove(uid) });
    const displayName = (await named).data()?.displayName ?? '';
    tellLeadersDeclined(tx, tournament, [party], { uid, displayName }, now, false);
    tx.update(tournamentRef(id), { ...withdrawInvites(tx, tournament, partyId, [uid]), lastActivityAt: now });
  });
}

/**
 * POST /tournaments/{id}/partyReady: the leader of a party with exactly the team size enters it
 * as one participant; its pending invites are withdrawn.
 */
export async function partyReady(uid: string, id: string, now: number, gate?: Gate): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const tournament = await openTeamTournament(tx, id, now);
    // Beside the party: the host's notice of the day's joins, and the members' profiles, unguarded (a
    // snapshot): seeding adds up their trophies as they are when it joins, and their names (walk Z).
    readAhead(tx, [notificationRef(tournament.uid, joinedNoticeId(id, now))]);
    const inParty = Object.keys(tournament.usersInParties).filter(
      (member) => tournament.usersInParties[member] === tournament.usersInParties[uid],
    );
    const profiles = Promise.all(inParty.map((member) => readDocument(profileRef(member))));
    profiles.catch(() => {}); // awaited below, once the party is known
    const formed = await ledParty(tx, tournament, uid);
    if (formed.ready) return tournament;
    const current = new Map((await profiles).map((snapshot) => [snapshot.id, snapshot.data()]));
    const party: Party = {
      ...formed,
      participants: formed.participants.map((member) => {
        const profile = current.get(member.uid);
        return profile ? memberSummary(member.uid, profile) : member;
      }),
    };
    if (party.participants.length !== tournament.teamSize)
      throw conflict(
        `A party needs exactly ${tournament.teamSize} players to be ready; it has ${party.participants.length}.`,
        'party-wrong-size',
      );
    if (tournament.participantCount >= tournament.size) throw conflict('This tournament is full.', 'tournament-full');
    const leader = party.participants.find((member) => member.uid === uid) ?? party.participants[0]!;
    const entrant: Participant = {
      id: party.uid,
      kind: 'PARTY',
      displayName: party.teamName,
      uid,
      avatar: leader.avatar,
      avatarPlaceholder: leader.avatarPlaceholder,
      trophies: party.participants.reduce((sum, member) => sum + member.trophies, 0),
      joinedAt: now,
      checkedIn: isCheckInOpen(tournament, now),
      members: party.participants,
      escrowId: null,
    };
    const fields = entrantFields(tournament, [...tournament.participants, entrant]);
    const summary = { ...summaryOf(party), ready: true };
    tx.update(partyRef(id, party.uid), { ready: true, invited: [], participants: party.participants });
    tx.update(tournamentRef(id), {
      ...fields,
      ...withdrawInvites(tx, tournament, party.uid, party.invited),
      [`joinedParties.${party.uid}`]: summary,
      lastActivityAt: now,
    });
    const link = tournamentLink(tournament);
    for (const member of party.participants)
      notify(
        tx,
        member.uid,
        {
          type: 'JOIN_TOURNAMENT',
          tournament: link,
          // Its leader checks the team in, which the members' text says (record 169).
          party: { id: party.uid, teamName: party.teamName, leader: party.leader },
          ...(entrant.checkedIn ? { reasoning: 'checked-in' } : {}),
        },
        now,
      );
    if (!party.participants.some((member) => member.uid === tournament.uid))
      await gatherNotice(
        tx,
        tournament.uid,
        joinedNoticeId(id, now),
        { type: 'USER_JOINED_ADMIN_TOURNAMENT', tournament: link, party: { id: party.uid, teamName: party.teamName } },
        party.participants.map((member) => ({ uid: member.uid, displayName: member.displayName })),
        now,
      );
    // The answer is what was stored: the party ready, its invites withdrawn.
    const invitesForUsers = { ...tournament.invitesForUsers };
    for (const invitee of party.invited) {
      const left = invitesWithout(tournament, invitee, party.uid);
      if (left.length > 0) invitesForUsers[invitee] = left;
      else delete invitesForUsers[invitee];
    }
    return {
      ...tournament,
      ...fields,
      joinedParties: { ...tournament.joinedParties, [party.uid]: summary },
      invitesForUsers,
      lastActivityAt: now,
    };
  }, gated(gate));
}

/**
 * Deletes the party and takes it out of the tournament's maps and, if it was in, out of the
 * entrants; `also` joins the tournament's update (a host's removal, record 115). Answers the
 * tournament as the update leaves it, `also` aside.
 */
export function dropParty(
  tx: Transaction,
  tournament: Tournament,
  party: Party,
  now: number,
  also: Record<string, unknown> = {},
): Tournament {
  const usersInParties = { ...tournament.usersInParties };
  for (const member of party.participants) delete usersInParties[member.uid];
  const participants = party.ready
    ? tournament.participants.filter((entrant) => entrant.id !== party.uid)
    : tournament.participants;
  const fields = entrantFields(tournament, participants, usersInParties);
  const update: Record<string, unknown> = {
    ...withdrawInvites(tx, tournament, party.uid, party.invited),
    [`joinedParties.${party.uid}`]: FieldValue.delete(),
    ...fields,
    lastActivityAt: now,
    ...also,
  };
  for (const member of party.participants) update[`usersInParties.${member.uid}`] = FieldValue.delete();
  tx.update(tournamentRef(tournament.id), update);
  tx.delete(partyRef(tournament.id, party.uid));
  const { [party.uid]: _dropped, ...joinedParties } = tournament.joinedParties;
  return { ...tournament, ...fields, usersInParties, joinedParties, lastActivityAt: now };
}

/** POST /tournaments/{id}/removeParty: the leader dissolves the party; members hear PARTY_REMOVED. */
export async function removeParty(uid: string, id: string, now: number): Promise<void> {
  await runOptimistic(async (tx) => {
    const tournament = await openTeamTournament(tx, id, now);
    if (inEnteredParty(tournament, uid)) readLeaveNoticeAhead(tx, tournament, now);
    const party = await ledParty(tx, tournament, uid);
    dropParty(tx, tournament, party, now);
    await noticePartyLeft(tx, tournament, party, now);
    for (const member of party.participants)
      if (member.uid !== uid)
        notify(
          tx,
          member.uid,
          {
            type: 'PARTY_REMOVED',
            tournament: tournamentLink(tournament),
            party: { id: party.uid, teamName: party.teamName },
          },
          now,
        );
  });
}

/**
 * Takes a member who is not the leader out of the party. A ready party is then one player short,
 * so it leaves the entrants until its leader marks it ready again. Every member as it was but
 * `quiet` (the one who acted) hears `type`, naming who went (`reasoning: 'was-ready'` when entered).
 */
function dropMember(
  tx: Transaction,
  tournament: Tournament,
  party: Party,
  uid: string,
  now: number,
  notice: { type: 'PARTY_MEMBER_LEFT' | 'PARTY_MEMBER_REMOVED'; quiet: string },
): Party {
  const partyId = party.uid;
  const next: Party = {
    ...party,
    ready: false,
    participants: party.participants.filter((member) => member.uid !== uid),
  };
  const displayName = party.participants.find((member) => member.uid === uid)?.displayName ?? '';
  for (const member of party.participants)
    if (member.uid !== notice.quiet)
      notify(
        tx,
        member.uid,
        {
          type: notice.type,
          tournament: tournamentLink(tournament),
          party: { id: partyId, teamName: party.teamName },
          users: [{ uid, displayName }],
          ...(party.ready ? { reasoning: 'was-ready' } : {}),
        },
        now,
      );
  tx.update(partyRef(tournament.id, partyId), { participants: next.participants, ready: false });
  const { [uid]: _left, ...usersInParties } = tournament.usersInParties;
  const participants = party.ready
    ? tournament.participants.filter((entrant) => entrant.id !== partyId)
    : tournament.participants;
  tx.update(tournamentRef(tournament.id), {
    [`usersInParties.${uid}`]: FieldValue.delete(),
    [`joinedParties.${partyId}`]: summaryOf(next),
    ...entrantFields(tournament, participants, usersInParties),
    lastActivityAt: now,
  });
  return next;
}

/**
 * POST /tournaments/{id}/leaveParty (ours): a member who is not the leader leaves (dropMember). The
 * others hear PARTY_MEMBER_LEFT.
 */
export async function leaveParty(uid: string, id: string, now: number): Promise<Party> {
  return runOptimistic(async (tx) => {
    const tournament = await openTeamTournament(tx, id, now);
    const partyId = tournament.usersInParties[uid];
    if (!partyId) throw conflict('You are not in a party in this tournament.', 'not-joined');
    if (inEnteredParty(tournament, uid)) readLeaveNoticeAhead(tx, tournament, now);
    const party = await readParty(tx, id, partyId);
    if (party.leader === uid)
      throw conflict('The leader cannot leave the party; remove it instead.', 'not-party-leader');
    await noticePartyLeft(tx, tournament, party, now);
    return dropMember(tx, tournament, party, uid, now, { type: 'PARTY_MEMBER_LEFT', quiet: uid });
  });
}

/**
 * POST /tournaments/{id}/removeFromParty/{userUid} (ours, record 129): the leader takes a member out
 * (dropMember). Every member but the leader hears PARTY_MEMBER_REMOVED: the one removed, and the
 * others, whose entered party is out until it is ready again.
 */
export async function removeFromParty(uid: string, id: string, member: string, now: number): Promise<Party> {
  if (member === uid)
    throw new HttpError(400, 'You lead this party: remove the party instead of yourself.', 'invalid-input');
  return runOptimistic(async (tx) => {
    const tournament = await openTeamTournament(tx, id, now);
    if (inEnteredParty(tournament, uid)) readLeaveNoticeAhead(tx, tournament, now);
    const party = await ledParty(tx, tournament, uid);
    if (!party.participants.some((each) => each.uid === member))
      throw conflict('That player is no longer in your party.', 'not-in-party');
    await noticePartyLeft(tx, tournament, party, now);
    return dropMember(tx, tournament, party, member, now, { type: 'PARTY_MEMBER_REMOVED', quiet: uid });
  });
}

/**
 * POST /tournaments/{id}/withdrawInvite/{userUid} (ours, record 129): the leader takes back an invite
 * not yet answered; the invitee's list of invites no longer shows it, and a join answers not-invited.
 */
export async function withdrawInvite(uid: string, id: string, invitee: string, now: number): Promise<Party> {
  return runOptimistic(async (tx) => {
    const tournament = await openTeamTournament(tx, id, now);
    const party = await ledParty(tx, tournament, uid);
    if (!party.invited.includes(invitee))
      throw conflict('That player has no pending invite from your party.', 'no-pending-invite');
    tx.update(partyRef(id, party.uid), { invited: FieldValue.arrayRemove(invitee) });
    tx.update(tournamentRef(id), { ...withdrawInvites(tx, tournament, party.uid, [invitee]), lastActivityAt: now });
    return { ...party, invited: party.invited.filter((other) => other !== invitee) };
  });
}
