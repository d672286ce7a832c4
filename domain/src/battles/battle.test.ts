import { describe, expect, it } from 'vitest';
import { adminMayDecide, battleDeadline, battleStage, countdownClock, type Battle } from './battle';
import { aBattle } from './battle-factory';
import { challengeSchema, disputeSchema } from './schemas';

const DAY = 86_400_000;
const battle = aBattle;
const dispute = (creator: string, createdAt: number) => ({
  creator,
  createdAt,
  story: 's',
  proof: { path: 'p', url: 'u' },
});

describe('battleStage', () => {
  const submitted = battle({ submitterId: 'a', submittedWinner: 'a', submittedAt: 100 });
  const disputed = battle({ ...submitted, state: 'IN-DISPUTE', disputes: [dispute('b', 500)] });
  it.each<[string, Battle, string, number, string]>([
    ['nobody reported yet', battle(), 'a', 1, 'submit'],
    ['an outsider looks on', battle(), 'x', 1, 'spectator'],
    ['the submission window passed', battle(), 'a', DAY, 'closing'],
    ['I reported', submitted, 'a', 200, 'waiting-for-answer'],
    ['the other side reported', submitted, 'b', 200, 'answer'],
    ['the other side disputed, window open', disputed, 'a', 600, 'add-story'],
    ['I disputed', disputed, 'b', 600, 'waiting-for-admin'],
    ['the dispute window closed', disputed, 'a', 500 + DAY, 'waiting-for-admin'],
    ['the battle ended', battle({ state: 'ENDED' }), 'a', 0, 'ended'],
  ])('%s: %s', (_name, value, uid, now, stage) => {
    expect(battleStage(value, uid, now)).toBe(stage);
  });

  it.each<[string, Battle, number]>([
    ['the submission window', battle(), DAY],
    ['the answer window', submitted, 100 + DAY],
    ['the dispute window, from the first dispute', disputed, 500 + DAY],
  ])('the deadline of %s', (_name, value, deadline) => {
    expect(battleDeadline(value)).toBe(deadline);
  });

  it.each<[string, Battle, number, boolean]>([
    ['one side heard, window open', disputed, 600, false],
    ['one side heard, window closed', disputed, 500 + DAY, true],
    ['both sides heard', { ...disputed, disputes: [dispute('b', 500), dispute('a', 700)] }, 800, true],
  ])('an admin may decide when %s: %s', (_name, value, now, may) => {
    expect(adminMayDecide(value, now)).toBe(may);
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
