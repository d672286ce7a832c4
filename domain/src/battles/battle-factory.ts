import { BATTLE_SUBMISSION_WINDOW_MS, type Battle } from './battle';

/**
 * Test data (STYLE: factories build test data): an ongoing battle between `a` and `b` created at
 * `createdAt` (0 unless given), with whatever the test overrides.
 */
export function aBattle(overrides: Partial<Battle> = {}): Battle {
  const createdAt = overrides.createdAt ?? 0;
  const [a, b] = overrides.participants ?? ['a', 'b'];
  return {
    id: 'b1',
    challengeId: 'c1',
    participants: [a, b],
    players: {
      [a]: { uid: a, displayName: a.charAt(0).toUpperCase() + a.slice(1), avatar: null, avatarPlaceholder: 1 },
      [b]: { uid: b, displayName: b.charAt(0).toUpperCase() + b.slice(1), avatar: null, avatarPlaceholder: 2 },
    },
    game: 'valorant',
    entryFee: 130,
    prize: 260,
    state: 'ONGOING',
    createdAt,
    submitterId: null,
    submittedWinner: null,
    submittedAt: null,
    disputes: [],
    deadline: createdAt + BATTLE_SUBMISSION_WINDOW_MS,
    awaitingAdmin: false,
    winner: null,
    reasoning: null,
    outcome: null,
    endedAt: null,
    ...overrides,
  };
}
