import { describe, expect, it } from 'vitest';
import { BATTLE_ANSWER_WINDOW_MS, BATTLE_DISPUTE_WINDOW_MS, BATTLE_SUBMISSION_WINDOW_MS, type Battle } from './battle';
import { aBattle } from './battle-factory';
import { transitionBattle, type BattleEffect, type BattleEvent } from './transitions';

const T0 = Date.UTC(2026, 10, 22, 12);
const A = 'alice';
const B = 'bob';
const proof = { path: 'proofs/x.png', url: 'https://example/x.png' };

const battle = (overrides: Partial<Battle> = {}): Battle =>
  aBattle({ participants: [A, B], createdAt: T0, ...overrides });

const reported = (by = A, winner = A, at = T0 + 1000) =>
  battle({ submitterId: by, submittedWinner: winner, submittedAt: at, deadline: at + BATTLE_ANSWER_WINDOW_MS });
const disputed = (heard: string[], at = T0 + 2000) =>
  battle({
    ...reported(),
    state: 'IN-DISPUTE',
    disputes: heard.map((creator) => ({ creator, createdAt: at, story: 'It was me.', proof })),
    deadline: at + BATTLE_DISPUTE_WINDOW_MS,
    awaitingAdmin: heard.length === 2,
  });

const kinds = (effects: BattleEffect[]) =>
  effects.map((effect) =>
    effect.type === 'notify'
      ? `notify:${effect.uid}:${effect.notification.type}`
      : `${effect.type}${'uid' in effect ? `:${effect.uid}` : ''}`,
  );

describe('battle transitions: refusals', () => {
  it.each<[string, Battle, BattleEvent, number, string]>([
    ['an outsider reports', battle(), { type: 'submit', by: 'carol', winner: A }, T0, 'not-a-participant'],
    ['a winner who is not playing', battle(), { type: 'submit', by: A, winner: 'carol' }, T0, 'invalid-winner'],
    ['a second report', reported(), { type: 'submit', by: B, winner: B }, T0 + 2000, 'battle-wrong-stage'],
    ['the reporter confirms their own report', reported(), { type: 'confirm', by: A }, T0 + 2000, 'battle-wrong-stage'],
    ['a confirm with nothing reported', battle(), { type: 'confirm', by: B }, T0, 'battle-wrong-stage'],
    [
      'an answer after the window',
      reported(),
      { type: 'confirm', by: B },
      T0 + 1000 + BATTLE_ANSWER_WINDOW_MS,
      'battle-wrong-stage',
    ],
    [
      'a second story from the same side',
      disputed([B]),
      { type: 'dispute', by: B, story: 'Again', proof },
      T0 + 3000,
      'battle-wrong-stage',
    ],
    [
      'an admin deciding before both are heard',
      disputed([B]),
      { type: 'decide', admin: 'root', winner: B, reasoning: 'x' },
      T0 + 3000,
      'battle-wrong-stage',
    ],
    [
      'an admin cancelling an ended battle',
      battle({ state: 'ENDED' }),
      { type: 'cancel', admin: 'root', reasoning: 'x' },
      T0,
      'battle-wrong-stage',
    ],
  ])('refuses %s', (_name, before, event, now, code) => {
    const result = transitionBattle(before, event, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.refusal.code).toBe(code);
  });
});

describe('battle transitions: moves and their effects', () => {
  it.each<[string, Battle, BattleEvent, number, Partial<Battle>, string[]]>([
    [
      'a report opens the answer window and tells the other side',
      battle(),
      { type: 'submit', by: A, winner: A },
      T0 + 1000,
      { submitterId: A, submittedWinner: A, submittedAt: T0 + 1000, deadline: T0 + 1000 + BATTLE_ANSWER_WINDOW_MS },
      [`notify:${B}:OPPONENT_SUBMITTED_BATTLES_RESULTS`],
    ],
    [
      'a confirm ends it: prize, stats, popups, BATTLE_ENDED, draw entries, the counter',
      reported(),
      { type: 'confirm', by: B },
      T0 + 2000,
      { state: 'ENDED', winner: { id: A }, outcome: 'CONFIRMED', endedAt: T0 + 2000 },
      [
        'release-fees',
        `stats:${A}`,
        `result-popup:${A}`,
        `notify:${A}:BATTLE_ENDED`,
        `campaign-entry:${A}`,
        `stats:${B}`,
        `result-popup:${B}`,
        `notify:${B}:BATTLE_ENDED`,
        `campaign-entry:${B}`,
        'count-battle',
      ],
    ],
    [
      'the first dispute starts the 24 h window and tells the reporter',
      reported(),
      { type: 'dispute', by: B, story: 'I won.', proof },
      T0 + 2000,
      { state: 'IN-DISPUTE', deadline: T0 + 2000 + BATTLE_DISPUTE_WINDOW_MS, awaitingAdmin: false },
      [`notify:${A}:OPPONENT_BATTLES_CONFLICT`],
    ],
    [
      'the second story hands it to the admin',
      disputed([B]),
      { type: 'dispute', by: A, story: 'No, I did.', proof },
      T0 + 3000,
      { state: 'IN-DISPUTE', awaitingAdmin: true },
      ['tell-admins'],
    ],
    [
      'an admin decides with a reasoning; the admin gets a copy',
      disputed([A, B]),
      { type: 'decide', admin: 'root', winner: B, reasoning: 'Score screen.' },
      T0 + 4000,
      { state: 'ENDED', winner: { id: B }, outcome: 'ADMIN_DECIDED', reasoning: 'Score screen.', decidedBy: 'root' },
      [
        'release-fees',
        `stats:${A}`,
        `result-popup:${A}`,
        `notify:${A}:BATTLE_ENDED`,
        `campaign-entry:${A}`,
        `stats:${B}`,
        `result-popup:${B}`,
        `notify:${B}:BATTLE_ENDED`,
        `campaign-entry:${B}`,
        'notify:root:BATTLE_ENDED',
        'count-battle',
      ],
    ],
    [
      'an admin cancels: fees back, BATTLE_CANCELLED and popups',
      battle(),
      { type: 'cancel', admin: 'root', reasoning: 'Cheating.' },
      T0 + 1000,
      { state: 'CANCELLED', outcome: 'ADMIN_CANCELLED', reasoning: 'Cheating.', decidedBy: 'root' },
      [
        'release-fees',
        `result-popup:${A}`,
        `notify:${A}:BATTLE_CANCELLED`,
        `result-popup:${B}`,
        `notify:${B}:BATTLE_CANCELLED`,
      ],
    ],
    [
      'a window not yet passed changes nothing',
      battle(),
      { type: 'close-window' },
      T0 + BATTLE_SUBMISSION_WINDOW_MS - 1,
      { state: 'ONGOING' },
      [],
    ],
    [
      'no report in a day: cancelled and refunded',
      battle(),
      { type: 'close-window' },
      T0 + BATTLE_SUBMISSION_WINDOW_MS,
      { state: 'CANCELLED', outcome: 'NO_SUBMISSION' },
      [
        'release-fees',
        `result-popup:${A}`,
        `notify:${A}:BATTLE_CANCELLED`,
        `result-popup:${B}`,
        `notify:${B}:BATTLE_CANCELLED`,
      ],
    ],
    [
      'an unanswered report stands',
      reported(),
      { type: 'close-window' },
      T0 + 1000 + BATTLE_ANSWER_WINDOW_MS,
      { state: 'ENDED', winner: { id: A }, outcome: 'UNANSWERED' },
      [
        'release-fees',
        `stats:${A}`,
        `result-popup:${A}`,
        `notify:${A}:BATTLE_ENDED`,
        `campaign-entry:${A}`,
        `stats:${B}`,
        `result-popup:${B}`,
        `notify:${B}:BATTLE_ENDED`,
        `campaign-entry:${B}`,
        'count-battle',
      ],
    ],
    [
      'a dispute window closing with one side heard goes to the admin',
      disputed([B]),
      { type: 'close-window' },
      T0 + 2000 + BATTLE_DISPUTE_WINDOW_MS,
      { state: 'IN-DISPUTE', awaitingAdmin: true },
      [`notify:${A}:BATTLES_CONFLICT_EXPIRED`, `notify:${B}:BATTLES_CONFLICT_EXPIRED`, 'tell-admins'],
    ],
  ])('%s', (_name, before, event, now, expected, effects) => {
    const result = transitionBattle(before, event, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.next).toMatchObject(expected);
    expect(kinds(result.effects)).toEqual(effects);
  });

  it('a free battle moves no coins, enters no draw and counts nothing', () => {
    const result = transitionBattle({ ...reported(), entryFee: 0, prize: 0 }, { type: 'confirm', by: B }, T0 + 2000);
    expect(result.ok && kinds(result.effects).filter((kind) => /campaign|count/.test(kind))).toEqual([]);
    expect(result.ok && result.effects.find((effect) => effect.type === 'stats' && effect.won)).toMatchObject({
      coinsWon: 0,
    });
  });

  it('the winner is paid twice the fee and the loser nothing', () => {
    const result = transitionBattle(reported(), { type: 'confirm', by: B }, T0 + 2000);
    const stats = result.ok ? result.effects.filter((effect) => effect.type === 'stats') : [];
    expect(stats).toEqual([
      { type: 'stats', uid: A, won: true, coinsWon: 260 },
      { type: 'stats', uid: B, won: false, coinsWon: 0 },
    ]);
  });

  it("the admins' notice names both players and leads to the battle", () => {
    const result = transitionBattle(disputed([B]), { type: 'dispute', by: A, story: 'No, I did.', proof }, T0 + 3000);
    const notice = result.ok ? result.effects.find((effect) => effect.type === 'tell-admins') : undefined;
    expect(notice).toEqual({
      type: 'tell-admins',
      notification: {
        type: 'ADMIN_BATTLE_AWAITING',
        battle: result.ok ? result.next.id : '',
        users: [A, B].map((uid) => ({ uid, displayName: result.ok ? result.next.players[uid]!.displayName : '' })),
        isAdmin: true,
      },
    });
  });
});
