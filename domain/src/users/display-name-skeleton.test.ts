import { describe, expect, it } from 'vitest';
import { displayNameSkeleton } from './display-name-skeleton';

describe('display name skeleton', () => {
  it('makes look-alikes of Player1 collide', () => {
    const player = displayNameSkeleton('Player1');
    for (const lookAlike of ['Ｐlayer1', 'Рlayer1', 'Ρlayer1', 'player1', 'PLAYER1', 'PIayer1', 'Playerl']) {
      expect(displayNameSkeleton(lookAlike), lookAlike).toBe(player);
    }
  });

  it('folds the case of an "i" as of every other letter (record 190: "ADMIN" and "Admin" were two names)', () => {
    for (const [name, other] of [
      ['Admin', 'ADMIN'],
      ['Mike', 'MIKE'],
      ['Mike', 'MiKE'],
    ] as const)
      expect(displayNameSkeleton(name), `${name} ${other}`).toBe(displayNameSkeleton(other));
  });

  it('keeps different names apart, Finnish letters included', () => {
    expect(displayNameSkeleton('Player2')).not.toBe(displayNameSkeleton('Player1'));
    expect(displayNameSkeleton('Äijä_92')).not.toBe(displayNameSkeleton('Aija_92'));
    expect(displayNameSkeleton('Äijä_92')).toBe(displayNameSkeleton('äijä_92'));
  });
});
