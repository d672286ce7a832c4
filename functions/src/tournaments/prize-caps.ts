import { Router } from 'express';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { isGame } from '@versus/domain/games/games';
import {
  countedPool,
  fullPrizePool,
  isPublisher,
  prizeCapSchema,
  prizeOverCap,
  prizeYearId,
  prizeYearOf,
  prizeYearTotal,
  publisherOf,
  yearlyPrizeOverCap,
  type PrizeYear,
  type Publisher,
  type TournamentSettings,
} from '@versus/domain/tournaments/prize-caps';
import { requireAdmin, requireUser } from '../api/authenticate';
import { HttpError, notFound } from '../errors/http-error';
import { parseBody } from '../api/validate';
import type { Clock } from '../platform/clock';
import { tournamentSettingsRef, typed } from '../platform/collections';
import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';
import { tournamentRef } from './refs';

/**
 * settings/tournaments, read outside the command's transaction, unguarded: a cap changed at the
 * same moment as a creation may apply to it or not, either order being a fair one, and a guard
 * would bill a write on every creation. Start it beside the command's first reads.
 */
export const readTournamentSettings = async (): Promise<TournamentSettings | undefined> =>
  (await tournamentSettingsRef.get()).data();

/** A tournament's settings against its game's prize cap (issue #58): 409 `prize-over-cap` with the cap and the pool. */
export function refuseOverCap(
  settings: TournamentSettings | undefined,
  tournament: { game: string; entryFee: number; size: number },
): void {
  if (tournament.entryFee === 0) return;
  const over = prizeOverCap(settings, tournament);
  if (over)
    throw new HttpError(
      409,
      `This game's tournaments may pay out at most ${over.cap} coins, and ${tournament.size} entrants at ${tournament.entryFee} make ${over.pool}: lower the entry fee or the size.`,
      'prize-over-cap',
      undefined,
      over,
    );
}

/** users/{uid}/prize_years/{publisher}_{year}: the host's paid tournaments of a publisher's games that year. */
export const prizeYearRef = (uid: string, publisher: Publisher, year: number) =>
  db
    .doc(`users/${documentId(uid, 'That user')}/prize_years/${prizeYearId(publisher, year)}`)
    .withConverter(typed<PrizeYear>());

type Counted = { id: string; uid: string; game: string; entryFee: number; size: number; startTime: number };

/** The year's document a tournament counts in: a paid one of a publisher with a yearly rule. */
const yearOf = (tournament: Counted) => {
  const publisher = tournament.entryFee > 0 ? publisherOf(tournament.game) : null;
  return publisher
    ? {
        publisher,
        year: prizeYearOf(tournament.startTime),
        ref: prizeYearRef(tournament.uid, publisher, prizeYearOf(tournament.startTime)),
      }
    : null;
};

/** The document a creation or an edit will count the tournament in, to read beside its first reads. */
export const prizeYearRead = (tournament: Counted) => yearOf(tournament)?.ref ?? null;

/**
 * Counts a paid tournament of a publisher with a yearly rule (Riot's, docs/compliance.md) in its
 * host's year, at its creation or at an edit (`before`: the tournament as it was), and refuses one
 * that would take the year past the publisher's cap: 409 `prize-over-yearly-cap` with the cap,
 * the year's total and this pool. The year's pools are those recorded at each creation or edit;
 * only when they pass the cap are the year's tournaments read, so that one cancelled since (no
 * prizes) or started with places empty counts for what it can still pay out. Every read comes
 * before the writes it answers, which the caller makes before its own.
 */
export async function countInPrizeYear(
  tx: Transaction,
  settings: TournamentSettings | undefined,
  tournament: Counted,
  before?: Counted,
): Promise<() => void> {
  const next = yearOf(tournament);
  const previous = before ? yearOf(before) : null;
  const moved = previous && previous.ref.path !== next?.ref.path;
  if (!next)
    return moved
      ? () => tx.set(previous.ref, { pools: { [tournament.id]: FieldValue.delete() } } as never, { merge: true })
      : () => {};
  const year = (await tx.get(next.ref)).data();
  let pools = { ...(year?.pools ?? {}) };
  const pool = fullPrizePool(tournament);
  let over = yearlyPrizeOverCap(settings, next.publisher, prizeYearTotal(pools, tournament.id), pool);
  if (over) {
    const others = Object.keys(pools).filter((id) => id !== tournament.id);
    const read = await tx.getAll(...others.map((id) => tournamentRef(id)));
    pools = Object.fromEntries(
      read.flatMap((snapshot) => {
        const other = snapshot.data() as (Parameters<typeof countedPool>[0] & Counted) | undefined;
        // Moved to another year or game since it was recorded here: it counts there.
        const here = other && yearOf({ ...other, id: snapshot.id })?.ref.path === next.ref.path;
        const counted = other && here ? countedPool(other) : 0;
        return counted > 0 ? [[snapshot.id, counted]] : [];
      }),
    );
    over = yearlyPrizeOverCap(settings, next.publisher, prizeYearTotal(pools), pool);
  }
  if (over)
    throw new HttpError(
      409,
      `Your ${next.year} tournaments of this publisher's games may pay out at most ${over.cap} coins in all; they can already pay out ${over.total}, and this one would add ${over.pool}: lower the entry fee or the size.`,
      'prize-over-yearly-cap',
      undefined,
      { ...over, year: next.year },
    );
  return () => {
    if (moved) tx.set(previous.ref, { pools: { [tournament.id]: FieldValue.delete() } } as never, { merge: true });
    if (year) tx.update(next.ref, { pools: { ...pools, [tournament.id]: pool } });
    else
      tx.set(next.ref, {
        uid: tournament.uid,
        publisher: next.publisher,
        year: next.year,
        pools: { [tournament.id]: pool },
      });
  };
}

/**
 * The admin's caps, one route each: `PUT /admin/tournaments/prizeCaps/{game}` (a tournament's pool
 * per game) and `PUT /admin/tournaments/yearlyPrizeCaps/{publisher}` (a host's tournaments in a
 * publisher's games per calendar year: Riot's 10,000 USD per organiser). `{cap}` sets it, `null`
 * lifts it; a key that is no game or publisher is 404.
 */
export function prizeCapRoutes(clock: Clock): Router {
  const router = Router();
  const capRoute = (
    field: 'prizeCaps' | 'yearlyPrizeCaps',
    key: 'game' | 'publisher',
    known: (value: string) => boolean,
  ) =>
    router.put(`/admin/tournaments/${field}/:${key}`, requireUser, requireAdmin, async (req, res) => {
      const value = String(req.params[key]);
      if (!known(value)) throw notFound(key === 'game' ? 'That game' : 'That publisher');
      const { cap } = await parseBody(prizeCapSchema, req.body);
      await tournamentSettingsRef.set(
        {
          [field]: { [value]: cap === null ? FieldValue.delete() : cap },
          updatedBy: req.user.uid,
          updatedAt: clock.now(),
        } as never,
        { merge: true },
      );
      res.json({ [key]: value, cap });
    });
  capRoute('prizeCaps', 'game', isGame);
  capRoute('yearlyPrizeCaps', 'publisher', isPublisher);
  return router;
}
