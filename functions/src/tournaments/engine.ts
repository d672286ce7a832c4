import { BracketsManager, helpers } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import type { Participant } from '@versus/domain/tournaments/tournament';
import { ELIMINATION_GROUPS, type EliminationGroup, type MatchState } from '@versus/domain/tournaments/play';
import { roundRobinGroupCount, roundRobinGroups } from '@versus/domain/tournaments/formats';

/**
 * The bracket engine (DESIGN §9): brackets-manager over its in-memory storage, on the server only.
 * A command imports the stored export, applies one final result, and exports it again; the caller
 * writes it back in the same transaction. Reports, disputes and corrections live in our own match
 * documents; only results reach the engine.
 */

/** Engine match status (brackets-manager): 0 locked, 1 waiting, 2 ready, 3 running, 4 completed, 5 archived. */
const ENGINE_STATES = ['LOCKED', 'WAITING', 'READY', 'READY', 'COMPLETED', 'COMPLETED'] as const;

interface EngineSide {
  id: number | null;
  result?: 'win' | 'loss' | 'draw';
  forfeit?: boolean;
}
interface EngineMatch {
  id: number;
  stage_id: number;
  number: number;
  group_id: number;
  round_id: number;
  status: number;
  opponent1: EngineSide | null;
  opponent2: EngineSide | null;
}
interface EngineExport {
  participant: { id: number; name: string }[];
  stage: { id: number; type: string; settings: { grandFinal?: string } }[];
  group: { id: number; number: number }[];
  round: { id: number; number: number }[];
  match: EngineMatch[];
}

/** The shape of an elimination bracket: single, or double with or without the grand final's reset. */
export type EliminationFormat =
  | { type: 'single' }
  | { type: 'double'; grandFinalReset: boolean }
  /** Everyone meets everyone in each group (domain `roundRobinGroups`: groups of 3–8, dealt like a snake). */
  | { type: 'round_robin' };

/** What the engine says of one match, in our terms. */
export interface EngineMatchView {
  id: string;
  round: number;
  number: number;
  state: Extract<MatchState, 'LOCKED' | 'WAITING' | 'READY' | 'COMPLETED' | 'BYE' | 'UNPLAYABLE'>;
  participants: (string | null)[];
  winner: string | null;
  /** Double elimination only: the winners or losers bracket, or the grand final (round 2 its reset). */
  group?: EliminationGroup;
  /** Round robin only: the group (1, 2, …). */
  pool?: number;
  /**
   * Double elimination's losers bracket: per side, the winners-bracket match whose loser comes to it,
   * straight or past a losers-bracket bye (null for a winner of the losers bracket, or a bye), which
   * its empty slot names (record 182).
   */
  losersOf?: (string | null)[];
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as EngineExport;

function view(data: EngineExport): EngineMatchView[] {
  const entrants = new Map(data.participant.map((item) => [item.id, item.name]));
  const roundNumber = new Map(data.round.map((round) => [round.id, round.number]));
  const double = data.stage[0]?.type === 'double_elimination';
  const roundRobin = data.stage[0]?.type === 'round_robin';
  const groupNumber = new Map(data.group.map((group) => [group.id, group.number]));
  const groupOf = new Map(data.group.map((group) => [group.id, ELIMINATION_GROUPS[group.number - 1]!]));
  const entrantAt = (side: EngineSide | null) =>
    side?.id === null || side?.id === undefined ? null : (entrants.get(side.id) ?? null);
  const matches = data.match.map((match): EngineMatchView => {
    const sides = [entrantAt(match.opponent1), entrantAt(match.opponent2)];
    const unplayable = match.opponent1 === null && match.opponent2 === null;
    const bye = (match.opponent1 === null) !== (match.opponent2 === null);
    return {
      id: String(match.id),
      round: roundNumber.get(match.round_id) ?? 0,
      number: match.number,
      state: unplayable ? 'UNPLAYABLE' : bye ? 'BYE' : (ENGINE_STATES[match.status] ?? 'LOCKED'),
      participants: sides,
      winner: match.opponent1?.result === 'win' ? sides[0]! : match.opponent2?.result === 'win' ? sides[1]! : null,
      ...(double ? { group: groupOf.get(match.group_id) ?? 'WINNERS' } : {}),
      ...(roundRobin ? { pool: groupNumber.get(match.group_id) ?? 1 } : {}),
    };
  });
  // The grand final's reset is played only when the losers bracket's player wins the first final
  // (brackets-manager fills it either way: its standings read the first final when the winners
  // bracket's player took it). Not needed, it is UNPLAYABLE, like an empty match.
  const finals = matches.filter((match) => match.group === 'FINAL').sort((a, b) => a.round - b.round);
  const [first, reset] = finals;
  if (first && reset && first.winner !== null && first.winner === first.participants[0])
    Object.assign(reset, { state: 'UNPLAYABLE', winner: null });
  return matches;
}

/**
 * Builds an elimination bracket of `size` (DESIGN §9: default inner_outer seeding, no
 * balanceByes); empty seeds are byes, which advance at creation. Double elimination adds the
 * losers bracket (winners-bracket losers drop into it, byes included) and the grand final, with a
 * reset when `grandFinalReset`.
 */
export async function buildBracket(
  size: number,
  seeded: Pick<Participant, 'id'>[],
  format: EliminationFormat = { type: 'single' },
) {
  const manager = new BracketsManager(new InMemoryDatabase());
  if (format.type === 'round_robin') {
    // Exactly the entrants (no byes), in our groups, given to the engine as seed numbers.
    const ids = seeded.map((entrant) => entrant.id);
    await manager.create.stage({
      tournamentId: 0,
      name: 'Main',
      type: 'round_robin',
      seeding: ids,
      settings: {
        groupCount: roundRobinGroupCount(ids.length),
        manualOrdering: roundRobinGroups(ids).map((group) => group.map((id) => ids.indexOf(id) + 1)),
        roundRobinMode: 'simple',
      },
    });
  } else {
    const seeding = Array.from({ length: size }, (_, index) => seeded[index]?.id ?? null);
    await manager.create.stage({
      tournamentId: 0,
      name: 'Main',
      type: format.type === 'double' ? 'double_elimination' : 'single_elimination',
      seeding,
      settings:
        format.type === 'double'
          ? { seedOrdering: ['inner_outer'], grandFinal: format.grandFinalReset ? 'double' : 'simple' }
          : { seedOrdering: ['inner_outer'] },
    });
  }
  const data = plain(await manager.export());
  const drops = format.type === 'double' ? await dropsOf(manager, data) : null;
  // The groups given at creation are arrays in an array, which Firestore cannot store; the engine
  // needs them only to create the stage.
  for (const stage of data.stage) delete (stage.settings as { manualOrdering?: unknown }).manualOrdering;
  return {
    data: data as unknown as Record<string, unknown>,
    entrants: Object.fromEntries(data.participant.map((item) => [String(item.id), item.name])),
    matches: view(data).map((match) => (drops?.has(match.id) ? { ...match, losersOf: drops.get(match.id)! } : match)),
  };
}

/**
 * Where the winners bracket's losers drop (record 182): for each losers-bracket match, per side, the
 * winners-bracket match whose loser comes to it, by brackets-manager's own rules. A first round's
 * side names its match by its `position` (a side that is a bye has none, and needs no name); a later
 * round's drop always comes to its first side. A drop that meets a bye is named where it plays.
 */
async function dropsOf(manager: BracketsManager, data: EngineExport): Promise<Map<string, (string | null)[]>> {
  const roundNumber = new Map(data.round.map((round) => [round.id, round.number]));
  const [winners, losers] = [1, 2].map((number) => data.group.find((group) => group.number === number)?.id);
  const drops = new Map<string, (string | null)[]>();
  for (const match of data.match.filter((item) => item.group_id === winners)) {
    const into = (await manager.find.nextMatches(match.id)).find((next) => next.group_id === losers);
    const round = roundNumber.get(match.round_id) ?? 0;
    const position = (side: 'opponent1' | 'opponent2') => (into?.[side] as { position?: number } | null)?.position;
    const side = !into
      ? null
      : round > 1
        ? helpers.getNextSideLoserBracket(match.number, into, round)
        : (['opponent1', 'opponent2'] as const).find((which) => position(which) === match.number);
    // A side that is a bye already (a winners-bracket bye has no loser to send) names nothing.
    if (!into || !side || into[side] === null) continue;
    const sides = drops.get(String(into.id)) ?? [null, null];
    sides[side === 'opponent1' ? 0 : 1] = String(match.id);
    drops.set(String(into.id), sides);
  }
  // Fewer entrants than the bracket's size: a losers-bracket match with a bye passes its one drop on
  // to the next, which is where that loser first plays (its rounds of byes are not drawn).
  const chain = data.match
    .filter((item) => item.group_id === losers)
    .sort((a, b) => (roundNumber.get(a.round_id) ?? 0) - (roundNumber.get(b.round_id) ?? 0) || a.number - b.number);
  const lastRound = Math.max(0, ...chain.map((item) => roundNumber.get(item.round_id) ?? 0));
  for (const match of chain) {
    const bye = (match.opponent1 === null) !== (match.opponent2 === null);
    const passed = bye ? drops.get(String(match.id))?.[match.opponent1 === null ? 1 : 0] : null;
    const into = passed ? (await manager.find.nextMatches(match.id)).find((next) => next.group_id === losers) : null;
    if (!passed || !into) continue;
    const side =
      helpers.getNextSide(match.number, roundNumber.get(match.round_id) ?? 0, lastRound, 'loser_bracket') ===
      'opponent1'
        ? 0
        : 1;
    const sides = drops.get(String(into.id)) ?? [null, null];
    sides[side] ??= passed;
    drops.set(String(into.id), sides);
  }
  return drops;
}

/**
 * Records `winner` (an entrant id) as the result of match `matchId`, replacing an earlier result
 * when there is one; the engine refuses a change once the next match has a result. A null winner
 * is a double forfeit (issue #60): neither side advances, and the matches they fed get a bye.
 * Returns the new export and every match's view, so the caller can update the matches that changed.
 */
export async function applyResult(stored: Record<string, unknown>, matchId: string, winner: string | null) {
  const data = plain(stored);
  const match = data.match.find((item) => String(item.id) === matchId);
  const side =
    winner === null
      ? null
      : view(data)
          .find((item) => item.id === matchId)
          ?.participants.indexOf(winner);
  if (!match || side === undefined || (side !== null && side < 0))
    throw new Error(`${winner} is not in engine match ${matchId}`);
  // A decided match is reset before its new result, which a bracket refuses once a match it feeds
  // has a result ('locked'). A round robin feeds none: its result is updated in place, whatever the
  // later rounds hold (brackets-manager's reset looks at each side's next match there too), its
  // double forfeit's flags dropped first (the engine would keep a stored forfeit).
  const roundRobin = data.stage.find((stage) => stage.id === match.stage_id)?.type === 'round_robin';
  if (roundRobin) for (const opponent of [match.opponent1, match.opponent2]) delete opponent?.forfeit;
  const manager = new BracketsManager(new InMemoryDatabase());
  await manager.import(data as unknown as Parameters<BracketsManager['import']>[0]);
  if (match.status >= 4 && !roundRobin) await manager.reset.matchResults(match.id);
  await manager.update.match(
    side === null
      ? { id: match.id, opponent1: { forfeit: true }, opponent2: { forfeit: true } }
      : {
          id: match.id,
          opponent1: { result: side === 0 ? 'win' : 'loss' },
          opponent2: { result: side === 1 ? 'win' : 'loss' },
        },
  );
  const next = plain(await manager.export());
  return { data: next as unknown as Record<string, unknown>, matches: view(next) };
}

/**
 * Whether a double forfeit has stranded a bracket (every match's view after it; `wasUnplayable`, the
 * matches that had nothing to play before it): the final left without two sides or itself without a
 * winner, or a match left with nobody, which brackets-manager passes nothing on from, so the match
 * after it would wait for a side that never comes.
 */
export function bracketStranded(matches: EngineMatchView[], wasUnplayable: (id: string) => boolean): boolean {
  const finals = matches.some((match) => match.group)
    ? matches.filter((match) => match.group === 'FINAL' && match.round === 1)
    : matches.filter((match) => !match.pool && match.round === Math.max(...matches.map((item) => item.round)));
  return (
    finals.some(
      (match) =>
        match.state === 'BYE' || match.state === 'UNPLAYABLE' || (match.state === 'COMPLETED' && !match.winner),
    ) || matches.some((match) => match.state === 'UNPLAYABLE' && !wasUnplayable(match.id))
  );
}
