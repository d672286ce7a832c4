import { describe, expect, it } from 'vitest';
import { licenceCovers, licenceTerritory, needsRiotLicence } from './riot-licence';
import { tournamentSettingsSchema } from './schemas';

describe('Riot licence (issue #58)', () => {
  it('is needed for a paid Riot game tournament in the EU only', () => {
    expect(needsRiotLicence({ game: 'valorant', region: 'EU', entryFee: 130 })).toBe(true);
    expect(needsRiotLicence({ game: 'league-of-legends', region: 'EU', entryFee: 130 })).toBe(true);
    expect(needsRiotLicence({ game: 'valorant', region: 'EU', entryFee: 0 })).toBe(false);
    expect(needsRiotLicence({ game: 'valorant', region: 'GLOB', entryFee: 130 })).toBe(false);
    expect(needsRiotLicence({ game: 'dota-2', region: 'EU', entryFee: 130 })).toBe(false);
  });

  it('the schema asks for one where needed, 3 to 60 visible characters', () => {
    const base = {
      game: 'valorant',
      region: 'EU',
      platform: ['PC'],
      gameFormat: 'SOLO',
      teamSize: 1,
      size: 8,
      bracket: 'ELIMINATION',
      entryFee: 130,
      payoutStructure: 'winner-takes-all',
      name: 'Licence Cup',
      description: 'A tournament that checks the licence rule.',
      rules: 'Play fair.',
      startTime: 10 * 86_400_000,
      timeZone: 'Europe/Helsinki',
      coverImage: null,
    };
    const problem = (change: Record<string, unknown>, path = 'riotLicence') => {
      try {
        tournamentSettingsSchema.validateSync({ ...base, ...change }, { context: { now: 0 }, abortEarly: false });
        return null;
      } catch (error) {
        const inner = (error as { inner: { path: string; message: string }[] }).inner;
        return inner.find((problem) => problem.path === path)?.message ?? null;
      }
    };
    expect(problem({})).toBe('tournaments.errors.riot-licence');
    expect(problem({ riotLicence: 'ab' })).toBe('tournaments.errors.riot-licence');
    expect(problem({ riotLicence: '\u200B\u200B\u200B\u200B' })).toBeTruthy();
    expect(problem({ riotLicence: 'x'.repeat(61) })).toBe('tournaments.errors.riot-licence');
    expect(problem({ riotLicence: ' EUR-2026-1234 ' })).toBeNull();
    expect(problem({ region: 'GLOB' })).toBeNull();
    expect(problem({ entryFee: 0, payoutStructure: 'winner-takes-all' })).toBeNull();
    // Its territory: at least one country, each a real one.
    const territory = 'riotLicenceCountries';
    expect(problem({}, territory)).toBe('tournaments.errors.riot-licence-countries');
    expect(problem({ riotLicenceCountries: [] }, territory)).toBe('tournaments.errors.riot-licence-countries');
    expect(problem({ riotLicenceCountries: ['FI', 'XX'] }, territory)).toBe(
      'tournaments.errors.riot-licence-countries',
    );
    expect(problem({ riotLicenceCountries: ['FI', 'SE'] }, territory)).toBeNull();
    expect(problem({ region: 'GLOB' }, territory)).toBeNull();
  });

  it('covers the countries the host names, one at least where a licence is needed', () => {
    expect(licenceCovers(['FI', 'SE'], 'FI')).toBe(true);
    expect(licenceCovers(['FI', 'SE'], 'DE')).toBe(false);
    expect(licenceCovers(['FI'], undefined)).toBe(false);
    expect(licenceCovers(null, 'DE')).toBe(true);
    expect(licenceCovers([], 'DE')).toBe(true);
    expect(licenceTerritory(['SE', 'FI', 'SE'])).toEqual(['FI', 'SE']);
  });
});
