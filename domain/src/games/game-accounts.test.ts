import { describe, expect, it } from 'vitest';
import { battleContactAccounts } from './game-accounts';

describe('battleContactAccounts', () => {
  const all = { discord: 'ann.plays', epic: 'AnnEpic', riot: 'Ann#EUW', steam: 'Ann on Steam' };

  it('puts the account the game is played with first, then Discord, Epic and Steam', () => {
    expect(battleContactAccounts('rocket-league', all).map(({ platform }) => platform)).toEqual([
      'epic',
      'discord',
      'steam',
    ]);
    expect(battleContactAccounts('dota-2', all).map(({ platform }) => platform)).toEqual(['steam', 'discord', 'epic']);
    expect(battleContactAccounts('fifa', all)).toEqual([
      { platform: 'discord', value: 'ann.plays' },
      { platform: 'epic', value: 'AnnEpic' },
      { platform: 'steam', value: 'Ann on Steam' },
    ]);
  });

  it('never shows the Riot ID, not even in a Riot game', () => {
    expect(battleContactAccounts('valorant', { riot: 'Ann#EUW' })).toEqual([]);
    expect(battleContactAccounts('league-of-legends', all).map(({ platform }) => platform)).toEqual([
      'discord',
      'epic',
      'steam',
    ]);
  });

  it('leaves out what the opponent did not add', () => {
    expect(battleContactAccounts('fortnite', { discord: 'ann.plays', epic: ' ' })).toEqual([
      { platform: 'discord', value: 'ann.plays' },
    ]);
    expect(battleContactAccounts('csgo', undefined)).toEqual([]);
  });
});
