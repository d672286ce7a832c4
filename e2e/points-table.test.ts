import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { adminDb, call, done } from '../functions/test/helpers';
import { listensAnswered, shot, useSignedInBrowsers, WEB } from './browser';
import { prizeSplit } from '@versus/domain/tournaments/tournament';
import { proofOf, started } from '../functions/test/tournament-play-helpers';
import { proofFile, splitWords } from './play-helpers';

const signedIn = useSignedInBrowsers();

describe('a points table in the browser', () => {
  it('a points table: a player submits through the form, the host reviews what the overview counts, finishes, and the results stay', async () => {
    const { host, id, players } = await started(4, {
      game: 'rocket-league',
      bracket: 'POINTS',
      name: `Points Night ${randomUUID().slice(0, 6)}`,
    });
    const [a, b, c] = [players[0]!, players[1]!, players[2]!];
    // B's round goes in through the API: not this test's subject. Its picture is the one A sends
    // later through the form (the host is told, record 182).
    const screenshot = await proofFile();
    const sent = await call(`/tournaments/points/${id}/submitPoints`, {
      token: b.token,
      body: { points: 20, attachment: (await proofOf(b, 'png', readFileSync(screenshot))).body.path },
    });
    expect(sent.status).toBe(200);
    const aBrowser = await signedIn(a.email, { at: `/tournaments/${id}`, width: 375, height: 740 });
    const hostBrowser = await signedIn(host.email, { at: `/tournaments/${id}` });
    const hostPage = hostBrowser.page;

    // The host's overview says what waits for them, and the tab counts it.
    await hostPage
      .getByTestId('points-host')
      .getByText('A round awaits your review: accept it, or change it with a reason.')
      .waitFor();
    await hostPage.getByRole('link', { name: 'Pending (1)' }).waitFor();

    // A submits a round with its screenshot through the form; the host's count follows live.
    const form = aBrowser.page.getByTestId('points-form');
    // A number parser's reading of "1e3" (1000) is no whole number typed.
    await form.getByLabel('Points').fill('1e3');
    await form.getByRole('button', { name: 'Submit points' }).click();
    await form.getByText('Points are a whole number.').waitFor();
    // The missing proof is said with it, and a refused file keeps its own reason on the next press
    // (it said only the points' error, then "Add a screenshot" beside the file's name; record 182).
    await form.getByText('Add a screenshot as proof.').waitFor();
    await form.getByLabel('Points').fill('15');
    await form.getByLabel('Proof (a screenshot)').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await form.getByRole('button', { name: 'Submit points' }).click();
    await form.getByText('Choose a JPG, PNG or GIF image.').waitFor();
    await expect.poll(() => form.getByText('Add a screenshot as proof.').count()).toBe(0);
    await form.getByLabel('Proof (a screenshot)').setInputFiles(screenshot);
    await form.getByRole('button', { name: 'Submit points' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: 'Round 1 sent: 15 points. You are told when the host has reviewed it.' })
      .waitFor();
    await aBrowser.page.getByTestId('my-rounds').getByText('Awaiting review').waitFor();
    // The form names the round it sends next (record 182).
    await form.getByRole('heading', { name: 'Round 2 of 5' }).waitFor();
    await hostPage.getByRole('link', { name: 'Pending (2)' }).waitFor();
    // The table says so under each one's points (record 182).
    await expect.poll(() => hostPage.getByTestId('points-standings').getByText('1 round in review').count()).toBe(2);

    // Finishing is refused before the host asks, with the way to the rounds.
    await hostPage.getByRole('link', { name: 'Settings' }).click();
    const blocked = hostPage.getByTestId('finish-blocked');
    await blocked.getByText('2 rounds still await your review: review them before finishing.').waitFor();
    expect(await hostPage.getByTestId('finish-tournament').isDisabled()).toBe(true);
    await blocked.getByRole('link', { name: 'Review the rounds' }).click();
    await hostPage.waitForURL(`${WEB}/tournaments/${id}/pending`);

    // B's round accepted; A's changed, which asks for the reason the player reads. Its two buttons
    // stand apart (their row's style was in the battles' stylesheet, not loaded here: they touched).
    const bRow = hostPage.getByTestId(`review-${b.uid}-0`);
    // Each round says when it was sent (the list runs oldest first).
    expect(await bRow.locator('time').textContent()).toMatch(/^\d{1,2} \w{3} \d{4}, \d\d:\d\d$/);
    const [accept, change] = await Promise.all([
      bRow.getByRole('button', { name: 'Accept' }).boundingBox(),
      bRow.getByRole('button', { name: 'Change' }).boundingBox(),
    ]);
    expect(change!.x - (accept!.x + accept!.width)).toBeGreaterThanOrEqual(8);
    // The two rounds came with the same picture: each row says whose it also is.
    await expect
      .poll(() => bRow.getByTestId('proof-same').textContent())
      .toBe(`The same picture as ${a.displayName}’s round 1: check it before you accept.`);
    expect(await hostPage.getByTestId(`review-${a.uid}-0`).getByTestId('proof-same').textContent()).toBe(
      `The same picture as ${b.displayName}’s round 1: check it before you accept.`,
    );
    await hostPage.getByTestId(`accept-${b.uid}-0`).click();
    const row = hostPage.getByTestId(`review-${a.uid}-0`);
    await row.getByRole('button', { name: 'Change' }).click();
    // 0 is how a round is rejected: the field says so, and so does the button (record 182).
    await row.getByText('0 rejects the round: it counts no points.').waitFor();
    await row.getByLabel('Points').fill('0');
    await row.getByRole('button', { name: 'Reject the round' }).waitFor();
    // An emptied field is no 0 points: it is refused, and the keyboard goes back to it.
    await row.getByLabel('Points').fill('');
    await row.getByLabel('Why you change it (the player sees this)').fill('The screenshot shows 11.');
    await row.getByRole('button', { name: 'Save the change' }).click();
    await row.getByText('This field is required').waitFor();
    expect(await row.getByLabel('Points').evaluate((field) => field === document.activeElement)).toBe(true);
    await row.getByLabel('Why you change it (the player sees this)').fill('');
    await row.getByLabel('Points').fill('11');
    await row.getByRole('button', { name: 'Save the change' }).click();
    await row.getByText('Say why you change the points.').waitFor();
    await row.getByLabel('Why you change it (the player sees this)').fill('The screenshot shows 11.');
    await row.getByRole('button', { name: 'Save the change' }).click();
    await hostPage.getByText('Nothing to review').waitFor();
    await hostPage.getByRole('link', { name: 'Pending', exact: true }).waitFor();
    await aBrowser.page.getByTestId('my-rounds').getByText('(you submitted 15) — The screenshot shows 11.').waitFor();
    // "Round 1 sent … you are told when the host has reviewed it" has gone: the list says what it became.
    expect(await aBrowser.page.getByTestId('points-sent').textContent()).toBe('');
    // The same screenshot for the next round is refused, naming the round it proved (record 142).
    await form.getByLabel('Points').fill('40');
    await form.getByLabel('Proof (a screenshot)').setInputFiles(screenshot);
    await form.getByRole('button', { name: 'Submit points' }).click();
    await form.getByText('This screenshot was sent for round 1 already. Send the one of this round.').waitFor();
    expect(await aBrowser.page.getByTestId('my-rounds').locator('li').count()).toBe(1);
    // A second round the host sets to nothing reads as rejected, with what A sent and why (record 134).
    const second = await call(`/tournaments/points/${id}/submitPoints`, {
      token: a.token,
      body: { points: 500, attachment: (await proofOf(a)).body.path },
    });
    expect(second.status).toBe(200);
    await done(`/tournaments/points/${id}/setParticipantPoints`, {
      token: host.token,
      body: { participant: a.uid, points: 0, description: 'No proof of that score.' },
    });
    const rejected = aBrowser.page.getByTestId('my-rounds').locator('li').nth(1);
    await rejected.getByText('Rejected', { exact: true }).waitFor();
    await rejected.getByText('(you submitted 500) — No proof of that score.').waitFor();

    // The rounds the host reviewed fold under the empty list, to be changed again (record 183).
    const reviewed = hostPage.getByTestId('reviewed-rounds');
    await reviewed.getByText('3 rounds you reviewed').click();
    const bReviewed = reviewed.getByTestId(`reviewed-${b.uid}-0`);
    await bReviewed.getByRole('button', { name: 'Change' }).click();
    // The figure it counts already is no change: said, and nothing is sent.
    expect(await bReviewed.getByLabel('Points').inputValue()).toBe('20');
    await bReviewed.getByLabel('Why you change it (the player sees this)').fill('Two goals the picture cut off.');
    await bReviewed.getByRole('button', { name: 'Save the change' }).click();
    await bReviewed.getByText('The round counts that already: type another figure.').waitFor();
    await bReviewed.getByLabel('Points').fill('30');
    await bReviewed.getByRole('button', { name: 'Save the change' }).click();
    await bReviewed
      .getByRole('status')
      .filter({ hasText: `Saved. ${b.displayName} is told.` })
      .waitFor();
    await bReviewed.getByText('(sent as 20 points) — Two goals the picture cut off.').waitFor();
    await expect
      .poll(async () =>
        (
          await adminDb
            .collection(`users/${b.uid}/notifications`)
            .where('type', '==', 'TOURNAMENT_POINTS_CHANGED')
            .get()
        ).docs.map((doc) => [doc.get('points'), doc.get('round'), doc.get('reasoning')]),
      )
      .toEqual([[30, 1, 'Two goals the picture cut off.']]);
    // A's changed round is accepted as sent after all; the rejected one offers the same.
    const aReviewed = reviewed.getByTestId(`reviewed-${a.uid}-0`);
    await aReviewed.getByText('(sent as 15 points) — The screenshot shows 11.').waitFor();
    await reviewed.getByTestId(`reviewed-${a.uid}-1`).getByText('Rejected', { exact: true }).waitFor();
    await reviewed
      .getByTestId(`reviewed-${a.uid}-1`)
      .getByRole('button', { name: 'Accept as sent: 500 points' })
      .waitFor();
    await aReviewed.getByRole('button', { name: 'Accept as sent: 15 points' }).click();
    await aReviewed
      .getByRole('status')
      .filter({ hasText: `Saved. ${a.displayName} is told.` })
      .waitFor();
    await expect
      .poll(() => aBrowser.page.getByTestId('my-rounds').locator('li').first().textContent())
      .toBe('15 Accepted Proof');
    await shot(hostBrowser, 'points-reviewed-again');

    // On a phone the table keeps its words whole (it split "Participant" and the names); the rounds
    // awaiting review go under the points (their column pushed the table past the phone's width), and
    // A's own row stands out (record 182).
    await aBrowser.page.getByTestId('points-standings').getByText('Prize so far').waitFor();
    expect(await splitWords(aBrowser.page, 'points-standings')).toEqual([]);
    // Four columns: the rounds in review are no column of their own.
    expect(await aBrowser.page.getByTestId('points-standings').locator('th').allInnerTexts()).toEqual([
      '#',
      'Participant',
      'Points',
      'Prize so far',
    ]);
    expect(await aBrowser.page.getByTestId('points-standings').locator('tr.mine').textContent()).toContain(
      a.displayName,
    );
    await shot(aBrowser, 'points-1-phone');

    // The two who never sent a round are named before the host asks: finishing leaves them unplaced.
    await hostPage.getByRole('link', { name: 'Settings' }).click();
    const unplaced = hostPage.getByTestId('finish-unplaced');
    await unplaced.getByText('have no accepted points yet: finishing now leaves them without a place.').waitFor();
    const named = (await unplaced.textContent())!;
    expect([c.displayName, players[3]!.displayName].every((name) => named.includes(name))).toBe(true);
    expect([a.displayName, b.displayName].some((name) => named.includes(name))).toBe(false);
    await shot(hostBrowser, 'points-finish-unplaced');
    // A result's popup can reach a tab before the finished tournament does (an older copy a listener
    // holds, or its cache after a reconnection): it waits for the places. It was put aside unseen,
    // in every tab (walk AK). Here A's popup comes while the table is still in play.
    // The popup's module loads, its read of the table answers (in play), and no put-aside follows.
    const putAside: string[] = [];
    aBrowser.page.on('request', (request) => {
      if (request.url().includes('/api/notifications/popupSeen')) putAside.push(request.url());
    });
    const popupModule = aBrowser.page.waitForResponse(/tournament-result-popup-[^/]*\.js$/);
    await adminDb
      .doc(`users/${a.uid}/private/account`)
      .update({ popups: FieldValue.arrayUnion({ type: 'TOURNAMENT_RESULT', ref: id }) });
    await popupModule;
    await listensAnswered(aBrowser);
    await aBrowser.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))));
    expect(putAside).toEqual([]);
    expect((await adminDb.doc(`users/${a.uid}/private/account`).get()).get('popups')).toHaveLength(1);
    // Finished, the host lands on the standings it paid; B first, A second.
    await hostPage.getByTestId('finish-tournament').click();
    await hostPage.getByTestId('confirm-finish').click();
    await hostPage.waitForURL(`${WEB}/tournaments/${id}/standings`);
    const { places } = prizeSplit(4 * 130, 'top-2');
    await expect
      .poll(async () => (await hostPage.getByTestId('results').locator('tbody tr').allTextContents()).slice(0, 2))
      .toEqual([
        `1${b.displayName}◎Coins: ${places[0]!.toLocaleString('en-GB')}`,
        `2${a.displayName}◎Coins: ${places[1]!.toLocaleString('en-GB')}`,
      ]);
    // The overview's prizes are those paid now, not the split of a full table (record 133).
    await hostPage.getByRole('link', { name: 'Overview' }).click();
    const prizes = hostPage.getByTestId('prize-split');
    expect(await prizes.locator('xpath=../preceding-sibling::dt').textContent()).toBe('Prizes paid');
    expect(await prizes.locator('li').allTextContents()).toEqual([
      `1st: ◎Coins: ${places[0]!.toLocaleString('en-GB')}`,
      `2nd: ◎Coins: ${places[1]!.toLocaleString('en-GB')}`,
      `Host (10%): ◎Coins: ${prizeSplit(4 * 130, 'top-2').host.toLocaleString('en-GB')}`,
    ]);
    // A keeps their rounds with the host's reason; the table shows what each won, no review column.
    await expect
      .poll(() => aBrowser.page.getByTestId('tournament-status').textContent())
      .toBe(
        `This tournament has finished. You placed 2nd and won ${places[1]!.toLocaleString('en-GB')} coins. Winner: ${b.displayName}.`,
      );
    // A's result comes over the page with the prize A was paid (record 141).
    const popup = aBrowser.page.getByTestId('tournament-result-popup');
    await popup.getByRole('heading', { name: '2nd place' }).waitFor();
    expect(await popup.locator('.result-picture').getAttribute('class')).toBe('result-picture won place-2');
    expect(await popup.getByTestId('result-prize').textContent()).toContain(places[1]!.toLocaleString('en-GB'));
    await popup.getByRole('button', { name: 'Close' }).click();
    // An entrant without accepted points hears of the end all the same, with no place (and no popup).
    const ended = await adminDb
      .collection(`users/${c.uid}/notifications`)
      .where('type', '==', 'TOURNAMENT_FINISHED')
      .get();
    expect(ended.docs.map((doc) => doc.get('place') ?? null)).toEqual([null]);
    expect((await adminDb.doc(`users/${c.uid}/private/account`).get()).get('popups')).toEqual([]);
    const mine = aBrowser.page.getByTestId('my-points');
    await mine.getByRole('heading', { name: 'Your rounds' }).waitFor();
    await mine.getByText('(you submitted 500) — No proof of that score.').waitFor();
    expect(await mine.getByTestId('points-form').count()).toBe(0);
    const table = aBrowser.page.getByTestId('points-standings');
    expect(await table.locator('th').allInnerTexts()).toEqual(['#', 'Participant', 'Points', 'Prize']);
    await shot(aBrowser, 'points-2-finished');
    for (const browser of [aBrowser, hostBrowser]) expect(browser.errors).toEqual([]);
  });
});
