import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import type { Participant } from '@versus/domain/tournaments/tournament';
import type { MatchState } from '@versus/domain/tournaments/play';

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
}
interface EngineMatch {
  id: number;
  number: number;
  round_id: number;
  status: number;
  opponent1: EngineSide | null;
  opponent2: EngineSide | null;
}
interface EngineExport {
  participant: { id: number; name: string }[];
  round: { id: number; number: number }[];
  match: EngineMatch[];
}

/** What the engine says of one match, in our terms. */
export interface EngineMatchView {
  id: string;
  round: number;
  number: number;
  state: Extract<MatchState, 'LOCKED' | 'WAITING' | 'READY' | 'COMPLETED' | 'BYE' | 'UNPLAYABLE'>;
  participants: (string | null)[];
  winner: string | null;
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as EngineExport;

function view(data: EngineExport): EngineMatchView[] {
  const entrants = new Map(data.participant.map((item) => [item.id, item.name]));
  const roundNumber = new Map(data.round.map((round) => [round.id, round.number]));
  const entrantAt = (side: EngineSide | null) =>
    side?.id === null || side?.id === undefined ? null : (entrants.get(side.id) ?? null);
  return data.match.map((match) => {
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
    };
  });
}

/**
 * Builds a single-elimination bracket of `size` (DESIGN §9: default inner_outer seeding, no
 * balanceByes); empty seeds are byes, which advance at creation.
 */
export async function buildBracket(size: number, seeded: Pick<Participant, 'id'>[]) {
  const manager = new BracketsManager(new InMemoryDatabase());
  const seeding = Array.from({ length: size }, (_, index) => seeded[index]?.id ?? null);
  await manager.create.stage({
    tournamentId: 0,
    name: 'Main',
    type: 'single_elimination',
    seeding,
    settings: { seedOrdering: ['inner_outer'] },
  });
  const data = plain(await manager.export());
  return {
    data: data as unknown as Record<string, unknown>,
    entrants: Object.fromEntries(data.participant.map((item) => [String(item.id), item.name])),
    matches: view(data),
  };
}

/**
 * Records `winner` (an entrant id) as the result of match `matchId`, replacing an earlier result
 * when there is one; the engine refuses a change once the next match has a result. Returns the new
 * export and every match's view, so the caller can update the matches that changed.
 */
export async function applyResult(stored: Record<string, unknown>, matchId: string, winner: string) {
  const manager = new BracketsManager(new InMemoryDatabase());
  await manager.import(stored as unknown as Parameters<BracketsManager['import']>[0]);
  const data = plain(await manager.export());
  const match = data.match.find((item) => String(item.id) === matchId);
  const side = view(data)
    .find((item) => item.id === matchId)
    ?.participants.indexOf(winner);
  if (!match || side === undefined || side < 0) throw new Error(`${winner} is not in engine match ${matchId}`);
  if (match.status >= 4) await manager.reset.matchResults(match.id);
  await manager.update.match({
    id: match.id,
    opponent1: { result: side === 0 ? 'win' : 'loss' },
    opponent2: { result: side === 1 ? 'win' : 'loss' },
  });
  const next = plain(await manager.export());
  return { data: next as unknown as Record<string, unknown>, matches: view(next) };
}
