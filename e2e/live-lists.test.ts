import { describe, expect, it } from 'vitest';
import { matchesOf, report, started } from '../functions/test/tournament-play-helpers';
import { useSignedInBrowsers } from './browser';

const signedIn = useSignedInBrowsers();

/**
 * A list read live shows what the server answers, never only the part of it that other listens of
 * the page had cached: the SDK answers a new listen from its cache first, and there the header's
 * banner holds one match of the bracket (the player's own).
 */
describe('lists read live', () => {
  it("a bracket opened from the match banner shows every match, never only the player's own", async () => {
    const { id, players } = await started(8, { entryFee: 0 });
    const player = players[0]!;
    const { page } = await signedIn(player.email, { at: '/leaderboards' });
    const banner = page.getByTestId('banner-tournament-score-submit');
    // The banner names whom the player meets.
    const own = (await matchesOf(id)).find(
      (match) => match.state === 'READY' && match.participants.includes(player.uid),
    )!;
    const opponent = players.find((other) => other.uid !== player.uid && own.participants.includes(other.uid))!;
    await banner
      .getByText(new RegExp(`^Your match against ${opponent.displayName} in .+ is on\\. Report the result by `))
      .waitFor();
    // Every count of match cards the bracket ever showed, from its first.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { bracketCounts: number[] }).bracketCounts = seen;
      new MutationObserver(() => {
        const bracket = document.querySelector('[data-testid="bracket"]');
        if (!bracket) return;
        const count = bracket.querySelectorAll('.bracket-match').length;
        if (seen.at(-1) !== count) seen.push(count);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await banner.getByRole('link').click();
    // To the player's match on the page (#current-match), the bracket above it.
    await page.waitForURL(`**/tournaments/${id}#current-match`);
    await expect.poll(() => page.locator('[data-testid="bracket"] .bracket-match').count()).toBe(7);
    expect(await page.evaluate(() => (window as unknown as { bracketCounts: number[] }).bracketCounts)).toEqual([7]);
    // The opponent reports first: the banner asks to confirm, no longer to report (record 183).
    expect((await report(opponent, id, own.id, opponent.uid)).status).toBe(200);
    await page
      .getByTestId('banner-tournament-score-confirm')
      .getByText(
        new RegExp(
          `^${opponent.displayName} reported the result of your match in .+: confirm it, or report yours, by `,
        ),
      )
      .waitFor();
    expect(await banner.count()).toBe(0);
  });
});
