import { describe, expect, it } from 'vitest';
import { gatherNoShows, type Notice } from './match-records';

const noShow = (uid: string, reasoning: string, match: string, extra: Partial<Notice['content']> = {}): Notice => ({
  uid,
  now: 1,
  content: {
    type: 'TOURNAMENT_MATCH_NO_SHOW',
    tournament: { id: 't', name: 'Cup' },
    match,
    reasoning,
    matchRound: { stage: 'round', number: 1 },
    ...extra,
  },
});

describe('gatherNoShows (record 177)', () => {
  it('makes one notice a player for the matches one close decided the same way', () => {
    const gathered = gatherNoShows([
      noShow('ann', 'forfeited', 'm1'),
      noShow('ben', 'won', 'm1'),
      noShow('ann', 'both', 'm2'),
      noShow('ann', 'forfeited', 'm3'),
      noShow('cy', 'won', 'm3'),
    ]);
    expect(gathered.map(({ uid, content }) => [uid, content.reasoning, content.matches, content.match])).toEqual([
      ['ann', 'forfeited', 2, 'm1'],
      ['ben', 'won', undefined, 'm1'],
      ['ann', 'both', undefined, 'm2'],
      ['cy', 'won', undefined, 'm3'],
    ]);
    // The round differs between the matches counted: the gathered notice names none.
    expect(gathered[0]!.content).not.toHaveProperty('matchRound');
    expect(gathered[1]!.content.matchRound).toEqual({ stage: 'round', number: 1 });
  });

  it('leaves every other notice, and a host’s own copy, as it is', () => {
    const ready: Notice = { uid: 'ann', now: 1, content: { type: 'TOURNAMENT_MATCH_READY', match: 'm4' } };
    const notices = [
      ready,
      ready,
      noShow('host', 'won', 'm1', { isAdmin: true }),
      noShow('host', 'won', 'm2', { isAdmin: true }),
    ];
    expect(gatherNoShows(notices)).toEqual(notices);
  });
});
