import { describe, expect, it } from 'vitest';
import { createTournamentSchema } from './schemas';
import {
  daysBeside,
  freeDayTaken,
  isCheckInOpen,
  localDay,
  nameTokens,
  prizeSplit,
  searchToken,
  teamNameKey,
} from './tournament';

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

describe('localDay', () => {
  it('counts the day in the host’s time zone', () => {
    const lateEvening = Date.UTC(2027, 0, 15, 22, 30);
    expect(localDay(lateEvening, 'Europe/Helsinki')).toBe('2027-01-16');
    expect(localDay(lateEvening, 'America/New_York')).toBe('2027-01-15');
  });
});

describe('freeDayTaken (SPEC §5: one free tournament a day)', () => {
  // Claimed in Los Angeles: Tuesday 8 December 2026, 20:00 there, Wednesday 17:00 in Auckland.
  const la = { day: '2026-12-08', tournamentId: 'la', startTime: Date.UTC(2026, 11, 9, 4) };

  it("reads the days beside a day, across a month's and a year's end", () => {
    expect(daysBeside('2026-12-08')).toEqual(['2026-12-07', '2026-12-09']);
    expect(daysBeside('2027-01-01')).toEqual(['2026-12-31', '2027-01-02']);
    expect(daysBeside('2028-03-01')).toEqual(['2028-02-29', '2028-03-02']);
  });

  it("judges a start by the day of each claim's start in its own zone, and by the claim's own day", () => {
    // The walk's second free one, an hour later, made in Auckland: the same day there.
    expect(freeDayTaken('2026-12-09', 'Pacific/Auckland', [undefined, la], 'nz')).toBe(true);
    // Thursday in Auckland is free, and so is Wednesday in Los Angeles.
    expect(freeDayTaken('2026-12-10', 'Pacific/Auckland', [la], 'nz')).toBe(false);
    expect(freeDayTaken('2026-12-09', 'America/Los_Angeles', [la], 'next')).toBe(false);
    // The claim's own day stays taken, whatever zone asks; the tournament's own claim never counts.
    expect(freeDayTaken('2026-12-08', 'Pacific/Auckland', [la], 'nz')).toBe(true);
    expect(freeDayTaken('2026-12-08', 'America/Los_Angeles', [la], 'la')).toBe(false);
    // A claim from before claims kept their start counts by its day alone.
    expect(freeDayTaken('2026-12-09', 'Pacific/Auckland', [{ day: '2026-12-08', tournamentId: 'old' }], 'nz')).toBe(
      false,
    );
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
