import countries from 'i18n-iso-countries';

/** ISO 3166-1 alpha-2 codes, from the maintained i18n-iso-countries data. */
export const countryCodes = (): string[] => Object.keys(countries.getAlpha2Codes());

export const isCountryCode = (value: string): boolean => countries.isValid(value) && value.length === 2;
