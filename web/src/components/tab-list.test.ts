import { describe, expect, it } from 'vitest';
import { arrowIndex } from './tab-list';

describe('a row of tabs', () => {
  it('move along a row of tabs, round from the last to the first and back', () => {
    expect(arrowIndex('ArrowRight', 0, 3)).toBe(1);
    expect(arrowIndex('ArrowRight', 2, 3)).toBe(0);
    expect(arrowIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(arrowIndex('Home', 2, 3)).toBe(0);
    expect(arrowIndex('End', 0, 3)).toBe(2);
    expect(arrowIndex('ArrowDown', 0, 3)).toBeNull();
    expect(arrowIndex('Enter', 0, 3)).toBeNull();
    expect(arrowIndex('ArrowRight', 0, 0)).toBeNull();
  });
});
