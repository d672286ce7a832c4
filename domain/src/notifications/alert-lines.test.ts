import { describe, expect, it } from 'vitest';
import { englishOrdinal, placeText } from './alert-lines';

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

  it("is a notice's place in each language: English's ordinal, Finnish's number and dot", () => {
    expect(['en-GB', 'en-US', 'fi-FI'].map((language) => placeText(language, 3))).toEqual(['3rd', '3rd', '3.']);
  });
});
