import { describe, expect, it } from 'vitest';
import { displayNameSkeleton, displayNameSkeletons } from './display-name-skeleton';

/** Whether two names share a skeleton, as registration reads them. */
const collide = (a: string, b: string) => displayNameSkeletons(a).some((key) => displayNameSkeletons(b).includes(key));

describe('display name skeleton', () => {
  it('makes look-alikes of Player1 collide', () => {
    const player = displayNameSkeleton('Player1');
    for (const lookAlike of ['Ｐlayer1', 'Рlayer1', 'Ρlayer1', 'player1', 'PLAYER1', 'PIayer1', 'Playerl']) {
      expect(displayNameSkeleton(lookAlike), lookAlike).toBe(player);
    }
  });

  it('keeps different names apart, Finnish letters included', () => {
    expect(displayNameSkeleton('Player2')).not.toBe(displayNameSkeleton('Player1'));
    expect(displayNameSkeleton('Äijä_92')).not.toBe(displayNameSkeleton('Aija_92'));
    expect(displayNameSkeleton('Äijä_92')).toBe(displayNameSkeleton('äijä_92'));
  });

  it('a name in capitals meets its other cases through its lower-case form (record 190: "ADMIN" and "Admin" were two)', () => {
    for (const [name, other] of [
      ['Admin', 'ADMIN'],
      ['Mike', 'MIKE'],
      ['Mike', 'MiKE'],
      ['Player1', 'PIayer1'],
      ['Olli', 'OIli'],
      ['Oili', 'OIli'],
    ] as const)
      expect(collide(name, other), `${name} ${other}`).toBe(true);
    // Names that differ by a small "i" and an "l" stay two names.
    for (const [name, other] of [
      ['Olli', 'Oili'],
      ['Aili', 'Alli'],
      ['Elias', 'Ellas'],
    ] as const)
      expect(collide(name, other), `${name} ${other}`).toBe(false);
  });
});
