import { describe, expect, it } from 'vitest';
import { dotaAccount, gameSandbox, linkSteam, type Player } from '../functions/test/helpers';
import { matchesOf, notificationsOf, started, tournamentOf } from '../functions/test/tournament-play-helpers';
import { shot, useSignedInBrowsers } from './browser';

const signedIn = useSignedInBrowsers();

describe('a tournament match the game decides (issue #22, record 181)', () => {
  it('a report the game refuses: the game decides, the page says so, and both sides are told', async () => {
    // Four players with their Steam accounts linked before the start, which records them.
    const accounts = new Map<string, string>();
    const { id, player } = await started(4, { game: 'dota-2', entryFee: 0 }, undefined, async (each) => {
      const account = await dotaAccount();
      await linkSteam(each, account);
      accounts.set(each.uid, account);
    });
    const name = (await tournamentOf(id)).name as string;
    const semi = (await matchesOf(id)).find((match) => match.state === 'READY') as unknown as {
      id: string;
      participants: [string, string];
      readyAt: number;
    };
    const [a, b] = semi.participants.map(player) as [Player, Player];
    // They played: B won. A, on the page, reports a win all the same.
    await gameSandbox('/matches', {
      game: 'dota-2',
      winners: [accounts.get(b.uid)],
      losers: [accounts.get(a.uid)],
      startedAt: semi.readyAt + 60_000,
    });
    const { page } = await signedIn(a.email, { at: `/tournaments/${id}` });
    const panel = page.getByTestId('current-match');
    await panel.getByText(/\(you\)/).click();
    await page.getByTestId('match-report-submit').click();
    await page.getByTestId('match-report-confirm').click();
    // The game's record decides instead: A's panel says it was the game's, not only a loss (the
    // walk's reporter learned nothing more), and A is told, as B, who was away, is.
    await expect
      .poll(() => panel.getByTestId('last-result').textContent())
      .toBe(`Your last match: a loss against ${b.displayName}.The game’s record decided it.`);
    await page.getByTestId('notifications-badge').waitFor();
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page
      .getByText(`The game’s record decided your match in ${name} (semi-final): ${b.displayName} won.`)
      .waitFor();
    await shot({ page }, 'game-decided-told');
    expect(await notificationsOf(b.uid, 'TOURNAMENT_MATCH_GAME_DECIDED')).toMatchObject([
      { match: semi.id, winner: { uid: b.uid } },
    ]);
  });
});
