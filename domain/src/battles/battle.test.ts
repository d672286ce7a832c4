import { describe, expect, it } from 'vitest';
import { adminMayDecide, battleDeadline, battleStage, countdownClock, type Battle } from './battle';
import { challengeSchema, disputeSchema } from './schemas';

const DAY = 86_400_000;
const battle = (overrides: Partial<Battle> = {}): Battle => ({
  id: 'b',
  challengeId: 'c',
  participants: ['a', 'b'],
  players: {},
  game: 'valorant',
  entryFee: 130,
  prize: 260,
  state: 'ONGOING',
  createdAt: 0,
  submitterId: null,
  submittedWinner: null,
  submittedAt: null,
  disputes: [],
  deadline: DAY,
  awaitingAdmin: false,
  winner: null,
  reasoning: null,
  outcome: null,
  endedAt: null,
  ...overrides,
});
const dispute = (creator: string, createdAt: number) => ({
  creator,
  createdAt,
  story: 's',
  proof: { path: 'p', url: 'u' },
});

describe('battleStage', () => {
  it('walks a player through submit → answer → dispute → admin', () => {
    expect(battleStage(battle(), 'a', 1)).toBe('submit');
    expect(battleStage(battle(), 'x', 1)).toBe('spectator');
    expect(battleStage(battle(), 'a', DAY)).toBe('closing');
    const submitted = battle({ submitterId: 'a', submittedWinner: 'a', submittedAt: 100 });
    expect(battleStage(submitted, 'a', 200)).toBe('waiting-for-answer');
    expect(battleStage(submitted, 'b', 200)).toBe('answer');
    expect(battleDeadline(submitted)).toBe(100 + DAY);
    const disputed = battle({ ...submitted, state: 'IN-DISPUTE', disputes: [dispute('b', 500)] });
    expect(battleDeadline(disputed)).toBe(500 + DAY);
    expect(battleStage(disputed, 'a', 600)).toBe('add-story');
    expect(battleStage(disputed, 'b', 600)).toBe('waiting-for-admin');
    expect(battleStage(disputed, 'a', 500 + DAY)).toBe('waiting-for-admin');
    expect(adminMayDecide(disputed, 600)).toBe(false);
    expect(adminMayDecide(disputed, 500 + DAY)).toBe(true);
    expect(adminMayDecide({ ...disputed, disputes: [dispute('b', 500), dispute('a', 700)] }, 800)).toBe(true);
    expect(battleStage(battle({ state: 'ENDED' }), 'a', 0)).toBe('ended');
  });
});

describe('countdownClock', () => {
  it('shows mm:ss under an hour and nothing beyond', () => {
    expect(countdownClock(59 * 60_000 + 59_999)).toBe('59:59');
    expect(countdownClock(65_000)).toBe('01:05');
    expect(countdownClock(-5)).toBe('00:00');
    expect(countdownClock(3_600_000)).toBeNull();
  });
});

describe('battle schemas', () => {
  const base = { opponent: 'b', game: 'valorant', entryFee: 130, terms: true };
  it('takes fees from the list only, and only free on free-only games', async () => {
    await expect(challengeSchema.validate(base)).resolves.toMatchObject(base);
    await expect(challengeSchema.validate({ ...base, entryFee: 131 })).rejects.toThrow(
      'battles.errors.entry-fee-not-allowed',
    );
    await expect(challengeSchema.validate({ ...base, game: 'fortnite' })).rejects.toThrow(
      'battles.errors.free-only-game',
    );
    await expect(challengeSchema.validate({ ...base, game: 'fortnite', entryFee: 0 })).resolves.toBeTruthy();
    await expect(challengeSchema.validate({ ...base, terms: false })).rejects.toThrow('validation.terms');
  });
  it('limits a dispute story to 450 characters', async () => {
    await expect(disputeSchema.validate({ story: 'x'.repeat(450), proof: 'p' })).resolves.toBeTruthy();
    await expect(disputeSchema.validate({ story: 'x'.repeat(451), proof: 'p' })).rejects.toThrow(
      'battles.errors.story-too-long',
    );
  });
});
