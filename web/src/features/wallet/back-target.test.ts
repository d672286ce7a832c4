import { describe, expect, it } from 'vitest';
import { backTarget } from './back-target';

const origin = 'https://versus.example';

describe('backTarget', () => {
  it('names the page that sent the player for coins, with its address kept', () => {
    expect(backTarget('/battles/challenge?game=valorant&fee=1260', origin)).toEqual({
      to: '/battles/challenge?game=valorant&fee=1260',
      kind: 'challenge',
    });
    expect(backTarget('/battles/view-challenge/abc', origin)?.kind).toBe('challenge');
    expect(backTarget('/tournaments/abc', origin)?.kind).toBe('tournament');
    expect(backTarget('/tournaments/abc/participants', origin)?.kind).toBe('tournament');
    expect(backTarget('/tournaments/add', origin)?.kind).toBe('page');
    expect(backTarget('/tournaments/my-tournaments', origin)?.kind).toBe('page');
    expect(backTarget('/leaderboards', origin)).toEqual({ to: '/leaderboards', kind: 'page' });
  });

  it('refuses checkout itself, and what is not a page of this site (each way: site-path.test.ts)', () => {
    for (const next of [null, '/\\evil.example', '/checkout?product=coins-130'])
      expect(backTarget(next, origin)).toBeNull();
  });
});
