import type { Transaction } from 'firebase-admin/firestore';
import { licenceCovers, needsRiotLicence } from '@versus/domain/tournaments/riot-licence';
import {
  entrantOf,
  isCheckInOpen,
  type Participant,
  type Party,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { hasGameAccount } from '@versus/domain/games/game-accounts';
import { gameAccountRequired } from '../platform/game-records';
import { utcDay } from '@versus/domain/platform/constants';
import { HttpError, conflict, notFound } from '../errors/http-error';
import { gatherNotice, notify } from '../notifications/notify';
import { accountRef, notificationRef, profileRef } from '../platform/collections';
import { groupCommit, type Outcome } from '../platform/group-commit';
import { readAhead, runOptimistic, storeAnswerInCommit, type Gate } from '../platform/optimistic';
import { escrowReads, moveEscrows } from '../wallet/escrow';
import { reliabilityBar } from '@versus/domain/users/reliability';
import type { PublicProfile } from '@versus/domain/users/types';
import { memberSummary, tournamentLink, tournamentRef, tournamentsCollection } from './refs';
import {
  entrantFields,
  joinEscrowId,
  notOpen,
  readTournament,
  refundsOf,
  removedByHost,
  seenTournaments,
} from './tournaments';

/**
 * Joining a solo tournament and leaving it, and checking in (SPEC §5, DESIGN §6): joins grouped
 * per tournament into one transaction, each with its own checks and fee.
 */

interface PendingJoin {
  uid: string;
  now: number;
  /** The route's gate (requireActiveUserBeside): its check runs beside the batch's reads, and its read of the player's profile is the batch's. */
  gate: Gate | undefined;
}

/**
 * POST /tournaments/{id}/join (SOLO): holds the fee and adds the player; the count and the size
 * are read in the same optimistic transaction, so 33 players racing for 32 places leave one out.
 *
 * Joins of one tournament that reach this process together are combined (group commit): one
 * transaction adds them all, each with its own checks, escrow and ledger entry, and one write of
 * the tournament. Otherwise 32 simultaneous joins would queue on that one document, the last
 * waiting for 31 commits (DESIGN §8, bench:tournaments). Joins in other processes still race
 * through the update-time preconditions; a failure of one join never fails its neighbours.
 */
export async function joinTournament(uid: string, id: string, now: number, gate?: Gate): Promise<Tournament> {
  try {
    return await queueJoin(id, { uid, now, gate });
  } catch (error) {
    await gate?.passed; // its refusal answers first
    throw error;
  }
}

type JoinOutcome = { ok: true } | { ok: false; error: unknown };

async function joinBatch(id: string, batch: PendingJoin[]): Promise<Outcome<Tournament>[]> {
  const last = Math.max(...batch.map((join) => join.now));
  const answer = await runOptimistic(
    async (tx) => {
      // Every read in one round trip when this process has read the tournament before (its host and
      // fee, seenTournaments): the players' profiles, the host's notice (gatherNotice, below) and the
      // fees' escrows with the tournament (platform/optimistic readAhead). Otherwise two: the notice
      // and the escrows after the tournament.
      const guess = seenTournaments.get(id);
      readAhead(tx, [
        ...batch.map((join) => profileRef(join.uid)),
        ...(guess ? [notificationRef(guess.host, joinedNoticeId(id, last))] : []),
        ...(guess && guess.entryFee > 0
          ? escrowReads({ holds: batch.map((join) => ({ escrowId: joinEscrowId(id, join), uid: join.uid })) })
          : []),
      ]);
      const tournament = await readTournament(tx, id);
      readAhead(tx, [notificationRef(tournament.uid, joinedNoticeId(id, last))]);
      const [profiles, checks] = await Promise.all([
        Promise.all(batch.map((join) => tx.get(profileRef(join.uid)))),
        Promise.allSettled(batch.map((join) => join.gate?.passed)),
      ]);
      const outcomes: JoinOutcome[] = batch.map(() => ({ ok: false, error: null }));
      const refuse = (index: number, error: unknown) => (outcomes[index] = { ok: false, error });
      // First the checks that need no reads, in arrival order (a double click is "already joined").
      const candidates: number[] = [];
      const seen = new Set<string>();
      for (const [index, { uid, now }] of batch.entries()) {
        const check = checks[index]!;
        // Issue #60: banned from paid tournaments for repeated no-shows, or below the host's least reliability.
        const profile = profiles[index]!.data();
        const unreliable = profile ? reliabilityRefusal(profile, tournament, now) : null;
        if (check.status === 'rejected') refuse(index, check.reason);
        else if (!profiles[index]!.exists) refuse(index, notFound('Your profile'));
        else if (tournament.state !== 'OPEN' || now >= tournament.startTime) refuse(index, notOpen());
        else if (uid === tournament.uid && tournament.entryFee > 0)
          refuse(
            index,
            conflict(
              'You host this tournament: in a paid tournament the host cannot also play for the prize.',
              'host-is-player',
            ),
          );
        else if (tournament.gameFormat === 'TEAM')
          refuse(index, conflict('This is a team tournament: create a party or join one.', 'team-tournament'));
        else if (tournament.verifiedOnly && !hasGameAccount(profile, tournament.game))
          refuse(index, gameAccountRequired(tournament.game));
        else if (entrantOf(tournament, uid) || seen.has(uid))
          refuse(index, conflict('You are already in this tournament.', 'already-joined'));
        else if (tournament.removed?.[uid]) refuse(index, removedByHost());
        else if (unreliable) refuse(index, unreliable);
        else {
          candidates.push(index);
          // Only a candidate's: a refused request (a token naming someone it cannot prove to be,
          // api/authenticate) must not make that player's own join "already joined".
          seen.add(uid);
        }
      }
      // Then the fees, in parallel for as many as there are places; a player short of coins fails
      // alone (holds check every balance before they write) and their place goes to the next.
      const entrants: Participant[] = [];
      const admitted: number[] = [];
      let next = 0;
      while (next < candidates.length && tournament.participants.length + entrants.length < tournament.size) {
        const wave = candidates.slice(next, next + tournament.size - tournament.participants.length - entrants.length);
        next += wave.length;
        const held = await Promise.all(
          wave.map(async (index) => {
            const { uid, now } = batch[index]!;
            const escrowId = tournament.entryFee > 0 ? joinEscrowId(id, { uid, now }) : null;
            try {
              // Riot's licence covers its countries only (riot-licence.ts): the account is read
              // here, and again from memory by the fee's hold, so no call more in a row.
              if (tournament.riotLicenceCountries?.length) {
                const country = (await tx.get(accountRef(uid))).data()?.country;
                if (!licenceCovers(tournament.riotLicenceCountries, country)) throw outsideLicence(tournament);
              }
              if (escrowId)
                await moveEscrows(
                  tx,
                  {
                    holds: [
                      {
                        escrowId,
                        uid,
                        amount: tournament.entryFee,
                        purpose: `tournament:${id}`,
                        title: tournament.name,
                      },
                    ],
                  },
                  now,
                );
              return escrowId;
            } catch (error) {
              refuse(index, error);
              return undefined;
            }
          }),
        );
        wave.forEach((index, position) => {
          const escrowId = held[position];
          if (escrowId === undefined) return;
          const { uid, now } = batch[index]!;
          const player = memberSummary(uid, profiles[index]!.data()!);
          entrants.push({
            id: uid,
            kind: 'PLAYER',
            displayName: player.displayName,
            uid,
            avatar: player.avatar,
            avatarPlaceholder: player.avatarPlaceholder,
            trophies: player.trophies,
            joinedAt: now,
            // Joining once check-in is open is checking in (decisions).
            checkedIn: isCheckInOpen(tournament, now),
            members: [player],
            escrowId,
          });
          admitted.push(index);
        });
      }
      for (const index of candidates.slice(next))
        refuse(index, conflict('This tournament is full.', 'tournament-full'));
      const participants = [...tournament.participants, ...entrants];
      const joined: { uid: string; displayName: string }[] = [];
      for (const index of admitted) {
        const { uid, now } = batch[index]!;
        outcomes[index] = { ok: true };
        notify(
          tx,
          uid,
          {
            type: 'JOIN_TOURNAMENT',
            tournament: tournamentLink(tournament),
            payout: tournament.entryFee,
            // Joined during check-in, so checked in already: the notice does not ask for it.
            ...(isCheckInOpen(tournament, now) ? { reasoning: 'checked-in' } : {}),
          },
          now,
        );
        if (tournament.uid !== uid) joined.push({ uid, displayName: profiles[index]!.data()!.displayName });
      }
      if (entrants.length > 0) {
        tx.update(tournamentRef(id), { ...entrantFields(tournament, participants), lastActivityAt: last });
        // One notice per tournament and day while the host has not read it (SPEC §3: the latest
        // three names shown, and how many joined).
        if (joined.length > 0)
          await gatherNotice(
            tx,
            tournament.uid,
            joinedNoticeId(id, last),
            { type: 'USER_JOINED_ADMIN_TOURNAMENT', tournament: tournamentLink(tournament) },
            joined,
            last,
          );
      }
      const answered = { ...tournament, ...entrantFields(tournament, participants) };
      // Each admitted join's Idempotency-Key gets its answer in this commit (platform/optimistic).
      const keys = admitted.flatMap((index) => {
        const key = batch[index]!.gate?.key;
        return key ? [storeAnswerInCommit(tx, key, answered)] : [];
      });
      return { tournament: answered, outcomes, keys };
    },
    // The players' profiles as their routes' gates read them.
    { ahead: new Map(batch.flatMap((join) => [...(join.gate?.reads ?? [])])) },
  );
  for (const key of answer.keys) key.done();
  return answer.outcomes.map((outcome) => (outcome.ok ? { ok: true, value: answer.tournament } : outcome));
}

const queueJoin = groupCommit(joinBatch, 32);

/**
 * Migration (npm run migrate, 2026-11-29): a paid Riot tournament in Europe with a licence from
 * before its countries were asked for gets its host's account country, the one country a licence
 * surely covers; the host can name more. Idempotent; answers how many it gave one.
 */
export async function backfillLicenceCountries(): Promise<number> {
  const licensed = await tournamentsCollection().where('riotLicence', '!=', null).get();
  let given = 0;
  for (const doc of licensed.docs) {
    const tournament = doc.data();
    if (tournament.riotLicenceCountries?.length || !needsRiotLicence(tournament)) continue;
    const country = (await accountRef(tournament.uid).get()).data()?.country;
    if (!country) continue;
    await doc.ref.update({ riotLicenceCountries: [country] });
    given += 1;
  }
  return given;
}

/** 403 `outside-licence-territory`: the player's account is outside the countries the tournament's Riot licence covers. */
const outsideLicence = (tournament: Tournament) =>
  new HttpError(
    403,
    `This tournament's Riot licence covers players in ${(tournament.riotLicenceCountries ?? []).join(', ')} only.`,
    'outside-licence-territory',
  );

/** The host's USER_JOINED_ADMIN_TOURNAMENT group of one tournament and UTC day. */
export const joinedNoticeId = (tournamentId: string, now: number) => `joined-${tournamentId}-${utcDay(now)}`;

/** The host's USER_LEFT_ADMIN_TOURNAMENT group of one tournament and UTC day (record 163). */
const leftNoticeId = (tournamentId: string, now: number) => `left-${tournamentId}-${utcDay(now)}`;

/**
 * Tells the host that entrants left their tournament before the start (record 163), gathered per
 * tournament and day as the joins are; `who` are the players, or a party's team. A host who left
 * their own tournament is not told.
 */
export async function noticeLeave(
  tx: Transaction,
  tournament: Tournament,
  who: { uid: string; displayName: string }[],
  now: number,
  party?: { id: string; teamName: string },
): Promise<void> {
  await gatherNotice(
    tx,
    tournament.uid,
    leftNoticeId(tournament.id, now),
    { type: 'USER_LEFT_ADMIN_TOURNAMENT', tournament: tournamentLink(tournament), ...(party ? { party } : {}) },
    who,
    now,
  );
}

/** Starts the read of the host's notice of the day's leaves beside a leave's other reads. */
export const readLeaveNoticeAhead = (tx: Transaction, tournament: Tournament, now: number) =>
  readAhead(tx, [notificationRef(tournament.uid, leftNoticeId(tournament.id, now))]);

/** Whether `uid`'s party is an entrant, as the tournament's summary of it says (before it is read). */
export const inEnteredParty = (tournament: Tournament, uid: string) =>
  tournament.joinedParties[tournament.usersInParties[uid] ?? '']?.ready === true;

/**
 * An entered party that stops being an entrant (dissolved, or a member out until it is ready
 * again): the host hears that its team left, unless the host is in it.
 */
export async function noticePartyLeft(tx: Transaction, tournament: Tournament, party: Party, now: number) {
  if (!party.ready || party.participants.some((member) => member.uid === tournament.uid)) return;
  const team = { id: party.uid, teamName: party.teamName };
  await noticeLeave(tx, tournament, [{ uid: party.uid, displayName: party.teamName }], now, team);
}

/** POST /tournaments/{id}/leave (SOLO, before the start): the fee comes back; the host is told. */
export async function leaveTournament(uid: string, id: string, now: number): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const tournament = await readTournament(tx, id);
    if (tournament.state !== 'OPEN') throw notOpen();
    const entrant = tournament.participants.find((item) => item.kind === 'PLAYER' && item.uid === uid);
    if (!entrant) {
      if (entrantOf(tournament, uid))
        throw conflict('You are in through your party: leave the party instead.', 'team-tournament');
      throw conflict('You are not in this tournament.', 'not-joined');
    }
    const tellHost = tournament.uid !== uid;
    // Beside the fee's reads: no call more in a row.
    if (tellHost) readLeaveNoticeAhead(tx, tournament, now);
    await moveEscrows(tx, { releases: refundsOf([entrant], tournament) }, now);
    const fields = entrantFields(
      tournament,
      tournament.participants.filter((item) => item !== entrant),
    );
    tx.update(tournamentRef(id), { ...fields, lastActivityAt: now });
    if (tellHost) await noticeLeave(tx, tournament, [{ uid, displayName: entrant.displayName }], now);
    return { ...tournament, ...fields };
  });
}

/** POST /tournaments/{id}/checkIn: a player or a party's leader, while check-in is open (DESIGN §9). */
export async function checkIn(uid: string, id: string, now: number): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const tournament = await readTournament(tx, id);
    if (tournament.state !== 'OPEN') throw notOpen();
    const entrant = tournament.participants.find((item) => item.uid === uid);
    if (!entrant) {
      if (entrantOf(tournament, uid)) throw conflict('Your party leader checks the party in.', 'not-party-leader');
      throw conflict('You are not in this tournament.', 'not-joined');
    }
    if (!isCheckInOpen(tournament, now))
      throw conflict('Check-in opens 30 minutes before the start and closes at the start.', 'check-in-closed');
    if (entrant.checkedIn) return tournament;
    const participants = tournament.participants.map((item) =>
      item === entrant ? { ...item, checkedIn: true } : item,
    );
    tx.update(tournamentRef(id), { participants, lastActivityAt: now });
    return { ...tournament, participants };
  });
}

/** Reliability at the door (issue #60): why `profile` may not join `tournament` at `now`, or null (solo joins: team tournaments are free). */
export function reliabilityRefusal(
  profile: PublicProfile,
  tournament: Pick<Tournament, 'entryFee' | 'minReliability'>,
  now: number,
): HttpError | null {
  const bar = reliabilityBar(profile.reliability, tournament, now);
  if (!bar) return null;
  return bar.code === 'no-show-ban'
    ? new HttpError(
        403,
        `You missed too many matches lately: you cannot join paid tournaments until ${new Date(bar.until).toISOString()}.`,
        bar.code,
        undefined,
        { until: bar.until },
      )
    : new HttpError(403, `This tournament asks for a reliability of ${bar.required} % or more.`, bar.code, undefined, {
        required: bar.required,
        yours: bar.yours,
      });
}
