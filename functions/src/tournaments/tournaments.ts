import { startReminderAt } from './reminders';
import { licenceTerritory, needsRiotLicence } from '@versus/domain/tournaments/riot-licence';
import { countInPrizeYear, prizeYearRead, readTournamentSettings, refuseOverCap } from './prize-caps';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { daysBeside, freeDayTaken as isFreeDayTaken, localDay } from '@versus/domain/tournaments/free-days';
import {
  emptyPlatforms,
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
import type { Game } from '@versus/domain/games/games';
import { HttpError, conflict, notFound } from '../errors/http-error';
import { parseBody } from '../api/validate';
import { notify } from '../notifications/notify';
import { profileRef } from '../platform/collections';
import { gated, runOptimistic, type Gate } from '../platform/optimistic';
import type { Release } from '../wallet/escrow';
import { LRUCache } from 'lru-cache';
import { EDITED_FIELDS } from '@versus/domain/notifications/types';
import {
  entryFeeEscrowId,
  freeStartRef,
  memberSummary,
  newTournamentId,
  tournamentLink,
  tournamentRef,
  type FreeStart,
} from './refs';

/** Hosting and edits (DESIGN §9); joining and check-in are joining.ts, cancelling and extending ending.ts. */

export const notTheHost = () => new HttpError(403, 'Only the host can do this.', 'not-the-host');
/** A player the host removed asks to come back in (record 115: a join, a party made, joined or invited to). */
export const removedByHost = () => new HttpError(403, 'The host removed you from this tournament.', 'removed-by-host');
export const inviteeRemoved = () => conflict('The host removed that player from this tournament.', 'invitee-removed');
export const notOpen = () =>
  conflict('This tournament is no longer open: it has started, finished or been cancelled.', 'tournament-not-open');
/** The host's claims on `day` and the days beside it (domain daysBeside), read by id; none for a paid start. */
async function freeDayClaims(tx: Transaction, uid: string, day: string | null): Promise<(FreeStart | undefined)[]> {
  if (!day) return [];
  const reads = await Promise.all([day, ...daysBeside(day)].map((key) => tx.get(freeStartRef(uid, key))));
  return reads.map((read) => read.data());
}

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
export const seenTournaments = new LRUCache<string, { host: string; entryFee: number }>({ max: 5_000 });

/** The escrow of one join's fee (a player who left and joins again holds a new one). */
export const joinEscrowId = (id: string, join: { uid: string; now: number }) =>
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

/** The entrants' held fees back to them (nothing for a free tournament), titled with its name. */
export const refundsOf = (entrants: Participant[], { name }: Pick<Tournament, 'name'>): Release[] =>
  entrants.flatMap((entrant) =>
    entrant.escrowId ? [{ escrowId: entrant.escrowId, to: entrant.uid, kind: 'refund' as const, title: name }] : [],
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
    const [profile, claims, settings] = await Promise.all([
      tx.get(profileRef(uid)),
      freeDayClaims(tx, uid, freeStartDay),
      settingsRead,
      yearRef ? tx.get(yearRef) : null,
    ]);
    const host = profile.data();
    if (!host) throw notFound('Your profile');
    if (freeStartDay && isFreeDayTaken(freeStartDay, input.timeZone, claims, id)) throw freeDayTaken();
    refuseOverCap(settings, input);
    const countInYear = await countInPrizeYear(tx, settings, counted);
    const tournament: Tournament = {
      id,
      uid,
      owner: memberSummary(uid, host),
      ...playSettings(input),
      ...(input.verifiedOnly ? { verifiedOnly: true } : {}),
      // Solo tournaments only: a party's members join through its leader (record 83).
      ...(input.minReliability && input.gameFormat === 'SOLO' ? { minReliability: input.minReliability } : {}),
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
      remindAt: startReminderAt(input.startTime, now),
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
    | 'minReliability'
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
      checkInMinutes: current.checkInMinutes ?? null,
      bothAbsent: current.bothAbsent ?? 'HIGHER_SEED',
      verifiedOnly: current.verifiedOnly ?? false,
      minReliability: current.minReliability ?? null,
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
    // A free start moved within its day may now share it with a claim made in another zone.
    const claimed = freeStartDay && (dayMoved || changed.includes('startTime')) ? freeStartDay : null;
    const [claims, countInYear] = await Promise.all([
      freeDayClaims(tx, uid, claimed),
      recount ? countInPrizeYear(tx, settings, counted(checked), counted(current)) : () => {},
    ]);
    if (claimed && isFreeDayTaken(claimed, checked.timeZone, claims, id)) throw freeDayTaken();
    const claim = freeStartDay
      ? { tournamentId: id, day: freeStartDay, timeZone: checked.timeZone, startTime: checked.startTime }
      : null;

    const next: Tournament = {
      // The format's settings are the edited bracket's own (a switch drops the old one's).
      ...(Object.fromEntries(
        Object.entries(current).filter(([key]) => !(FORMAT_FIELDS as readonly string[]).includes(key)),
      ) as Tournament),
      ...playSettings(checked),
      verifiedOnly: checked.verifiedOnly === true,
      minReliability: checked.gameFormat === 'SOLO' ? (checked.minReliability ?? null) : null,
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
      ...(changed.includes('startTime') ? { remindAt: startReminderAt(checked.startTime, now) } : {}),
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
      if (claim) tx.create(freeStartRef(uid, claim.day), claim);
    } else if (claim && changed.includes('startTime')) {
      // The claim's start is what another zone's day is judged by (domain freeDayTaken). Read above
      // (`claims[0]`): one from before claims kept their start may be missing, and is made whole.
      if (claims[0]) tx.update(freeStartRef(uid, claim.day), { startTime: claim.startTime, timeZone: claim.timeZone });
      else tx.set(freeStartRef(uid, claim.day), claim);
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
        notify(
          tx,
          member,
          {
            type: 'TOURNAMENT_EDITED',
            tournament: tournamentLink(next),
            // What changed, named in the notice ("Check the details" sent the player hunting).
            changed: EDITED_FIELDS.filter((field) => (changed as string[]).includes(field)),
            // A moved start says when it now is (a walk's players read only that it changed).
            // Its alert off the site names it in the tournament's time zone (record 183).
            ...((changed as string[]).includes('startTime')
              ? { startTime: next.startTime, timeZone: next.timeZone }
              : {}),
          },
          now,
        );
    }
    return next;
  });
}

const pickCover = (tournament: Tournament) =>
  tournament.coverImage
    ? { name: tournament.coverImage.name, x: tournament.coverImage.x, y: tournament.coverImage.y }
    : null;
