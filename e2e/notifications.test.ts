import { describe, expect, it } from 'vitest';
import { adminDb, newUser } from '../functions/test/helpers';
import { shot, useSignedInBrowsers } from './browser';

// The header's notifications and the notifications page (from accounts.test.ts, which had grown past 800 lines).

const signedIn = useSignedInBrowsers();

/** FOLLOW notifications of `user` from `follower`, written straight in: id, whether viewed, when. */
async function followNotices(
  user: { uid: string },
  follower: { uid: string; displayName: string },
  notices: { id: string; viewed: boolean; createdAt: number }[],
) {
  const batch = adminDb.batch();
  for (const { id, viewed, createdAt } of notices)
    batch.set(adminDb.doc(`users/${user.uid}/notifications/${id}`), {
      uid: user.uid,
      type: 'FOLLOW',
      viewed,
      createdAt,
      users: [{ uid: follower.uid, displayName: follower.displayName }],
    });
  await batch.commit();
}

describe('notifications', () => {
  it('shows new ones live with a badge and marks them viewed when the dropdown closes', async () => {
    const [user, follower] = await Promise.all([newUser(), newUser()]);
    const { page } = await signedIn(user.email);
    expect(await page.getByTestId('notifications-badge').count()).toBe(0);

    await adminDb.doc(`users/${user.uid}/notifications/n1`).set({
      uid: user.uid,
      type: 'FOLLOW',
      viewed: false,
      createdAt: Date.now(),
      users: [{ uid: follower.uid, displayName: follower.displayName }],
    });
    await page.getByTestId('notifications-badge').filter({ hasText: '1' }).waitFor();
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.getByText(`${follower.displayName} started following you`).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('notifications-badge').waitFor({ state: 'detached' });
    expect((await adminDb.doc(`users/${user.uid}/notifications/n1`).get()).get('viewed')).toBe(true);
  });

  it('counts an unseen one older than the newest 20, lists it, and marks it viewed (record 92)', async () => {
    const [user, follower] = await Promise.all([newUser(), newUser()]);
    const now = Date.now();
    // Seen: 20 newer ones; not seen: one from a week ago, below them.
    await followNotices(user, follower, [
      ...Array.from({ length: 20 }, (_, i) => ({ id: `seen-${i}`, viewed: true, createdAt: now - i })),
      { id: 'old', viewed: false, createdAt: now - 7 * 86_400_000 },
    ]);
    const { page } = await signedIn(user.email);
    await page.getByTestId('notifications-badge').filter({ hasText: '1' }).waitFor();
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.locator('.notification-list li.unseen').getByText('7 days ago').waitFor();
    // The SDK may first answer from what the badge's listen cached: the list fills in from the server.
    await expect.poll(() => page.locator('.notification-list li').count()).toBe(21);
    await page.keyboard.press('Escape');
    await page.getByTestId('notifications-badge').waitFor({ state: 'detached' });
    expect((await adminDb.doc(`users/${user.uid}/notifications/old`).get()).get('viewed')).toBe(true);
  });

  it('with more than 20 unseen the badge says 20+; closing the list marks the 20 it showed', async () => {
    const [user, follower] = await Promise.all([newUser(), newUser()]);
    const now = Date.now();
    await followNotices(
      user,
      follower,
      Array.from({ length: 22 }, (_, i) => ({ id: `unseen-${i}`, viewed: false, createdAt: now - i * 60_000 })),
    );
    const { page } = await signedIn(user.email);
    await page.getByTestId('notifications-badge').filter({ hasText: '20+' }).waitFor();
    await page.getByRole('button', { name: 'Notifications, 20+ new' }).click();
    await expect.poll(() => page.locator('.notification-list li').count()).toBe(20);
    await page.keyboard.press('Escape');
    // The two oldest were not shown, and stay unseen.
    await page.getByTestId('notifications-badge').filter({ hasText: /^2$/ }).waitFor();
  });

  it('the notifications page marks every unread one as read at once', async () => {
    const [user, follower] = await Promise.all([newUser(), newUser()]);
    const now = Date.now();
    await followNotices(
      user,
      follower,
      Array.from({ length: 3 }, (_, i) => ({ id: `page-${i}`, viewed: i === 2, createdAt: now - i * 60_000 })),
    );
    const browser = await signedIn(user.email, { at: '/notifications' });
    const { page } = browser;
    await page.getByTestId('notifications-badge').filter({ hasText: /^2$/ }).waitFor();
    await expect.poll(() => page.locator('.notification-page-list li.unseen').count()).toBe(2);
    await expect.poll(() => page.locator('.notification-page-list li').count()).toBe(3);
    // An unread one says so in words, not only by its border's colour, first to a screen reader.
    expect(await page.locator('.notification-page-list li.unseen .notification-new').allTextContents()).toEqual([
      'New',
      'New',
    ]);
    expect(await page.locator('.notification-page-list li:not(.unseen) .notification-new').count()).toBe(0);
    expect(await page.locator('.notification-page-list li.unseen button').first().textContent()).toMatch(/^New: /);
    // "2 minutes ago" says when on hover too: the moment in the reader's words.
    const newest = page.locator('.notification-page-list time').first();
    expect(await newest.getAttribute('title')).toBe(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(now),
    );
    await shot(browser, 'notifications-mark-all');
    await page.getByTestId('notifications-mark-all').click();
    await page.getByTestId('notifications-badge').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.notification-page-list li.unseen').count()).toBe(0);
    // Nothing unread left: no button.
    await page.getByTestId('notifications-mark-all').waitFor({ state: 'detached' });
    for (let i = 0; i < 3; i++)
      expect((await adminDb.doc(`users/${user.uid}/notifications/page-${i}`).get()).get('viewed')).toBe(true);

    // The filters: Tournaments has more types than one `in` takes (30), and showed an error. These two
    // are in its first part and its second.
    const tournament = { id: 'cup', name: 'Cup' };
    await adminDb.doc(`users/${user.uid}/notifications/cancelled`).set({
      uid: user.uid,
      type: 'TOURNAMENT_CANCELLED',
      viewed: true,
      createdAt: now - 5 * 60_000,
      tournament,
    });
    await adminDb.doc(`users/${user.uid}/notifications/points-open`).set({
      uid: user.uid,
      type: 'TOURNAMENT_POINTS_OPEN',
      viewed: true,
      createdAt: now - 4 * 60_000,
      tournament,
    });
    const listed = () => page.locator('.notification-page-list .notification-text').allTextContents();
    await page.getByTestId('notification-filters').getByRole('button', { name: 'Tournaments' }).click();
    await expect
      .poll(listed)
      .toEqual([
        'Cup has started: submit your points for each round, with a screenshot as proof.',
        'Cup was cancelled.',
      ]);
    await page.getByTestId('notification-filters').getByRole('button', { name: 'People' }).click();
    await expect.poll(listed).toEqual(Array(3).fill(`${follower.displayName} started following you`));
    await page.getByTestId('notification-filters').getByRole('button', { name: 'Battles' }).click();
    // An empty filter says what it would list.
    await page.getByText('No notifications about battles.', { exact: true }).waitFor();
    expect(browser.errors).toEqual([]);
  });
});
