import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds the links pages use, with their queries encoded', () => {
    expect(paths.battle.getHref('b1')).toBe('/battles/b1');
    expect(paths.battle.getHref('b1', { showWinnerSubmitForm: true })).toBe('/battles/b1?showWinnerSubmitForm=true');
    expect(paths.challenge.getHref()).toBe('/battles/challenge');
    expect(paths.challenge.getHref('u 1')).toBe('/battles/challenge?opponent=u+1');
    expect(paths.login.getHref('/profile/withdraw?x=1')).toBe('/login?next=%2Fprofile%2Fwithdraw%3Fx%3D1');
    expect(paths.tournament.getHref('t1')).toBe('/tournaments/t1');
    expect(paths.tournament.getHref('t1', 'standings')).toBe('/tournaments/t1/standings');
    expect(paths.profile.getHref()).toBe('/profile/settings');
    expect(paths.passwordEmailSent.getHref('a+b@x.fi')).toBe('/login/password-email-sent?email=a%2Bb%40x.fi');
  });

  it('declares each route pattern once', () => {
    const patterns = Object.values(paths).map((route) => route.path);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
