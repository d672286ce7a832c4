import { describe, expect, it } from 'vitest';
import { PAYOUT_STRUCTURES } from './tournament';
import {
  MATCH_ANSWER_MIN_MS,
  MATCH_REPORT_WINDOW_MS,
  currentMatchOf,
  eliminationRanking,
  matchStage,
  pointsStandings,
  prizeAwards,
  roundLabel,
  roundOfMatch,
  transitionMatch,
  type MatchEvent,
  type TournamentMatch,
} from './play';

const T0 = 1_000_000;
const proof = { path: 'proofs/a/p.png', url: 'http://x/p.png' };
const match = (overrides: Partial<TournamentMatch> = {}): TournamentMatch => ({
  id: '3',
  round: 1,
  number: 4,
  state: 'READY',
  participants: ['a', 'b'],
  winner: null,
  reports: {},
  readyAt: T0,
  deadline: T0 + MATCH_REPORT_WINDOW_MS,
  updatedAt: T0,
  ...overrides,
});
const reported = (by: string, winner: string, at = T0) => ({ [by]: { winner, by, at } });
const evidence = {
  game: 'dota-2' as const,
  matchId: '77',
  url: 'https://www.opendota.com/matches/77',
  startedAt: T0,
  endedAt: T0 + 1,
  sides: [],
  checkedAt: T0,
};

describe('transitionMatch: refusals', () => {
  it.each<[string, TournamentMatch, MatchEvent, string]>([
    ['an outsider reports', match(), { type: 'report', entrant: 'c', by: 'c', winner: 'a' }, 'not-in-match'],
    ['a winner outside the match', match(), { type: 'report', entrant: 'a', by: 'a', winner: 'c' }, 'invalid-winner'],
    [
      'a match still waiting',
      match({ state: 'WAITING', participants: ['a', null] }),
      { type: 'report', entrant: 'a', by: 'a', winner: 'a' },
      'match-not-ready',
    ],
    [
      'a second report by one side',
      match({ reports: reported('a', 'a') }),
      { type: 'report', entrant: 'a', by: 'a', winner: 'a' },
      'already-reported',
    ],
    ['a story without a dispute', match(), { type: 'dispute', entrant: 'a', by: 'a', story: 's', proof }, 'no-dispute'],
    [
      'a second story',
      match({ state: 'DISPUTED', disputes: { a: { story: 's', proof, by: 'a', at: T0 } } }),
      { type: 'dispute', entrant: 'a', by: 'a', story: 's', proof },
      'already-disputed',
    ],
    [
      'resolving a dispute without a reason',
      match({ state: 'DISPUTED' }),
      { type: 'decide', host: 'h', winner: 'a', reasoning: null },
      'reasoning-required',
    ],
    [
      'deciding a bye',
      match({ state: 'BYE', participants: ['a', null] }),
      { type: 'decide', host: 'h', winner: 'a', reasoning: null },
      'match-not-ready',
    ],
    [
      'a playing host deciding their own match',
      match(),
      { type: 'decide', host: 'a', winner: 'a', reasoning: null, hostEntrant: 'a' },
      'host-is-player',
    ],
    [
      // The game was looked up for a vs b; a host's change put c in the match meanwhile.
      'a game looked up for another pair',
      match({ participants: ['a', 'c'] }),
      { type: 'game-result', winner: 'a', evidence, sides: ['a', 'b'], readyAt: T0 },
      'match-not-ready',
    ],
    [
      'a game looked up before the match became READY again',
      match({ readyAt: T0 + 500 }),
      { type: 'game-result', winner: 'a', evidence, sides: ['a', 'b'], readyAt: T0 },
      'match-not-ready',
    ],
  ])('%s', (_, before, event, code) => {
    const result = transitionMatch(before, event, T0 + 1000);
    expect(result.ok ? null : result.refusal.code).toBe(code);
  });
});

describe('transitionMatch: reports, disputes, decisions and the window', () => {
  it('a first report tells the other side whether it named them or the reporters (“you” or “they”)', () => {
    const told = (winner: string) => {
      const result = transitionMatch(match(), { type: 'report', entrant: 'a', by: 'a', winner }, T0 + 1000);
      return result.ok ? result.effects.find((effect) => effect.type === 'notify') : undefined;
    };
    expect(told('b')).toMatchObject({ to: { entrant: 'b' }, winner: 'b', reasoning: 'you' });
    expect(told('a')).toMatchObject({ to: { entrant: 'b' }, winner: 'a', reasoning: 'they' });
  });

  it('the game decides the pair it was looked up for', () => {
    const result = transitionMatch(
      match(),
      { type: 'game-result', winner: 'b', evidence, sides: ['a', 'b'], readyAt: T0 },
      T0 + 1000,
    );
    expect(result.ok && result.next).toMatchObject({ state: 'COMPLETED', winner: 'b', outcome: 'GAME_API' });
  });

  it.each<[string, TournamentMatch, MatchEvent, Partial<TournamentMatch>, string[]]>([
    [
      'a first report waits for the other side, with at least an hour to answer, and tells it',
      match(),
      { type: 'report', entrant: 'a', by: 'a', winner: 'b' },
      { state: 'READY', deadline: T0 + MATCH_REPORT_WINDOW_MS },
      ['b:TOURNAMENT_OPPONENT_REPORTED'],
    ],
    [
      'agreeing reports decide the match',
      match({ reports: reported('b', 'b') }),
      { type: 'report', entrant: 'a', by: 'a', winner: 'b' },
      { state: 'COMPLETED', winner: 'b', outcome: 'AGREED' },
      ['result:b'],
    ],
    [
      'conflicting reports open a dispute: the host and the other side hear of it',
      match({ reports: reported('b', 'b') }),
      { type: 'report', entrant: 'a', by: 'a', winner: 'a' },
      { state: 'DISPUTED', dispute: { state: 'OPEN', openedAt: T0 + 1000, resolvedAt: null } },
      ['host:ADMIN_TOURNAMENT_CONFLICT', 'b:OPPONENT_TOURNAMENT_CONFLICT'],
    ],
    [
      'the second story tells the host both sides are heard',
      match({ state: 'DISPUTED', disputes: { a: { story: 's', proof, by: 'a', at: T0 } } }),
      { type: 'dispute', entrant: 'b', by: 'b', story: 't', proof },
      { state: 'DISPUTED' },
      ['host:TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD'],
    ],
    [
      'the host resolves a dispute: both sides hear the winner and the reason',
      match({ state: 'DISPUTED', dispute: { state: 'OPEN', openedAt: T0, resolvedAt: null } }),
      { type: 'decide', host: 'h', winner: 'a', reasoning: 'Scoreboard.' },
      {
        state: 'COMPLETED',
        winner: 'a',
        outcome: 'HOST',
        dispute: { state: 'RESOLVED', openedAt: T0, resolvedAt: T0 + 1000 },
      },
      ['result:a', 'a:ADMIN_CHANGE_MATCH_WINNER', 'b:ADMIN_CHANGE_MATCH_WINNER'],
    ],
    [
      // A walk's loser of such a match heard nothing (record 181).
      'the host sets a match in play: both sides hear the winner',
      match(),
      { type: 'decide', host: 'h', winner: 'b', reasoning: null },
      { state: 'COMPLETED', winner: 'b', outcome: 'HOST' },
      ['result:b', 'a:ADMIN_CHANGE_MATCH_WINNER', 'b:ADMIN_CHANGE_MATCH_WINNER'],
    ],
    [
      // (A side is its players: the one who asked is left out of theirs, a party's others are told.)
      'the game overrules a report: the reporter hears it, not the player who asked',
      match({ reports: reported('a', 'a') }),
      { type: 'game-result', winner: 'b', evidence, sides: ['a', 'b'], readyAt: T0, askedBy: 'b' },
      { state: 'COMPLETED', winner: 'b', outcome: 'GAME_API' },
      ['result:b', 'a:TOURNAMENT_MATCH_GAME_DECIDED but b', 'b:TOURNAMENT_MATCH_GAME_DECIDED but b'],
    ],
    [
      'the game agrees with a report: the side that said it is not told',
      match({ reports: reported('a', 'b') }),
      { type: 'game-result', winner: 'b', evidence, sides: ['a', 'b'], readyAt: T0, askedBy: 'b' },
      { state: 'COMPLETED', winner: 'b' },
      ['result:b', 'b:TOURNAMENT_MATCH_GAME_DECIDED but b'],
    ],
    [
      'the sweeper finds the game of a silent match: both sides hear it',
      match(),
      { type: 'game-result', winner: 'a', evidence, sides: ['a', 'b'], readyAt: T0 },
      { state: 'COMPLETED', winner: 'a' },
      ['result:a', 'a:TOURNAMENT_MATCH_GAME_DECIDED', 'b:TOURNAMENT_MATCH_GAME_DECIDED'],
    ],
    [
      'the game settles a dispute: both sides hear it, the one whose report it names too',
      match({
        state: 'DISPUTED',
        reports: { ...reported('a', 'a'), ...reported('b', 'b') },
        dispute: { state: 'OPEN', openedAt: T0, resolvedAt: null },
      }),
      { type: 'game-result', winner: 'a', evidence, sides: ['a', 'b'], readyAt: T0 },
      { state: 'COMPLETED', winner: 'a', dispute: { state: 'RESOLVED', openedAt: T0, resolvedAt: T0 + 1000 } },
      [
        'result:a',
        'a:TOURNAMENT_MATCH_GAME_DECIDED',
        'b:TOURNAMENT_MATCH_GAME_DECIDED',
        'host:TOURNAMENT_MATCH_GAME_DECIDED',
      ],
    ],
    [
      'the game settles a dispute a side asked it about: everyone but who asked is told',
      match({
        state: 'DISPUTED',
        reports: { ...reported('a', 'a'), ...reported('b', 'b') },
        dispute: { state: 'OPEN', openedAt: T0, resolvedAt: null },
      }),
      { type: 'game-result', winner: 'a', evidence, sides: ['a', 'b'], readyAt: T0, askedBy: 'a' },
      { state: 'COMPLETED', winner: 'a' },
      [
        'result:a',
        'a:TOURNAMENT_MATCH_GAME_DECIDED but a',
        'b:TOURNAMENT_MATCH_GAME_DECIDED but a',
        'host:TOURNAMENT_MATCH_GAME_DECIDED but a',
      ],
    ],
    [
      'the host changes a decided winner: both sides hear of it',
      match({ state: 'COMPLETED', winner: 'a', outcome: 'AGREED' }),
      { type: 'decide', host: 'h', winner: 'b', reasoning: null },
      { state: 'COMPLETED', winner: 'b' },
      ['result:b', 'a:ADMIN_CHANGE_MATCH_WINNER', 'b:ADMIN_CHANGE_MATCH_WINNER'],
    ],
  ])('%s', (_, before, event, next, effects) => {
    const result = transitionMatch(before, event, T0 + 1000);
    if (!result.ok) throw new Error(result.refusal.code);
    expect(result.next).toMatchObject(next);
    expect(
      result.effects.map((effect) =>
        effect.type === 'result'
          ? `result:${effect.winner}`
          : `${'host' in effect.to ? 'host' : effect.to.entrant}:${effect.notification}${effect.except ? ` but ${effect.except}` : ''}`,
      ),
    ).toEqual(effects);
  });

  it('a report answers the host’s call to decide a silent match', () => {
    const asked = match({ hostAskedAt: T0 + 5, deadline: null });
    const result = transitionMatch(asked, { type: 'report', entrant: 'a', by: 'a', winner: 'a' }, T0 + 10);
    expect(result.ok && result.next).toMatchObject({ hostAskedAt: null, deadline: T0 + MATCH_REPORT_WINDOW_MS });
  });

  it('a report just before the window closes still leaves the other side an hour', () => {
    const late = T0 + MATCH_REPORT_WINDOW_MS - 60_000;
    const result = transitionMatch(match(), { type: 'report', entrant: 'a', by: 'a', winner: 'a' }, late);
    expect(result.ok && result.next.deadline).toBe(late + MATCH_ANSWER_MIN_MS);
  });

  it('when the window closes one report stands, and silence asks the host once', () => {
    const closes = T0 + MATCH_REPORT_WINDOW_MS;
    const one = transitionMatch(match({ reports: reported('a', 'b') }), { type: 'close-window' }, closes);
    expect(one.ok && one.next).toMatchObject({ state: 'COMPLETED', winner: 'b', outcome: 'UNANSWERED' });
    const early = transitionMatch(match({ reports: reported('a', 'b') }), { type: 'close-window' }, closes - 1);
    expect(early.ok && early.next.state).toBe('READY');
    const silent = transitionMatch(match(), { type: 'close-window' }, closes);
    expect(silent.ok && silent.effects).toEqual([
      { type: 'notify', to: { host: true }, notification: 'ADMIN_SELECT_MATCH_WINNER' },
    ]);
    expect(silent.ok && silent.next).toMatchObject({ hostAskedAt: closes, deadline: null });
  });
});

describe('stages and the current match (SPEC §4)', () => {
  it('tells each side what to do', () => {
    expect(matchStage(match(), 'a')).toBe('report');
    expect(matchStage(match({ reports: reported('a', 'a') }), 'a')).toBe('wait-opponent');
    expect(matchStage(match({ state: 'DISPUTED' }), 'a')).toBe('add-story');
    expect(matchStage(match({ state: 'COMPLETED', winner: 'a' }), 'b')).toBe('decided');
    expect(matchStage(match({ state: 'WAITING' }), 'a')).toBe('not-ready');
  });
  it('the current match is the READY or disputed one containing the entrant', () => {
    const matches = [
      match({ id: '1', state: 'COMPLETED', participants: ['a', 'c'], winner: 'a' }),
      match({ id: '5', round: 2, state: 'READY', participants: ['a', 'd'] }),
    ];
    expect(currentMatchOf(matches, 'a')?.id).toBe('5');
    expect(currentMatchOf(matches, 'c')).toBeUndefined();
  });
  it('the final ranks its winner first and its loser second', () => {
    const matches = [match({ id: '1', round: 1 }), match({ id: '2', round: 2, state: 'COMPLETED', winner: 'b' })];
    expect(eliminationRanking(matches)).toEqual(['b', 'a']);
    expect(eliminationRanking([match({ round: 2 })])).toEqual([]);
  });
});

describe('points standings', () => {
  it('count ACCEPTED rounds only, highest first, ties share a rank and keep seed order', () => {
    const rounds = (...list: [number, 'SUBMITTED' | 'ACCEPTED'][]) =>
      list.map(([points, state]) => ({ points, state }));
    const standings = pointsStandings(
      [
        { participant: 'c', rounds: rounds([30, 'ACCEPTED'], [99, 'SUBMITTED']) },
        { participant: 'a', rounds: rounds([10, 'ACCEPTED'], [20, 'ACCEPTED']) },
        { participant: 'b', rounds: rounds([5, 'ACCEPTED']) },
        { participant: 'd', rounds: [] },
      ],
      ['a', 'b', 'c', 'd'],
    );
    expect(standings).toEqual([
      { participant: 'a', total: 30, rank: 1 },
      { participant: 'c', total: 30, rank: 1 },
      { participant: 'b', total: 5, rank: 3 },
      { participant: 'd', total: 0, rank: 4 },
    ]);
  });
});

describe('prizeAwards (DESIGN §5, §9)', () => {
  const ranked = (...ranks: number[]) => ranks.map((rank, index) => ({ participant: `p${index}`, rank }));
  it.each(
    PAYOUT_STRUCTURES.flatMap((structure) =>
      [0, 520, 1040, 4 * 1260, 32 * 590, 7 * 130 + 1].flatMap((pool) =>
        [ranked(1, 2, 3, 4), ranked(1, 1, 3, 4), ranked(1, 2, 2, 4), ranked(1, 1, 1, 4), ranked(1, 2, 3, 3, 3)].map(
          (ranking) => [structure, pool, ranking] as const,
        ),
      ),
    ),
  )('%s of %i among %j sums to the pool exactly', (structure, pool, ranking) => {
    const { host, awards } = prizeAwards(pool, structure, ranking);
    expect(host + awards.reduce((sum, award) => sum + award.amount, 0)).toBe(pool);
    expect(awards.every((award) => Number.isInteger(award.amount) && award.amount > 0)).toBe(true);
  });
  it('ties share the combined places, the remainder to the better seed', () => {
    expect(prizeAwards(520, 'top-3', ranked(1, 1, 3, 4))).toEqual({
      host: 52,
      awards: [
        { participant: 'p0', amount: 188, place: 1 },
        { participant: 'p1', amount: 187, place: 1 },
        { participant: 'p2', amount: 93, place: 3 },
      ],
    });
    expect(prizeAwards(1040, 'top-2', ranked(1, 2))).toEqual({
      host: 104,
      awards: [
        { participant: 'p0', amount: 656, place: 1 },
        { participant: 'p1', amount: 280, place: 2 },
      ],
    });
    // A tie for second in top-2 shares second place's 30 %.
    expect(prizeAwards(1000, 'top-2', ranked(1, 2, 2)).awards.map((award) => award.amount)).toEqual([630, 135, 135]);
  });
});

describe('transitionMatch: series (issue #21)', () => {
  const bo3 = match({ bestOf: 3 });
  const report = (entrant: string, winner: string, score?: [number, number]): MatchEvent => ({
    type: 'report',
    entrant,
    by: entrant,
    winner,
    ...(score ? { score } : {}),
  });
  const after = (first: MatchEvent, second: MatchEvent, start = bo3) => {
    const one = transitionMatch(start, first, T0 + 1);
    if (!one.ok) throw new Error(one.refusal.code);
    return transitionMatch(one.next, second, T0 + 2);
  };

  it.each([[undefined], [[2, 2]], [[1, 2]], [[3, 1]], [[1, 0]]] as const)(
    'a best of 3 refuses the score %j',
    (score) => {
      expect(transitionMatch(bo3, report('a', 'a', score as [number, number] | undefined), T0)).toEqual({
        ok: false,
        refusal: { code: 'invalid-score', bestOf: 3 },
      });
    },
  );

  it('agreeing on winner and score decides it, the score kept in the match order', () => {
    const result = after(report('a', 'b', [2, 1]), report('b', 'b', [2, 1]));
    expect(result).toMatchObject({
      ok: true,
      next: { state: 'COMPLETED', winner: 'b', score: [1, 2], outcome: 'AGREED' },
      effects: [{ type: 'result', winner: 'b' }],
    });
  });

  it('the same winner with another score is a dispute', () => {
    expect(after(report('a', 'b', [2, 0]), report('b', 'b', [2, 1]))).toMatchObject({
      ok: true,
      next: { state: 'DISPUTED' },
    });
  });

  it('the host decides with a score; changing only the score moves nothing in the bracket', () => {
    const decide = (score?: [number, number]): MatchEvent => ({
      type: 'decide',
      host: 'h',
      winner: 'a',
      reasoning: null,
      ...(score ? { score } : {}),
    });
    expect(transitionMatch(bo3, decide(), T0)).toMatchObject({ ok: false, refusal: { code: 'invalid-score' } });
    const first = transitionMatch(bo3, decide([2, 0]), T0);
    expect(first).toMatchObject({
      ok: true,
      next: { winner: 'a', score: [2, 0] },
      effects: [{ type: 'result' }, { type: 'notify' }, { type: 'notify' }],
    });
    const changed = transitionMatch(first.ok ? first.next : bo3, decide([2, 1]), T0 + 1);
    expect(changed).toMatchObject({ ok: true, next: { score: [2, 1] } });
    expect(changed.ok && changed.effects.some((effect) => effect.type === 'result')).toBe(false);
  });

  it('a lone report stands with its score when the window closes', () => {
    const one = transitionMatch(bo3, report('a', 'a', [2, 1]), T0);
    const closed = transitionMatch(one.ok ? one.next : bo3, { type: 'close-window' }, T0 + MATCH_REPORT_WINDOW_MS);
    expect(closed).toMatchObject({ ok: true, next: { state: 'COMPLETED', winner: 'a', score: [2, 1] } });
  });

  it('a best of 1 takes no score (1–0) or 1–0 itself', () => {
    expect(after(report('a', 'a'), report('b', 'a', [1, 0]), match())).toMatchObject({
      ok: true,
      next: { state: 'COMPLETED', score: [1, 0] },
    });
  });
});

describe('roundOfMatch', () => {
  const bracket = [
    { round: 1, state: 'COMPLETED' as const },
    { round: 2, state: 'READY' as const },
  ];
  it('an elimination match by the label its start wrote, else from its bracket when it was read', () => {
    const written = { round: 1, label: { stage: 'semi-final' as const, number: 1 } };
    expect(roundOfMatch('ELIMINATION', null, written)).toEqual({ stage: 'semi-final', number: 1 });
    expect(roundOfMatch('ELIMINATION', bracket, { round: 2 })).toEqual({ stage: 'final', number: 2 });
    // From before labels, with only its own match read: no name rather than a wrong one.
    expect(roundOfMatch('DOUBLE_ELIMINATION', null, { round: 2, group: 'WINNERS' })).toBeNull();
  });

  it('a round robin’s or Swiss’s match by its round', () => {
    expect(roundOfMatch('SWISS', null, { round: 3 })).toEqual({ stage: 'round', number: 3 });
    expect(roundOfMatch('ROUND_ROBIN', null, { round: 2 })).toEqual({ stage: 'round', number: 2 });
  });
});

describe('roundLabel', () => {
  type Sketch = { group?: 'WINNERS' | 'LOSERS' | 'FINAL'; round: number; state: TournamentMatch['state'] };
  const many = (count: number, match: Sketch) => Array.from({ length: count }, () => match);

  it('single elimination: the rounds drawn, then the semi-finals and the final', () => {
    const matches: Sketch[] = [
      ...many(8, { round: 1, state: 'COMPLETED' }),
      ...many(4, { round: 2, state: 'READY' }),
      ...many(2, { round: 3, state: 'LOCKED' }),
      { round: 4, state: 'LOCKED' },
    ];
    expect([1, 2, 3, 4].map((round) => roundLabel(matches, { round }))).toEqual([
      { stage: 'round', number: 1 },
      { stage: 'round', number: 2 },
      { stage: 'semi-final', number: 3 },
      { stage: 'final', number: 4 },
    ]);
  });

  it('double elimination of 4 in a bracket of 8: rounds of byes only are not counted', () => {
    const matches: Sketch[] = [
      ...many(4, { group: 'WINNERS', round: 1, state: 'BYE' }),
      ...many(2, { group: 'WINNERS', round: 2, state: 'COMPLETED' }),
      { group: 'WINNERS', round: 3, state: 'COMPLETED' },
      ...many(2, { group: 'LOSERS', round: 1, state: 'UNPLAYABLE' }),
      ...many(2, { group: 'LOSERS', round: 2, state: 'UNPLAYABLE' }),
      { group: 'LOSERS', round: 3, state: 'COMPLETED' },
      { group: 'LOSERS', round: 4, state: 'COMPLETED' },
      { group: 'FINAL', round: 1, state: 'COMPLETED' },
      { group: 'FINAL', round: 2, state: 'COMPLETED' },
    ];
    const label = (group: Sketch['group'], round: number) => roundLabel(matches, { group, round });
    expect(label('WINNERS', 2)).toEqual({ stage: 'winners-round', number: 1 });
    expect(label('WINNERS', 3)).toEqual({ stage: 'winners-final', number: 2 });
    expect(label('LOSERS', 3)).toEqual({ stage: 'losers-round', number: 1 });
    expect(label('LOSERS', 4)).toEqual({ stage: 'losers-final', number: 2 });
    expect(label('FINAL', 1)).toEqual({ stage: 'grand-final', number: 1 });
    expect(label('FINAL', 2)).toEqual({ stage: 'reset', number: 2 });
  });
});
