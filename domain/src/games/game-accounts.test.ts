import { describe, expect, it } from 'vitest';
import { battleContactAccounts } from './game-accounts';

describe('battleContactAccounts', () => {
  const profile = {
    thirdPartyAccounts: { discord: 'ann.plays', epic: 'AnnEpic', riot: 'Ann#EUW', steam: 'Ann on Steam' },
    gameAccounts: { riot: { id: 'puuid-ann' }, steam: { id: '123456789' } },
  };

  it('puts the account the game is played with first, then Discord, Epic and Steam', () => {
    expect(battleContactAccounts('rocket-league', profile).map(({ platform }) => platform)).toEqual([
      'epic',
      'discord',
      'steam',
    ]);
    expect(battleContactAccounts('dota-2', profile).map(({ platform }) => platform)).toEqual([
      'steam',
      'discord',
      'epic',
    ]);
    expect(battleContactAccounts('fifa', profile)).toEqual([
      { platform: 'discord', value: 'ann.plays' },
      { platform: 'epic', value: 'AnnEpic' },
      { platform: 'steam', value: '123456789' },
    ]);
  });

  it("gives Steam's friend code, the id of the account signed in to, not the name shown", () => {
    expect(battleContactAccounts('csgo', { thirdPartyAccounts: { steam: 'Ann on Steam' } })).toEqual([]);
    expect(battleContactAccounts('csgo', { gameAccounts: { steam: { id: '42' } } })).toEqual([
      { platform: 'steam', value: '42' },
    ]);
  });

  it('never shows the Riot ID, not even in a Riot game', () => {
    expect(
      battleContactAccounts('valorant', {
        thirdPartyAccounts: { riot: 'Ann#EUW' },
        gameAccounts: { riot: { id: 'puuid-ann' } },
      }),
    ).toEqual([]);
    expect(battleContactAccounts('league-of-legends', profile).map(({ platform }) => platform)).toEqual([
      'discord',
      'epic',
      'steam',
    ]);
  });

  it('leaves out what the opponent did not add', () => {
    expect(battleContactAccounts('fortnite', { thirdPartyAccounts: { discord: 'ann.plays', epic: ' ' } })).toEqual([
      { platform: 'discord', value: 'ann.plays' },
    ]);
    expect(battleContactAccounts('csgo', undefined)).toEqual([]);
  });
});
