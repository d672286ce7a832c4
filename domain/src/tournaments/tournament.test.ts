import { describe, expect, it } from 'vitest';
import { createTournamentSchema } from './schemas';
import { isCheckInOpen, nameTokens, prizeSplit, searchToken, teamNameKey } from './tournament';

describe('prizeSplit (DESIGN §5)', () => {
  it('gives the host 10 % and splits the rest in whole coins, the remainder to first place', () => {
    expect(prizeSplit(8 * 130, 'winner-takes-all')).toEqual({ host: 104, places: [936] });
    expect(prizeSplit(5 * 270, 'top-2')).toEqual({ host: 135, places: [851, 364] });
    const split = prizeSplit(7 * 590, 'top-3');
    expect(split.host + split.places.reduce((a, b) => a + b, 0)).toBe(7 * 590);
    expect(split.places).toEqual([1859, 1115, 743]);
    expect(prizeSplit(0, 'top-3')).toEqual({ host: 0, places: [0, 0, 0] });
  });
});

describe('teamNameKey: when two parties share a name', () => {
  it('case, width and spacing aside, and nothing else', () => {
    expect(teamNameKey('Night Owls')).toBe(teamNameKey(' night  owls '));
    expect(teamNameKey('Night Owls')).toBe(teamNameKey('ＮＩＧＨＴ　ＯＷＬＳ'));
    expect(teamNameKey('Yöpöllöt')).toBe(teamNameKey('YÖPÖLLÖT'));
    expect(teamNameKey('Night Owls')).not.toBe(teamNameKey('Night-Owls'));
    expect(teamNameKey('???')).not.toBe(teamNameKey('!!!'));
  });
});

describe('name search tokens', () => {
  it('are the lower-cased words and their prefixes from two letters', () => {
    expect(nameTokens('Friday Night Frags!')).toEqual(
      expect.arrayContaining(['fr', 'fri', 'friday', 'ni', 'night', 'frags']),
    );
    expect(nameTokens('Ääni Cup')).toContain('ää');
    expect(searchToken('  NIGHT ')).toBe('night');
  });

  it('hold the phrases a name starts at each word, so a search of several words keeps their order', () => {
    const tokens = nameTokens('CS:GO Rookie Night!');
    for (const typed of ['cs go', 'Rookie Ni', 'rookie night', 'go rookie', 'CS:GO Rookie N'])
      expect(tokens, typed).toContain(searchToken(typed));
    for (const typed of ['Night Rookie', 'night valorant', 'rookie cup', 'roo night'])
      expect(tokens, typed).not.toContain(searchToken(typed));
    expect(searchToken('  Night  Valorant!! ')).toBe('night valorant');
    // Phrases stop at 30 characters, names and searches alike.
    const long = 'Northern Lights Invitational Championship Series';
    expect(searchToken(long)).toBe('northern lights invitational c');
    expect(nameTokens(long)).toContain(searchToken(long));
    expect(nameTokens(long)).toContain(searchToken('lights invitational championship series'));
    // A first word too long to start a phrase is searched by itself.
    expect(searchToken(`${'x'.repeat(29)} cup`)).toBe('x'.repeat(20));
    expect(nameTokens(`${'x'.repeat(29)} cup`)).toContain('x'.repeat(20));
  });
});

describe('check-in', () => {
  it('is open in the 30 minutes before the start of an OPEN tournament', () => {
    const start = 10_000_000;
    expect(isCheckInOpen({ state: 'OPEN', startTime: start }, start - 30 * 60_000 - 1)).toBe(false);
    expect(isCheckInOpen({ state: 'OPEN', startTime: start }, start - 30 * 60_000)).toBe(true);
    expect(isCheckInOpen({ state: 'OPEN', startTime: start }, start)).toBe(false);
    expect(isCheckInOpen({ state: 'ONGOING', startTime: start }, start - 60_000)).toBe(false);
  });
});

describe('createTournamentSchema', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const valid = {
    game: 'fortnite',
    region: 'EU',
    platform: ['PC'],
    gameFormat: 'TEAM',
    teamSize: 3,
    size: 16,
    bracket: 'POINTS',
    entryFee: 0,
    payoutStructure: 'top-3',
    name: '  Squad Cup  ',
    description: 'Three players a team, five rounds of points.',
    rules: 'Screenshots required.',
    startTime: now + 86_400_000,
    timeZone: 'Europe/Helsinki',
    coverImage: null,
    terms: true,
  };
  const problems = async (overrides: Record<string, unknown>) =>
    createTournamentSchema
      .validate({ ...valid, ...overrides }, { abortEarly: false, context: { now } })
      .then(() => [])
      .catch((error: { inner: { path: string; message: string }[] }) =>
        error.inner.map((i) => `${i.path}:${i.message}`),
      );

  it('accepts a valid team tournament and trims its name', async () => {
    expect(await problems({})).toEqual([]);
    expect((await createTournamentSchema.validate(valid, { context: { now } })).name).toBe('Squad Cup');
  });

  it('says which rule a field breaks', async () => {
    expect(await problems({ entryFee: 130 })).toEqual(
      expect.arrayContaining([
        'entryFee:tournaments.errors.free-only-game',
        'entryFee:tournaments.errors.team-free-only',
      ]),
    );
    expect(await problems({ startTime: now + 60_000 })).toEqual(['startTime:tournaments.errors.start-in-past']);
    expect(await problems({ bracket: 'ELIMINATION' })).toEqual(['payoutStructure:tournaments.errors.payout-structure']);
    expect(await problems({ teamSize: 1 })).toEqual(['teamSize:tournaments.errors.team-size']);
  });
});
