import { describe, expect, it } from 'vitest';
import { displayNameSkeleton } from './display-name-skeleton';

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
});
