import { describe, expect, it } from 'vitest';
import { sitePath } from './site-path';

const origin = 'http://localhost:5173';

describe('sitePath', () => {
  it('keeps a path of this site, with its query and anchor', () => {
    expect(sitePath('/profile#alerts', origin)).toBe('/profile#alerts');
    expect(sitePath('/battles/challenge?game=valorant&fee=1260', origin)).toBe(
      '/battles/challenge?game=valorant&fee=1260',
    );
  });

  it('refuses what is not a page of this site, however it is written', () => {
    for (const next of [
      null,
      undefined,
      '',
      'leaderboards',
      'https://evil.example/',
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\evil.example',
      '/.//evil.example',
      'javascript:alert(1)',
    ])
      expect(sitePath(next, origin)).toBeNull();
  });
});
