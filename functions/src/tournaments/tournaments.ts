import { licenceCovers, licenceTerritory, needsRiotLicence } from '@versus/domain/tournaments/riot-licence';
import { countInPrizeYear, prizeYearRead, readTournamentSettings, refuseOverCap } from './prize-caps';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import {
  EXTEND_MS,
  INACTIVITY_WARNING_MS,
  entrantOf,
  emptyPlatforms,
  isCheckInOpen,
  playsMatches,
  localDay,
  nameTokens,
  type CoverImage,
  type Participant,
  type Platform,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import {
  tournamentSettingsSchema,
  type CreateTournamentInput,
  type TournamentSettingsInput,
} from '@versus/domain/tournaments/schemas';
import { FORMAT_FIELDS, formatFields } from '@versus/domain/tournaments/formats';
import { hasGameAccount } from '@versus/domain/games/game-accounts';
import { gameAccountRequired } from '../platform/game-records';
import type { Game } from '@versus/domain/games/games';
import { utcDay } from '@versus/domain/platform/constants';
import { HttpError, conflict, notFound } from '../errors/http-error';
import { parseBody } from '../api/validate';
import { gatherNotice, notify } from '../notifications/notify';
import { accountRef, notificationRef, profileRef } from '../platform/collections';
import { groupCommit, type Outcome } from '../platform/group-commit';
import { gated, readAhead, runOptimistic, storeAnswerInCommit, type Gate } from '../platform/optimistic';
import { escrowReads, moveEscrows, type Release } from '../wallet/escrow';
import { LRUCache } from 'lru-cache';
import {
  entryFeeEscrowId,
  freeStartRef,
  matchesCollection,
  memberSummary,
  newTournamentId,
  pointsCollection,
  tournamentLink,
  tournamentRef,
  tournamentsCollection,
} from './refs';

/** Hosting, joining, leaving, check-in, edits, cancelling and extending (DESIGN §6, §9). */

export const notTheHost = () => new HttpError(403, 'Only the host can do this.', 'not-the-host');
export const notOpen = () =>
  conflict('This tournament is no longer open: it has started, finished or been cancelled.', 'tournament-not-open');
const freeDayTaken = () =>
  conflict(
    'You already host a free tournament starting that day. Pick another day or set an entry fee.',
    'free-day-taken',
  );

/** Reads a tournament inside a transaction; 404 when it does not exist. */
export async function readTournament(tx: Transaction, id: string): Promise<Tournament> {
  const tournament = (await tx.get(tournamentRef(id))).data();
  if (!tournament) throw notFound('That tournament');
  seenTournaments.set(id, { host: tournament.uid, entryFee: tournament.entryFee });
  return tournament;
}

/**
 * Each tournament's host and entry fee as this process last read them: a join batch's guess at
 * the fees' and the host notice's reads, started with the tournament's own read instead of after
 * it (as battles/seen does for a confirm). The batch decides only from what it reads; a stale
 * guess costs the call it would have saved.
 */
const seenTournaments = new LRUCache<string, { host: string; entryFee: number }>({ max: 5_000 });

/** The escrow of one join's fee (a player who left and joins again holds a new one). */
const joinEscrowId = (id: string, join: { uid: string; now: number }) =>
  `${entryFeeEscrowId(id, join.uid)}:${join.now}`;

/**
 * Everyone involved: the players inside an entrant and, before the start, everyone in a party
 * still forming (so "my tournaments" and /my-games show them the tournament they are building for).
 */
export const memberUidsOf = (participants: Participant[], usersInParties: Record<string, string>) => [
  ...new Set([
    ...participants.flatMap((entrant) => entrant.members.map((member) => member.uid)),
    ...Object.keys(usersInParties),
  ]),
];

/** Entrants' figures that follow from the list: counts, the pool, who is inside. */
export function entrantFields(
  tournament: Pick<Tournament, 'size' | 'entryFee' | 'usersInParties'>,
  participants: Participant[],
  usersInParties: Record<string, string> = tournament.usersInParties,
) {
  return {
    participants,
    participantCount: participants.length,
    spotsLeft: tournament.size - participants.length,
    prizePool: tournament.entryFee * participants.length,
    memberUids: memberUidsOf(participants, usersInParties),
  };
}

/** Everyone a tournament-wide notice goes to: every player inside an entrant. */
export const everyMember = (tournament: Pick<Tournament, 'participants'>) => [
  ...new Set(tournament.participants.flatMap((entrant) => entrant.members.map((member) => member.uid))),
];

/** The entrants' held fees back to them (nothing for a free tournament). */
export const refundsOf = (entrants: Participant[]): Release[] =>
  entrants.flatMap((entrant) =>
    entrant.escrowId ? [{ escrowId: entrant.escrowId, to: entrant.uid, kind: 'refund' as const }] : [],
  );

const coverOf = (cover: { name: string; x: number; y: number } | null | undefined, url: (path: string) => string) =>
  cover ? ({ name: cover.name, x: cover.x, y: cover.y, downloadUrl: url(cover.name) } satisfies CoverImage) : null;

const platformFlags = (list: readonly string[]) => {
  const flags = emptyPlatforms();
  for (const platform of list) flags[platform as Platform] = true;
  return flags;
};

/** What is played, as a creation and an edit both store it from their checked settings. */
const playSettings = (input: TournamentSettingsInput) => ({
  game: input.game as Game,
  region: input.region as Tournament['region'],
  platform: input.platform as Platform[],
  platforms: platformFlags(input.platform),
  gameFormat: input.gameFormat as Tournament['gameFormat'],
  teamSize: input.teamSize,
  size: input.size as Tournament['size'],
  bracket: input.bracket as Tournament['bracket'],
  ...formatFields(input),
});

/**
 * POST /tournaments/create: one transaction writes the tournament and, for a free one, claims the
 * host's local start day (SPEC §5), so two creations racing for one day cannot both succeed.
 */
export async function createTournament(
  uid: string,
  input: CreateTournamentInput,
  coverUrl: (path: string) => string,
  now: number,
  gate?: Gate,
): Promise<Tournament> {
  const id = newTournamentId();
  const freeStartDay = input.entryFee === 0 ? localDay(input.startTime, input.timeZone) : null;
  // The prize caps (issue #58), beside the first reads and outside the transaction (prize-caps.ts).
  const settingsRead = readTournamentSettings();
  settingsRead.catch(() => {});
  const counted = { id, uid, game: input.game, entryFee: input.entryFee, size: input.size, startTime: input.startTime };
  const yearRef = prizeYearRead(counted);
  return runOptimistic(async (tx) => {
    const [profile, freeStart, settings] = await Promise.all([
      tx.get(profileRef(uid)),
      freeStartDay ? tx.get(freeStartRef(uid, freeStartDay)) : Promise.resolve(null),
      settingsRead,
      yearRef ? tx.get(yearRef) : null,
    ]);
    const host = profile.data();
    if (!host) throw notFound('Your profile');
    if (freeStart?.exists) throw freeDayTaken();
    refuseOverCap(settings, input);
    const countInYear = await countInPrizeYear(tx, settings, counted);
    const tournament: Tournament = {
      id,
      uid,
      owner: memberSummary(uid, host),
      ...playSettings(input),
      ...(input.verifiedOnly ? { verifiedOnly: true } : {}),
      riotLicence: needsRiotLicence(input) ? (input.riotLicence ?? null) : null,
      riotLicenceCountries: needsRiotLicence(input) ? licenceTerritory(input.riotLicenceCountries ?? []) : null,
      name: input.name,
      nameTokens: nameTokens(input.name),
      description: input.description,
      rules: input.rules,
      entryFee: input.entryFee,
      payoutStructure: input.payoutStructure as Tournament['payoutStructure'],
      startTime: input.startTime,
      coverImage: coverOf(input.coverImage, coverUrl),
      coverPlaceholder: input.game as Game,
      state: 'OPEN',
      archived: false,
      created: now,
      lastActivityAt: now,
      // An open tournament's clock is its start; inactivity counts from the start (decisions).
      timesOut: input.startTime + 2 * 86_400_000,
      warnedAt: null,
      ...entrantFields({ size: input.size as Tournament['size'], entryFee: input.entryFee, usersInParties: {} }, []),
      usersInParties: {},
      joinedParties: {},
      invitesForUsers: {},
      seeds: null,
      startedAt: null,
      endedAt: null,
      cancelReason: null,
      // The room opens with the tournament (issue #13): its id is the tournament's.
      chat: { id },
      timeZone: input.timeZone,
      freeStartDay,
    };
    tx.create(tournamentRef(id), tournament);
    countInYear();
    if (freeStartDay) {
      tx.create(freeStartRef(uid, freeStartDay), {
        tournamentId: id,
        day: freeStartDay,
        timeZone: input.timeZone,
        startTime: input.startTime,
      });
    }
    return tournament;
  }, gated(gate));
}

/** Fields that decide what players paid for: fixed once anyone has joined (issue: host powers). */
const LOCKED_ONCE_JOINED = [
  'game',
  'gameFormat',
  'teamSize',
  'size',
  'bracket',
  ...FORMAT_FIELDS,
  'verifiedOnly',
  'entryFee',
  'payoutStructure',
] as const;

export type TournamentEdit = Partial<
  Pick<
    CreateTournamentInput,
    | 'game'
    | 'region'
    | 'platform'
    | 'gameFormat'
    | 'teamSize'
    | 'size'
    | 'bracket'
    | (typeof FORMAT_FIELDS)[number]
    | 'verifiedOnly'
    | 'entryFee'
    | 'riotLicence'
    | 'riotLicenceCountries'
    | 'payoutStructure'
    | 'name'
    | 'description'
    | 'rules'
    | 'startTime'
    | 'timeZone'
    | 'coverImage'
  >
>;

/**
 * POST /tournaments/{id}/edit: the host changes an OPEN tournament. The edit is merged and the whole
 * is checked with the creation schema; a free tournament moving to another day moves its day claim.
 * Participants hear TOURNAMENT_EDITED.
 */
export async function editTournament(
  uid: string,
  id: string,
  edit: TournamentEdit,
  coverUrl: (path: string) => string,
  now: number,
): Promise<Tournament> {
  // The prize caps (issue #58), read beside the tournament and outside the transaction (prize-caps.ts).
  const settingsRead = readTournamentSettings();
  settingsRead.catch(() => {});
  return runOptimistic(async (tx) => {
    const current = await readTournament(tx, id);
    if (current.uid !== uid) throw notTheHost();
    if (current.state !== 'OPEN') throw notOpen();
    const changed = (Object.keys(edit) as (keyof TournamentEdit)[]).filter(
      (key) => JSON.stringify(edit[key]) !== JSON.stringify(key === 'coverImage' ? pickCover(current) : current[key]),
    );
    if (current.participantCount > 0) {
      const locked = changed.filter((key) => (LOCKED_ONCE_JOINED as readonly string[]).includes(key));
      if (locked.length > 0)
        throw conflict(`Players have joined, so ${locked.join(', ')} can no longer change.`, 'tournament-locked');
    }
    const merged = {
      game: current.game,
      region: current.region,
      platform: current.platform,
      gameFormat: current.gameFormat,
      teamSize: current.teamSize,
      size: current.size,
      bracket: current.bracket,
      grandFinalReset: current.grandFinalReset ?? true,
      swissRounds: current.swissRounds ?? null,
      bestOf: current.bestOf ?? 1,
      finalBestOf: current.finalBestOf ?? current.bestOf ?? 1,
      verifiedOnly: current.verifiedOnly ?? false,
      entryFee: current.entryFee,
      riotLicence: current.riotLicence ?? null,
      riotLicenceCountries: current.riotLicenceCountries ?? null,
      payoutStructure: current.payoutStructure,
      name: current.name,
      description: current.description,
      rules: current.rules,
      startTime: current.startTime,
      timeZone: current.timeZone,
      coverImage: pickCover(current),
      ...edit,
    };
    // An unchanged start may be close by now; only a moved start must be far enough ahead.
    const checked = await parseBody(tournamentSettingsSchema, merged, {
      now: changed.includes('startTime') ? now : merged.startTime - 60 * 60_000,
    });
    const freeStartDay = checked.entryFee === 0 ? localDay(checked.startTime, checked.timeZone) : null;
    const feeOrSize = changed.some((key) => key === 'entryFee' || key === 'size' || key === 'game');
    const recount = feeOrSize || changed.includes('startTime');
    const settings = recount ? await settingsRead : undefined;
    if (feeOrSize) refuseOverCap(settings, checked);
    const dayMoved = freeStartDay !== current.freeStartDay;
    // What the host's year counts (a publisher's yearly cap) moves with the fee, the size, the game or the start.
    const counted = (t: { game: string; entryFee: number; size: number; startTime: number }) => ({
      id,
      uid,
      game: t.game,
      entryFee: t.entryFee,
      size: t.size,
      startTime: t.startTime,
    });
    const [newClaim, countInYear] = await Promise.all([
      dayMoved && freeStartDay ? tx.get(freeStartRef(uid, freeStartDay)) : null,
      recount ? countInPrizeYear(tx, settings, counted(checked), counted(current)) : () => {},
    ]);
    if (newClaim?.exists) throw freeDayTaken();

    const next: Tournament = {
      // The format's settings are the edited bracket's own (a switch drops the old one's).
      ...(Object.fromEntries(
        Object.entries(current).filter(([key]) => !(FORMAT_FIELDS as readonly string[]).includes(key)),
      ) as Tournament),
      ...playSettings(checked),
      verifiedOnly: checked.verifiedOnly === true,
      entryFee: checked.entryFee,
      riotLicence: needsRiotLicence(checked) ? (checked.riotLicence ?? null) : null,
      riotLicenceCountries: needsRiotLicence(checked) ? licenceTerritory(checked.riotLicenceCountries ?? []) : null,
      payoutStructure: checked.payoutStructure as Tournament['payoutStructure'],
      name: checked.name,
      nameTokens: nameTokens(checked.name),
      description: checked.description,
      rules: checked.rules,
      startTime: checked.startTime,
      timeZone: checked.timeZone,
      coverImage: coverOf(checked.coverImage, coverUrl),
      coverPlaceholder: checked.game as Game,
      freeStartDay,
      timesOut: checked.startTime + 2 * 86_400_000,
      ...entrantFields(
        {
          size: checked.size as Tournament['size'],
          entryFee: checked.entryFee,
          usersInParties: current.usersInParties,
        },
        current.participants,
      ),
    };
    if (next.spotsLeft < 0) throw conflict('More players have joined than that size allows.', 'tournament-locked');
    if (dayMoved) {
      if (current.freeStartDay) tx.delete(freeStartRef(uid, current.freeStartDay));
      if (freeStartDay)
        tx.create(freeStartRef(uid, freeStartDay), {
          tournamentId: id,
          day: freeStartDay,
          timeZone: checked.timeZone,
          startTime: checked.startTime,
        });
    }
    // An update, so the write is guarded by the read's update time (a join in between retries this).
    // A setting of another bracket than the edited one's is removed.
    tx.update(tournamentRef(id), {
      ...Object.fromEntries(FORMAT_FIELDS.map((key) => [key, FieldValue.delete()])),
      ...next,
    });
    countInYear();
    if (changed.length > 0) {
      for (const member of everyMember(current))
        notify(tx, member, { type: 'TOURNAMENT_EDITED', tournament: tournamentLink(next) }, now);
    }
    return next;
  });
}

const pickCover = (tournament: Tournament) =>
  tournament.coverImage
    ? { name: tournament.coverImage.name, x: tournament.coverImage.x, y: tournament.coverImage.y }
    : null;

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
        else if (tournament.verifiedOnly && !hasGameAccount(profiles[index]!.data(), tournament.game))
          refuse(index, gameAccountRequired(tournament.game));
        else if (entrantOf(tournament, uid) || seen.has(uid))
          refuse(index, conflict('You are already in this tournament.', 'already-joined'));
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
                  { holds: [{ escrowId, uid, amount: tournament.entryFee, purpose: `tournament:${id}` }] },
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

/** The host's USER_JOINED_ADMIN_TOURNAMENT group of one tournament and UTC day. */
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

export const joinedNoticeId = (tournamentId: string, now: number) => `joined-${tournamentId}-${utcDay(now)}`;

/** POST /tournaments/{id}/leave (SOLO, before the start): the fee comes back. */
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
    await moveEscrows(tx, { releases: refundsOf([entrant]) }, now);
    const fields = entrantFields(
      tournament,
      tournament.participants.filter((item) => item !== entrant),
    );
    tx.update(tournamentRef(id), { ...fields, lastActivityAt: now });
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

/**
 * Ends a tournament as CANCELLED inside the caller's transaction: every held fee back, the free
 * day freed, TOURNAMENT_CANCELLED to every player. Call it before any other write.
 */
export async function cancelInTransaction(
  tx: Transaction,
  tournament: Tournament,
  reason: NonNullable<Tournament['cancelReason']>,
  now: number,
): Promise<void> {
  // In play, its open matches and points rows are closed with it: their windows leave the sweep.
  // Every match is read (not only the open ones a query would return), so a decision that opens a
  // match meanwhile is seen at the commit; a report or submission racing the cancel also reads the
  // tournament, runs again and finds it over.
  const open =
    tournament.state !== 'ONGOING'
      ? []
      : playsMatches(tournament.bracket)
        ? (await tx.get(matchesCollection(tournament.id))).docs.filter((doc) =>
            ['READY', 'DISPUTED'].includes(doc.data().state),
          )
        : (await tx.get(pointsCollection(tournament.id))).docs;
  await moveEscrows(tx, { releases: refundsOf(tournament.participants) }, now);
  for (const doc of open)
    tx.update(
      doc.ref.withConverter(null),
      // Off the sweeper's clocks: no window closes and no game is asked about (issue #22).
      playsMatches(tournament.bracket) ? { deadline: null, gameCheckAt: null, closedAt: now } : { closedAt: now },
    );
  tx.update(tournamentRef(tournament.id), {
    state: 'CANCELLED',
    archived: true,
    endedAt: now,
    cancelReason: reason,
    lastActivityAt: now,
  });
  if (tournament.freeStartDay && tournament.state === 'OPEN')
    tx.delete(freeStartRef(tournament.uid, tournament.freeStartDay));
  const link = tournamentLink(tournament);
  for (const member of everyMember(tournament))
    notify(
      tx,
      member,
      {
        type: 'TOURNAMENT_CANCELLED',
        tournament: link,
        reasoning: reason,
        // How much came back (a paid tournament's entrants), for the text to say so.
        ...(tournament.entryFee > 0 ? { payout: tournament.entryFee } : {}),
      },
      now,
    );
  if (reason !== 'host' && !everyMember(tournament).includes(tournament.uid))
    notify(
      tx,
      tournament.uid,
      { type: 'TOURNAMENT_CANCELLED', tournament: link, reasoning: reason, isAdmin: true },
      now,
    );
}

/** POST /tournaments/{id}/cancel: the host cancels before or during play; every fee is refunded. */
export async function cancelTournament(uid: string, id: string, now: number): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const tournament = await readTournament(tx, id);
    if (tournament.uid !== uid) throw notTheHost();
    if (tournament.state !== 'OPEN' && tournament.state !== 'ONGOING') throw notOpen();
    await cancelInTransaction(tx, tournament, 'host', now);
    return { ...tournament, state: 'CANCELLED', archived: true, endedAt: now, cancelReason: 'host' };
  });
}

/** POST /tournaments/{id}/extend: the host of a tournament about to time out gives it 24 h more. */
export async function extendTournament(uid: string, id: string, now: number): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const tournament = await readTournament(tx, id);
    if (tournament.uid !== uid) throw notTheHost();
    if (tournament.state !== 'ONGOING') throw conflict('Only a tournament in play can be extended.', 'not-timing-out');
    if (tournament.timesOut - now > INACTIVITY_WARNING_MS)
      throw conflict('This tournament is not about to time out.', 'not-timing-out');
    const timesOut = Math.max(tournament.timesOut, now) + EXTEND_MS;
    tx.update(tournamentRef(id), { timesOut, warnedAt: null });
    return { ...tournament, timesOut, warnedAt: null };
  });
}
