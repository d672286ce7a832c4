import { randomUUID } from 'node:crypto';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES_PAGE } from '@versus/domain/rooms/room';
import { FOLLOW_PAGE_SIZE } from '@versus/domain/platform/served-data';
import { adminDb, done, createTournament, verifiedUser } from '../functions/test/helpers';
import { focusedIn, holdRequests, openBrowser, shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

/** A free tournament two players joined: its room is theirs and the host's. */
async function tournamentWithTwo() {
  const host = await verifiedUser();
  const created = await createTournament(host.token, {
    game: 'minecraft',
    name: `Chatty Cup ${randomUUID().slice(0, 6)}`,
    startTime: Date.now() + 2 * 86_400_000,
  });
  const [ann, ben] = await Promise.all([verifiedUser(), verifiedUser()]);
  for (const player of [ann, ben])
    await done(`/tournaments/${created.body.id}/join`, { token: player.token, body: {} });
  return { id: created.body.id, host, ann, ben };
}

/** A room's message as the API stores it, to write straight in (no chat rate limit); deleted, blank. */
function message(
  room: string,
  sender: { uid: string; displayName: string },
  text: string,
  sent: number,
  deleted = false,
) {
  const ref = adminDb.collection(`rooms/${room}/messages`).doc();
  return [
    ref,
    {
      id: ref.id,
      roomId: room,
      sender: { uid: sender.uid, displayName: sender.displayName, avatar: null, avatarPlaceholder: 1 },
      message: deleted ? '' : text,
      attachment: null,
      sent,
      mentions: [],
      deleted,
      deletedBy: deleted ? sender.uid : null,
      deletedAt: deleted ? sent : null,
    },
  ] as const;
}

describe('rooms and people in the browser', () => {
  it('/my-games counts a room’s unread messages up to 9, and says there are more', async () => {
    const ben = await verifiedUser();
    // Three rooms (a host has one free tournament a day: one host each), with 9, 12, and 10 deleted
    // then 1 unread message from Ann.
    const ann = await verifiedUser();
    const rooms = await Promise.all(
      [9, 12, 11].map(async () => {
        const host = await verifiedUser();
        const created = await createTournament(host.token, {
          game: 'minecraft',
          name: `Chatty Cup ${randomUUID().slice(0, 6)}`,
          startTime: Date.now() + 2 * 86_400_000,
        });
        for (const player of [ann, ben])
          await done(`/tournaments/${created.body.id}/join`, { token: player.token, body: {} });
        return created.body.id as string;
      }),
    );
    const batch = adminDb.batch();
    const sent = Date.now() - 60_000;
    rooms.forEach((id, room) => {
      for (let i = 0; i < [9, 12, 11][room]!; i++)
        batch.set(...message(id, ann, `line ${i}`, sent + i, room === 2 && i < 10));
    });
    await batch.commit();
    const b = await signedIn(ben.email, { at: '/my-games' });
    await b.page.getByTestId(`unread-${rooms[0]}`).getByText('9 new in chat', { exact: true }).waitFor();
    await b.page.getByTestId(`unread-${rooms[1]}`).getByText('9+ new in chat').waitFor();
    // The 10 it reads are deleted: there may be more after them.
    await b.page.getByTestId(`unread-${rooms[2]}`).getByText('New in chat', { exact: true }).waitFor();
  });

  it('a full room opened in a short window under a banner comes whole into view: its Close, its newest message, its box', async () => {
    const [{ id, ann, ben }, challenger] = await Promise.all([tournamentWithTwo(), verifiedUser(1000)]);
    // A challenge for Ben: a banner, which stays one line under the header while he is scrolled down.
    await done('/battles/challenge', {
      token: challenger.token,
      body: { opponent: ben.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const batch = adminDb.batch();
    const sent = Date.now() - 60_000;
    for (let i = 1; i <= 14; i++) batch.set(...message(id, ann, `Line ${i}`, sent + i));
    await batch.commit();
    const b = await signedIn(ben.email, { at: `/tournaments/${id}`, width: 1280, height: 560 });
    await b.page.getByTestId('banner-stack').waitFor();
    await b.page.getByTestId('chat-open').click();
    await b.page.getByTestId('chat-messages').getByText('Line 14', { exact: true }).waitFor();
    await expect
      .poll(() => b.page.getByTestId('chat-input').evaluate((box) => box.getBoundingClientRect().bottom <= innerHeight))
      .toBe(true);
    // Its Close has the keyboard, and is in sight below the banner: a taller room showed its end, its
    // Close under the banner (walk AB).
    expect(await focusedIn(b.page)).toBe('chat-close');
    const stack = (await b.page.getByTestId('banner-stack').boundingBox())!;
    const close = (await b.page.getByTestId('chat-close').boundingBox())!;
    expect(close.y).toBeGreaterThanOrEqual(stack.y + stack.height);
    expect(b.errors).toEqual([]);
  });

  it('two players chat: typing, an unread count, a mention that notifies and links to the chat', async () => {
    const { id, ann, ben } = await tournamentWithTwo();
    // A visitor reads that the host and the players chat here, and how to be one (a walk's visitor found no word
    // of a chat); the room itself is theirs.
    const guest = await openBrowser();
    try {
      await guest.page.goto(`${WEB}/tournaments/${id}`);
      await guest.page
        .getByTestId('chat-outsider')
        .getByText('The host and the players chat here: join the tournament to take part.')
        .waitFor();
      expect(await guest.page.getByTestId('chat-panel').count()).toBe(0);
    } finally {
      await guest.close();
    }
    const a = await signedIn(ann.email, { at: `/tournaments/${id}` });
    const b = await signedIn(ben.email, { at: `/tournaments/${id}` });
    await a.page.getByTestId('chat-open').click();
    await a.page.getByText('No messages yet. Say hello!').waitFor();
    // A member has the room, not the outsider's line.
    expect(await a.page.getByTestId('chat-outsider').count()).toBe(0);
    // Open gave way to Close, and the keyboard went with it (not to the page's top).
    expect(await focusedIn(a.page)).toBe('chat-close');
    // Beside the tournament's page the room does not repeat its name.
    expect(await a.page.getByTestId('chat-room-name').isVisible()).toBe(false);
    // Opened, the room is whole in view, its box for a message too.
    await expect
      .poll(() =>
        a.page.getByTestId('chat-panel').evaluate((panel) => panel.getBoundingClientRect().bottom <= innerHeight),
      )
      .toBe(true);

    // Ann types: Ben, with the room open, sees it until her message arrives; then Ann's messages
    // count as unread for Ben once he has closed it.
    // Ben's marks of his last open: only when a message from someone else has come since (record 95).
    const marks: string[] = [];
    b.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/lastOpen')) marks.push(request.postData() ?? '');
    });
    // His marks are held until Ann's next two messages have reached the room: they still count as
    // unread, since a mark reads up to the message his tab showed, not up to when it is taken
    // (record 102; under load a mark could be taken after a message he never saw).
    const releaseMarks = await holdRequests(b.page, '**/lastOpen');
    await b.page.getByTestId('chat-open').click();
    // Spaces alone: Send stays off and the box says why; Enter sends nothing.
    await a.page.getByTestId('chat-input').fill('   ');
    await a.page
      .getByTestId('chat-hint')
      .getByText('Spaces and line breaks alone are not sent: write something first.')
      .waitFor();
    expect(await a.page.getByTestId('chat-send').isDisabled()).toBe(true);
    await a.page.getByTestId('chat-input').press('Enter');
    expect(await a.page.getByTestId('chat-input').inputValue()).toBe('   ');
    await shot(a, 'chat-only-spaces');
    await a.page.getByTestId('chat-input').fill('Hi Ben');
    expect(await a.page.getByTestId('chat-hint').count()).toBe(0);
    await b.page.getByTestId('chat-typing').getByText(`${ann.displayName} is typing…`).waitFor();
    // Opened with nothing unread: no mark, since none would move a count.
    expect(marks).toEqual([]);
    await a.page.getByTestId('chat-input').press('Enter');
    await b.page.getByTestId('chat-messages').getByText('Hi Ben').waitFor();
    await expect.poll(() => marks.length).toBe(1);
    await expect.poll(() => b.page.getByTestId('chat-typing').textContent()).toBe('\u00a0');
    await b.page.getByTestId('chat-close').click();
    await a.page.getByTestId('chat-input').fill('Hello there');
    await a.page.getByTestId('chat-input').press('Enter');
    await a.page.getByTestId('chat-messages').getByText('Hello there').waitFor();
    await a.page.getByTestId('chat-input').fill('See you at the start https://example.com/rules');
    await a.page.getByTestId('chat-send').click();
    await a.page.getByTestId('chat-messages').getByText('See you at the start').waitFor();
    // Send turns off with the box emptied: the keyboard is back in the box for the next message.
    await expect.poll(() => focusedIn(a.page)).toBe('chat-input');
    // Each message's Remove says whose and when to a screen reader.
    await a.page
      .getByRole('button', { name: new RegExp(`^Remove the message of ${ann.displayName} sent at \\d\\d:\\d\\d$`) })
      .first()
      .waitFor();
    releaseMarks();
    await b.page.getByTestId('chat-unread').getByText('2 new').waitFor();
    await shot(b, 'chat-1-unread');
    // /my-games counts them too, and links to the room.
    await b.page.goto(`${WEB}/my-games`);
    await b.page.getByTestId(`unread-${id}`).getByText('2 new in chat').click();
    await b.page.getByTestId('chat-messages').getByText('Hello there').waitFor();
    // The room is in view, however the page above it has loaded meanwhile.
    const inView = (panel: HTMLElement) => {
      const { top, bottom } = panel.getBoundingClientRect();
      return top >= 0 && top < innerHeight && bottom > 0;
    };
    await expect.poll(() => b.page.getByTestId('chat-panel').evaluate(inView)).toBe(true);

    // A mention with the type-ahead: Ben is told, and the notification leads to the chat. (Ben's room
    // is open as it comes, so the room marks nothing new above it when the notification opens it.)
    await a.page.getByTestId('chat-input').fill(`Ready @${ben.displayName.slice(0, 6)}`);
    await a.page
      .getByRole('list', { name: 'Mention a member' })
      .getByRole('button', { name: `@${ben.displayName}` })
      .click();
    await expect.poll(() => a.page.getByTestId('chat-input').inputValue()).toBe(`Ready @${ben.displayName} `);
    await a.page.getByTestId('chat-send').click();
    await a.page.getByTestId('chat-messages').getByText(`Ready @${ben.displayName}`).waitFor();
    await b.page.getByTestId('chat-messages').getByText(`Ready @${ben.displayName}`).waitFor();
    await b.page.getByTestId('chat-close').click();
    // Eight more come after it: the room, opened on its newest or on the first of them (new), would
    // show the mention out of sight.
    for (let i = 1; i <= 8; i++)
      await done(`/rooms/${id}/sendMessage`, { token: (i % 2 ? ben : ann).token, body: { message: `Line ${i}` } });
    await b.page.getByTestId('notifications').click();
    await b.page.getByText(`${ann.displayName} mentioned you in the chat of`).click();
    await b.page.getByTestId('chat-messages').getByText(`Ready @${ben.displayName}`).waitFor();
    // The notification leads to the message itself, in the room's view (record 179).
    const mentionShown = () =>
      b.page
        .getByTestId('chat-message')
        .filter({ hasText: `Ready @${ben.displayName}` })
        .evaluate((message) => {
          const box = message.getBoundingClientRect();
          const room = message.closest('ol')!.getBoundingClientRect();
          // (Within a pixel: the list scrolls by fractions.)
          return (
            box.top >= room.top - 1 &&
            box.bottom <= room.bottom + 1 &&
            room.bottom - room.top < message.closest('ol')!.scrollHeight
          );
        });
    await expect.poll(mentionShown).toBe(true);
    // A message that comes while he reads it there does not pull the list to its end (it did).
    await done(`/rooms/${id}/sendMessage`, { token: ann.token, body: { message: 'Line 9' } });
    await b.page.getByTestId('chat-messages').getByText('Line 9').waitFor();
    // (Its effect has run once two frames have been drawn after it.)
    await b.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await mentionShown()).toBe(true);
    // The mention stands out, in both rooms, once the server has resolved it.
    for (const page of [a.page, b.page])
      await expect
        .poll(() => page.getByTestId('chat-messages').locator('.chat-mention').allTextContents())
        .toEqual([`@${ben.displayName}`]);
    // Opening the room read it: nothing unread once closed again.
    await b.page.getByTestId('chat-close').click();
    await expect.poll(() => b.page.getByTestId('chat-unread').count()).toBe(0);
    // The link in a message is a safe outside link.
    await a.page
      .getByRole('link', { name: 'https://example.com/rules' })
      .evaluate((link) => link.getAttribute('rel'))
      .then((rel) => expect(rel).toContain('noopener'));
    await shot(a, 'chat-2-messages');
    expect(
      (await adminDb.collection(`users/${ben.uid}/notifications`).where('type', '==', 'TOURNAMENT_ROOM_MENTION').get())
        .size,
    ).toBe(1);

    // On a phone the room opens from a floating button, which leaves the page's end readable: with
    // the page scrolled to the bottom, it covers no text and no control.
    await a.page.setViewportSize({ width: 375, height: 667 });
    if (await a.page.getByTestId('chat-close').isVisible()) await a.page.getByTestId('chat-close').click();
    await a.page.getByTestId('chat-launcher').waitFor();
    await a.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await a.page.evaluate(() => {
      const button = document.querySelector('[data-testid="chat-launcher"]')!.getBoundingClientRect();
      const launcher = document.querySelector('[data-testid="chat-launcher"]')!;
      return Array.from(document.querySelectorAll('body *'))
        .filter((element) => !launcher.contains(element) && !element.contains(launcher))
        .filter(
          (element) =>
            /^(A|BUTTON|SELECT|INPUT|TEXTAREA)$/.test(element.tagName) ||
            Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent!.trim()),
        )
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.bottom > button.top && box.top < button.bottom)
        .filter((box) => box.right > button.left && box.left < button.right).length;
    });
    expect(covered).toBe(0);
    await shot(a, 'chat-3-phone-launcher');
    // The room covers the screen and the button that opened it: the keyboard goes in at its Close,
    // Escape closes it, and the keyboard is back on the button.
    await a.page.getByTestId('chat-launcher').click();
    await expect.poll(() => focusedIn(a.page)).toBe('chat-close');
    // Full screen, the room keeps the keyboard: Tab from Send, its last control, goes back to Close,
    // and Shift+Tab from Close to Send (it went on to the footer's links under the room).
    await a.page.getByTestId('chat-send').focus();
    await a.page.keyboard.press('Tab');
    await expect.poll(() => focusedIn(a.page)).toBe('chat-close');
    await a.page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedIn(a.page)).toBe('chat-send');
    // The "is typing" line has its height above the box (the box covered it: the grid's rows counted
    // an "Older messages" button the room did not have).
    const typingLine = await a.page.evaluate(() => {
      const line = document.querySelector('[data-testid="chat-typing"]')!.getBoundingClientRect();
      const box = document.querySelector('[data-testid="chat-input"]')!.getBoundingClientRect();
      return { height: Math.round(line.height), clear: line.bottom <= box.top };
    });
    expect(typingLine.height).toBeGreaterThanOrEqual(16);
    expect(typingLine.clear).toBe(true);
    // Covering the tournament's page, the room names its tournament under its title.
    const { name } = (await adminDb.doc(`tournaments/${id}`).get()).data()!;
    await a.page
      .getByTestId('chat-room-name')
      .filter({ hasText: name as string })
      .waitFor();
    await a.page.keyboard.press('Escape');
    await expect.poll(() => a.page.getByTestId('chat-messages').count()).toBe(0);
    await expect.poll(() => focusedIn(a.page)).toBe('chat-launcher');
    for (const browser of [a, b]) expect(browser.errors).toEqual([]);
  });

  it('a reply is not a mark: a message it answers is read once the room marks it (record 104)', async () => {
    const { id, ann, ben } = await tournamentWithTwo();
    const b = await signedIn(ben.email, { at: `/tournaments/${id}` });
    await b.page.getByTestId('chat-open').click();
    await b.page.getByText('No messages yet. Say hello!').waitFor();
    // His mark of Ann's message is lost on its way; then he answers it.
    let lost = 0;
    await b.page.route('**/lastOpen', async (route) => {
      lost += 1;
      await route.abort();
    });
    const hi = await done<{ sent: number }>(`/rooms/${id}/sendMessage`, {
      token: ann.token,
      body: { message: 'Hi Ben' },
    });
    await b.page.getByTestId('chat-messages').getByText('Hi Ben').waitFor();
    await expect.poll(() => lost).toBe(1);
    await b.page.unroute('**/lastOpen');
    await b.page.getByTestId('chat-input').fill('Hi Ann');
    await b.page.getByTestId('chat-input').press('Enter');
    // In the room, not only on its way.
    await b.page.getByTestId('chat-message').filter({ hasText: 'Hi Ann' }).waitFor();
    // Closing marks what the room showed, his reply too: /my-games and his other devices count
    // nothing new, and his own messages do not fill /my-games' page of what came after it.
    await b.page.getByTestId('chat-close').click();
    const state = adminDb.doc(`rooms/${id}/member_states/${ben.uid}`);
    const reply = await adminDb.collection(`rooms/${id}/messages`).where('message', '==', 'Hi Ann').get();
    const replied = reply.docs[0]!.get('sent') as number;
    expect(replied).toBeGreaterThan(hi.sent);
    await expect
      .poll(async () => ((await state.get()).get('lastOpen') as number | null) ?? 0)
      .toBeGreaterThanOrEqual(replied);
  });

  it('closing the tab with the room open marks what it showed as read (record 95)', async () => {
    const { id, ann, ben } = await tournamentWithTwo();
    const b = await signedIn(ben.email, { at: `/tournaments/${id}` });
    await b.page.getByTestId('chat-open').click();
    await b.page.getByText('No messages yet. Say hello!').waitFor();
    const send = async (message: string) =>
      done<{ sent: number }>(`/rooms/${id}/sendMessage`, { token: ann.token, body: { message } });
    // The first message is marked at once; the second comes within the 5 s after, so it waits for the
    // next check, which a closed tab never makes.
    await send('First');
    await b.page.getByTestId('chat-messages').getByText('First').waitFor();
    const state = adminDb.doc(`rooms/${id}/member_states/${ben.uid}`);
    await expect.poll(async () => (await state.get()).exists).toBe(true);
    const second = await send('Second');
    await b.page.getByTestId('chat-messages').getByText('Second').waitFor();
    await b.page.close({ runBeforeUnload: true });
    // Read up to the newest message it showed, not up to when the server took the mark (record 102).
    await expect.poll(async () => (await state.get()).get('lastOpen') as number, { timeout: 10_000 }).toBe(second.sent);
  });

  it('a tab closed after Firebase renewed its sign-in and attestation marks with the renewed ones', async () => {
    const { id, ann, ben } = await tournamentWithTwo();
    const b = await signedIn(ben.email, { at: `/tournaments/${id}` });
    const marks: Request[] = [];
    b.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/lastOpen')) marks.push(request);
    });
    await b.page.getByTestId('chat-open').click();
    await b.page.getByText('No messages yet. Say hello!').waitFor();
    // Tokens carry their time in seconds: a renewal in the same second as the sign-in could be the same.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const send = async (message: string) =>
      done<{ sent: number }>(`/rooms/${id}/sendMessage`, { token: ann.token, body: { message } });
    // The first message is marked at once, with the tokens of the moment; the second is sent once that
    // mark is answered, within the 5 s after it, so only the closing tab marks it (the next check is
    // 10 s after it), with what it kept.
    await send('First');
    await b.page.getByTestId('chat-messages').getByText('First').waitFor();
    await expect.poll(() => marks.length).toBe(1);
    await marks[0]!.response();
    const second = await send('Second');
    await b.page.getByTestId('chat-messages').getByText('Second').waitFor();
    expect(marks).toHaveLength(1);
    const first = await marks[0]!.allHeaders();
    // An hour later, Firebase has renewed both (as it does before each expires).
    const renewed = await b.page.evaluate(() =>
      (window as { versusRenewTokens?: () => Promise<{ id?: string; appCheck: string | null }> }).versusRenewTokens!(),
    );
    expect(`Bearer ${renewed.id}`).not.toBe(first.authorization);
    expect(renewed.appCheck).not.toBe(first['x-firebase-appcheck']);
    // The tab goes (its pagehide, with the page still there for the test to see the request).
    await b.page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
    await expect.poll(() => marks.length).toBe(2);
    // Read up to the newest message it showed (record 102).
    expect(JSON.parse(marks[1]!.postData()!)).toEqual({ closing: true, seen: second.sent });
    const closing = await marks[1]!.allHeaders();
    expect(closing.authorization).toBe(`Bearer ${renewed.id}`);
    expect(closing['x-firebase-appcheck']).toBe(renewed.appCheck);
    const state = adminDb.doc(`rooms/${id}/member_states/${ben.uid}`);
    await expect.poll(async () => (await state.get()).get('lastOpen') as number, { timeout: 10_000 }).toBe(second.sent);
  });

  it('on a phone the chat button makes way while a field of the page is typed in or the page scrolls down, and comes back after', async () => {
    const { id, host } = await tournamentWithTwo();
    const browser = await signedIn(host.email, { at: `/tournaments/${id}/settings`, width: 390, height: 844 });
    const { page } = browser;
    const launcher = page.getByTestId('chat-launcher');
    await launcher.waitFor();
    const description = page.getByLabel('Description');
    await description.scrollIntoViewIfNeeded();
    await description.click();
    await launcher.waitFor({ state: 'hidden' });
    await description.press('End');
    await description.pressSequentially(' More.');
    await shot(browser, 'chat-launcher-typing');
    await description.blur();
    await launcher.waitFor();
    // Scrolling down, it slides below the screen's edge, out of the way of what scrolls under it;
    // scrolling up brings it back to its corner (record 180).
    const top = async () => Math.round((await launcher.boundingBox())!.y);
    const corner = 844 - 16 - 52;
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(top).toBe(corner);
    await page.evaluate(() =>
      document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<div id="shift" style="height: 120px"></div>'),
    );
    await page.mouse.move(195, 400);
    await page.mouse.wheel(0, 240);
    const scrolled = () => page.evaluate(() => Math.round(window.scrollY));
    await expect.poll(scrolled).toBe(240);
    await expect.poll(top).toBeGreaterThanOrEqual(844);
    // The page loses height above the screen (a banner turning sticky): the browser moves the page
    // up to keep what is shown, which is not the player scrolling up (the button came back).
    await page.evaluate(() => document.getElementById('shift')!.remove());
    await expect.poll(scrolled).toBe(120);
    // Two frames on, the scroll's handler has run: the button stays out of the way.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await launcher.getAttribute('class')).toContain('tucked');
    // The player scrolls up, not to the top: it comes back.
    await page.mouse.wheel(0, -60);
    await expect.poll(scrolled).toBe(60);
    await expect.poll(top).toBe(corner);
    expect(browser.errors).toEqual([]);
  });

  it('on a phone the chat button sits above the analytics consent bar while it is up', async () => {
    const { id, host } = await tournamentWithTwo();
    const { page } = await signedIn(host.email, { at: `/tournaments/${id}`, width: 390, height: 844, consent: true });
    const launcher = page.getByTestId('chat-launcher');
    const bar = page.getByTestId('consent-banner');
    await bar.waitFor();
    const above = async () => (await launcher.boundingBox())!.y + (await launcher.boundingBox())!.height;
    await expect.poll(async () => (await above()) < (await bar.boundingBox())!.y).toBe(true);
    await launcher.click();
    // The open room, full screen, ends above the bar: its box for a message is not under it.
    const input = (await page.getByTestId('chat-input').boundingBox())!;
    expect(input.y + input.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
    await page.getByTestId('chat-close').click();
    await page.getByTestId('consent-decline').click();
    await bar.waitFor({ state: 'detached' });
    await expect.poll(above).toBe(844 - 16);
  });

  it('a message on its way empties the box and waits as "Sending…"; the next ones queue behind it in order; refused ones come back', async () => {
    const { id, ann } = await tournamentWithTwo();
    const a = await signedIn(ann.email, { at: `/tournaments/${id}` });
    await a.page.getByTestId('chat-open').click();
    await a.page.getByText('No messages yet. Say hello!').waitFor();
    let requests = 0;
    a.page.on('request', (request) => {
      if (request.url().endsWith('/sendMessage')) requests += 1;
    });
    // Held until released, however long a loaded machine takes.
    const release = await holdRequests(a.page, '**/sendMessage', { limitMs: null });
    const input = a.page.getByTestId('chat-input');
    await input.fill('First message');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('');
    await a.page.getByTestId('chat-pending').filter({ hasText: 'First message' }).getByText('Sending…').waitFor();
    // Enter again while it is on its way queues the next one behind it, the same text twice too.
    for (const next of ['gg', 'gg']) {
      await input.fill(next);
      await input.press('Enter');
      expect(await input.inputValue()).toBe('');
    }
    await expect
      .poll(() => a.page.getByTestId('chat-pending').allTextContents())
      .toEqual(['First messageSending…', 'ggSending…', 'ggSending…']);
    await shot(a, 'chat-sending');
    // One request at a time: the first is held, and nothing was sent beside it.
    expect(requests).toBe(1);
    await input.fill('Third, typed meanwhile');
    release();
    await a.page.getByTestId('chat-pending').first().waitFor({ state: 'detached' });
    const shown = a.page.getByTestId('chat-message').locator('.prewrap');
    await expect.poll(() => shown.allTextContents()).toEqual(['First message', 'gg', 'gg']);
    expect(requests).toBe(3);
    expect(await input.inputValue()).toBe('Third, typed meanwhile');
    expect(a.errors).toEqual([]);
    // Refused (here: the connection drops), a message goes back with those queued behind it, which
    // were not sent, before what was typed since.
    await a.page.unroute('**/sendMessage');
    const drop = await holdRequests(a.page, '**/sendMessage', { limitMs: null, abort: true });
    await input.press('Enter');
    const fourth = `Fourth, long: ${'x'.repeat(470)}`;
    await input.fill(fourth);
    await input.press('Enter');
    await a.page.keyboard.type('and a fifth');
    await expect.poll(() => a.page.getByTestId('chat-pending').count()).toBe(2);
    drop();
    await expect.poll(() => input.inputValue()).toBe(`Third, typed meanwhile\n${fourth}\nand a fifth`);
    expect(await a.page.getByTestId('chat-pending').count()).toBe(0);
    await a.page.getByText('Could not reach Versus. Check your connection and try again.').waitFor();
    // Together they are more than a message holds: Send is off, and the box says why.
    await a.page.getByTestId('chat-hint').getByText('At most 500 characters.').waitFor();
    expect(await a.page.getByTestId('chat-send').isDisabled()).toBe(true);
    await shot(a, 'chat-refused');
    const messages = await adminDb.collection(`rooms/${id}/messages`).orderBy('sent').get();
    expect(messages.docs.map((message) => message.get('message') as string)).toEqual(['First message', 'gg', 'gg']);
  });

  it('a flood is refused with its reason, which goes once sending works again; a removal asks first (walk Z)', async () => {
    const { id, ann, host } = await tournamentWithTwo();
    const a = await signedIn(ann.email, { at: `/tournaments/${id}` });
    await a.page.getByTestId('chat-open').click();
    await a.page.getByText('No messages yet. Say hello!').waitFor();
    // Ten from another tab of hers fill the window; the page's next one is refused and comes back.
    for (let i = 0; i < 10; i += 1)
      await done(`/rooms/${id}/sendMessage`, { token: ann.token, body: { message: `Burst ${i}` } });
    const input = a.page.getByTestId('chat-input');
    await input.fill('One too many');
    await input.press('Enter');
    const refusal = a.page.getByText('Slow down: at most 10 messages in 10 seconds.');
    await refusal.waitFor();
    await expect.poll(() => input.inputValue()).toBe('One too many');
    // It said so for minutes; it goes once the window has passed, and the message then goes.
    await refusal.waitFor({ state: 'detached', timeout: 15_000 });
    await input.press('Enter');
    const sent = a.page.getByTestId('chat-message').filter({ hasText: 'One too many' });
    await sent.waitFor();
    // Removing asks first (walk Z): Back keeps it, and Escape answers Back without closing the room.
    const remove = sent.getByRole('button', { name: /^Remove the message of / });
    await remove.click();
    const question = sent.getByTestId('chat-remove-question');
    await question.getByText('Remove this message for everyone? It cannot be brought back.').waitFor();
    await a.page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => focusedIn(a.page)).toBe('Remove');
    await a.page.getByTestId('chat-input').waitFor();
    await remove.click();
    await question.getByRole('button', { name: 'Yes, remove' }).click();
    await a.page.getByTestId('chat-messages').getByText('Message removed', { exact: true }).waitFor();
    // One the host removed says so, to its sender as to everyone.
    const [ref, removed] = message(id, ann, 'Off topic', Date.now());
    await ref.set({ ...removed, message: '', deleted: true, deletedBy: host.uid, deletedAt: Date.now() });
    await a.page.getByTestId('chat-messages').getByText('Message removed by the host').waitFor();
    expect(a.errors).toEqual([]);
  });

  it('a room opened again marks where the messages it had not seen start, and opens there', async () => {
    const { id, ann, ben } = await tournamentWithTwo();
    const sent = Date.now() - 600_000;
    const batch = adminDb.batch();
    for (let i = 1; i <= 30; i++) batch.set(...message(id, ann, `Old ${i}`, sent + i));
    for (let i = 1; i <= 20; i++) batch.set(...message(id, ann, `New ${i}`, sent + 100 + i));
    // Ben had the room open last when the old ones were there.
    batch.set(adminDb.doc(`rooms/${id}/member_states/${ben.uid}`), {
      uid: ben.uid,
      lastOpen: sent + 30,
      window: { start: 0, count: 0 },
    });
    await batch.commit();
    const b = await signedIn(ben.email, { at: `/tournaments/${id}` });
    await b.page.getByTestId('chat-unread').getByText('20 new').waitFor();
    await b.page.getByTestId('chat-open').click();
    const list = b.page.getByTestId('chat-messages');
    const mark = list.getByTestId('chat-new');
    await mark.getByText('New messages').waitFor();
    // Right before the first new one, at the top of the room's view: the last old one above it.
    expect(await mark.evaluate((item) => item.nextElementSibling?.querySelector('.prewrap')?.textContent ?? null)).toBe(
      'New 1',
    );
    expect(
      await mark.evaluate((item) => item.previousElementSibling?.querySelector('.prewrap')?.textContent ?? null),
    ).toBe('Old 30');
    // Below the mark the first new one names its sender again, though the same player wrote the last old one.
    expect(await mark.evaluate((item) => item.nextElementSibling?.querySelector('.chat-sender') !== null)).toBe(true);
    await expect
      .poll(async () => {
        const [room, line] = await Promise.all([list.boundingBox(), mark.boundingBox()]);
        return Math.abs(Math.round((line?.y ?? 0) - (room?.y ?? 0)));
      })
      .toBe(0);
    await shot(b, 'chat-new-messages');
    // Everything is read now: closed and opened again, no mark, and the newest in view.
    await b.page.getByTestId('chat-close').click();
    await b.page.getByTestId('chat-open').click();
    await list.getByText('New 20', { exact: true }).waitFor();
    expect(await mark.count()).toBe(0);
    await expect.poll(() => list.getByText('New 20', { exact: true }).isVisible()).toBe(true);
    expect(b.errors).toEqual([]);
  });

  it('"Show older messages" adds the older page above the newest, which stay shown meanwhile', async () => {
    const { id, ann, ben } = await tournamentWithTwo();
    const batch = adminDb.batch();
    const sent = Date.now() - 600_000;
    for (let i = 1; i <= MESSAGES_PAGE + 2; i++) batch.set(...message(id, ann, `Line ${i}`, sent + i));
    await batch.commit();
    const b = await signedIn(ben.email, { at: `/tournaments/${id}` });
    // Every message read is new, and there are older: there may be more new than it counts (walk AJ).
    await b.page.getByTestId('chat-unread').getByText(`${MESSAGES_PAGE}+ new`, { exact: true }).waitFor();
    await b.page.getByTestId('chat-open').click();
    const lines = b.page.getByTestId('chat-messages').getByTestId('chat-message');
    await b.page
      .getByTestId('chat-messages')
      .getByText(`Line ${MESSAGES_PAGE + 2}`, { exact: true })
      .waitFor();
    await expect.poll(() => lines.count()).toBe(MESSAGES_PAGE);
    expect(await b.page.getByText('Line 2', { exact: true }).count()).toBe(0);
    // The fewest lines the room shows from here on: it never empties while the older page loads.
    await b.page.getByTestId('chat-messages').evaluate((list) => {
      const track = window as unknown as { fewest: number };
      track.fewest = list.querySelectorAll('[data-testid="chat-message"]').length;
      new MutationObserver(() => {
        track.fewest = Math.min(track.fewest, list.querySelectorAll('[data-testid="chat-message"]').length);
      }).observe(list, { childList: true, subtree: true });
    });
    await b.page.getByRole('button', { name: 'Show older messages' }).click();
    await b.page.getByTestId('chat-messages').getByText('Line 1', { exact: true }).waitFor();
    await expect.poll(() => lines.count()).toBe(MESSAGES_PAGE + 2);
    expect(await b.page.evaluate(() => (window as unknown as { fewest: number }).fewest)).toBe(MESSAGES_PAGE);
    // All of them shown: no button for more.
    await b.page.getByRole('button', { name: 'Show older messages' }).waitFor({ state: 'detached' });
    expect(b.errors).toEqual([]);
  });

  it('a player follows another from the participants list; the profile shows it, mutual once followed back', async () => {
    const { id, ann, ben } = await tournamentWithTwo();
    const a = await signedIn(ann.email, { at: `/tournaments/${id}/participants` });
    await a.page.getByTestId(`follow-${ben.uid}`).click();
    await expect.poll(() => a.page.getByTestId(`follow-${ben.uid}`).textContent()).toBe('Unfollow');
    await done(`/users/${ann.uid}/follow`, { token: ben.token, method: 'POST' });
    await a.page.goto(`${WEB}/user/${ben.uid}`);
    await a.page.getByTestId('mutual-badge').waitFor();
    await expect.poll(() => a.page.getByTestId('follow-counts').textContent()).toBe('1 follower · 1 following');
    await a.page.getByTestId('followers-list').getByText(ann.displayName).waitFor();
    await shot(a, 'people-profile');
    // Followed by more than a page shows: the rest come a page at a time (they stopped at 24; walk AJ).
    const batch = adminDb.batch();
    const at = Date.now() - 600_000;
    for (let i = 1; i <= FOLLOW_PAGE_SIZE + 1; i++)
      batch.set(adminDb.doc(`users/${ben.uid}/followers/fan-${i}`), {
        uid: `fan-${i}`,
        displayName: `Fan${String(i).padStart(2, '0')}`,
        avatar: null,
        avatarPlaceholder: 0,
        createdAt: at + i,
      });
    await batch.commit();
    const followers = a.page.getByTestId('followers-list');
    await followers.getByText('Fan25', { exact: true }).waitFor();
    await expect.poll(() => followers.getByRole('listitem').count()).toBe(FOLLOW_PAGE_SIZE);
    await followers.getByRole('button', { name: 'Show more followers' }).click();
    await followers.getByText('Fan01', { exact: true }).waitFor();
    await expect.poll(() => followers.getByRole('listitem').count()).toBe(FOLLOW_PAGE_SIZE + 2);
    await followers.getByRole('button', { name: 'Show more followers' }).waitFor({ state: 'detached' });
    expect(a.errors).toEqual([]);
  });
});
