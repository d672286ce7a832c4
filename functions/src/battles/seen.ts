import type { Battle, Challenge } from '@versus/domain/battles/battle';
import { LRUCache } from 'lru-cache';

/**
 * Battles and challenges as this process last saw them (read, or committed by one of its
 * commands): a guess at what a command will find, so that it can start the reads the battle or
 * challenge leads to (the players' escrows, accounts and statistics) beside its first read of it
 * instead of after it, one Firestore call fewer in a row (docs/decisions/0072). A command still reads the battle or challenge in its transaction and decides
 * from that alone: a guessed read it never asks for is neither used nor guarded, and a stale or
 * missing guess costs the call it would have saved, never a wrong answer.
 *
 * A Cloud Functions instance serves many requests at once, so a battle's later commands often find
 * what its earlier ones saw (its challenge, acceptance and report); in the one-process host of the
 * tests and benchmarks they always do. The most recently used first, at most 5,000 of each and
 * 8 MB of their JSON (a disputed battle with both stories is about 3 KB). Nothing changes a
 * remembered object: the domain's transitions make new ones.
 */
const limits = { max: 5_000, maxSize: 8_000_000, sizeCalculation: (value: object) => JSON.stringify(value).length };
export const seenBattles = new LRUCache<string, Battle>(limits);
export const seenChallenges = new LRUCache<string, Challenge>(limits);

/** `battle`, remembered as this process now sees it. */
export function sawBattle(battle: Battle): Battle {
  seenBattles.set(battle.id, battle);
  return battle;
}

/** `challenge`, remembered as this process now sees it. */
export function sawChallenge(challenge: Challenge): Challenge {
  seenChallenges.set(challenge.id, challenge);
  return challenge;
}
