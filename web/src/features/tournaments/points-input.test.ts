import { describe, expect, it } from 'vitest';
import { POINTS_MAX } from '@versus/domain/tournaments/play';
import { enGBPlay } from '../../i18n/locales/en-GB.play';
import { fiFIPlay } from '../../i18n/locales/fi-FI.play';
import { pointsProblem } from './points-input';

describe('points typed in a form', () => {
  it("takes a player's whole positive number, spaces around it too", () => {
    expect(pointsProblem('1200', 1)).toBeNull();
    expect(pointsProblem(' 7 ', 1)).toBeNull();
    expect(pointsProblem(String(POINTS_MAX), 1)).toBeNull();
  });

  it('refuses what a number parser would have read as a number', () => {
    for (const text of ['1e3', '0x10', '1.5', '1,200', '1 200', '+5', 'Infinity'])
      expect(pointsProblem(text, 1), text).toBe('tournaments.errors.points-whole');
  });

  it("refuses an empty field, which Number() reads as 0, in a player's round and a host's change", () => {
    expect(pointsProblem('', 1)).toBe('validation.required');
    expect(pointsProblem('  ', 0)).toBe('validation.required');
  });

  it("refuses 0 and below in a player's round, and takes 0 in a host's change", () => {
    expect(pointsProblem('0', 1)).toBe('tournaments.errors.points-positive');
    expect(pointsProblem('-5', 1)).toBe('tournaments.errors.points-positive');
    expect(pointsProblem('0', 0)).toBeNull();
    expect(pointsProblem('-5', 0)).toBe('tournaments.errors.points-whole');
  });

  it('refuses more than a round can give', () => {
    expect(pointsProblem(String(POINTS_MAX + 1), 1)).toBe('tournaments.errors.points-too-many');
    expect(pointsProblem(String(POINTS_MAX + 1), 0)).toBe('tournaments.errors.points-too-many');
  });

  it('says the most a round gives, as each language writes the number (record 182)', () => {
    expect(enGBPlay.tournaments.errors['points-too-many']).toContain(POINTS_MAX.toLocaleString('en-GB'));
    expect(fiFIPlay.tournaments.errors['points-too-many']).toContain(POINTS_MAX.toLocaleString('fi-FI'));
  });
});
