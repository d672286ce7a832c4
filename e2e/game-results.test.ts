import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  call,
  createTournament,
  dotaAccount,
  gameSandbox,
  linkSteam,
  verifiedUser,
  type Player,
} from '../functions/test/helpers';
import { matchesOf, notificationsOf, sweep } from '../functions/test/tournament-play-helpers';
import { shot, useSignedInBrowsers } from './browser';

const signedIn = useSignedInBrowsers();

describe('a tournament match the game decides (issue #22, record 181)', () => {
  it('a report the game refuses: the game decides, the page says so, and both sides are told', async () => {
    const host = await verifiedUser();
    const startTime = Date.now() + 20 * 60_000;
    const created = await createTournament(host.token, {
      game: 'dota-2',
      entryFee: 0,
      startTime,
      name: `Dota Night ${randomUUID().slice(0, 6)}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    // Four players with their Steam accounts linked before the start, which records them.
    const players: (Player & { account: string })[] = [];
    for (let index = 0; index < 4; index += 1) {
      const [player, account] = await Promise.all([verifiedUser(), dotaAccount()]);
      await linkSteam(player, account);
      expect((await call(`/tournaments/${id}/join`, { token: player.token, body: {} })).status).toBe(200);
      players.push({ ...player, account });
    }
    expect((await sweep(startTime, [id])).body).toMatchObject({ tournamentsStarted: 1 });
    const semi = (await matchesOf(id)).find((match) => match.state === 'READY') as unknown as {
      id: string;
      participants: string[];
      readyAt: number;
    };
    const [a, b] = semi.participants.map((uid) => players.find((player) => player.uid === uid)!) as [
      (typeof players)[number],
      (typeof players)[number],
    ];
    // They played: B won. A, on the page, reports a win all the same.
    await gameSandbox('/matches', {
      game: 'dota-2',
      winners: [b.account],
      losers: [a.account],
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
      .getByText(
        `The game’s record decided your match in ${created.body.name as string} (semi-final): ${b.displayName} won.`,
      )
      .waitFor();
    await shot({ page }, 'game-decided-told');
    expect(await notificationsOf(b.uid, 'TOURNAMENT_MATCH_GAME_DECIDED')).toMatchObject([
      { match: semi.id, winner: { uid: b.uid } },
    ]);
  });
});
