import { describe, expect, it } from 'vitest';
import { englishOrdinal } from './alert-lines';

describe('englishOrdinal', () => {
  it('writes a place as English does, the teens with "th"', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(englishOrdinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
});
