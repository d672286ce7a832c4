import { describe, expect, it } from 'vitest';
import { API, adminDb, call, createTournament, dayAhead, verifiedUser, type Player } from './helpers';
import { matchesOf, started } from './tournament-play-helpers';

/**
 * Calendars (issue #60): a tournament's "Add to calendar" file, and each player's private feed of
 * their tournaments and ready matches, whose link they renew or turn off.
 */

const get = async (path: string) => {
  const response = await fetch(`${API}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};
/** RFC 5545 unfolding: a line break followed by one space continues the line. */
const unfolded = (text: string) => text.replace(/\r\n /g, '');
/** The paths of the site's pages that a calendar's events link to (their URL property). */
const siteLinks = (text: string) =>
  [...unfolded(text).matchAll(/^URL;VALUE=URI:https?:\/\/[^/]+(\S*)$/gm)].map((m) => m[1]!);
const feedPath = (url: string) => url.slice(url.indexOf('/api/') + 4);
const feedOf = (player: Player, method = 'GET') =>
  call<{ url: string | null }>('/profile/calendarFeed', { token: player.token, method });

describe('calendars', () => {
  it("a tournament's file: its start, a Finnish name folded within 75 octets a line", async () => {
    const host = await verifiedUser();
    const name = 'Äänekosken yöllinen säätöturnaus ääriään myöten täynnä öljyä';
    const startTime = dayAhead(40, 18);
    const { id } = (
      await createTournament(host.token, {
        name,
        description: 'Pelataan koko yö, ja häviäjä keittää aamukahvit kaikille.',
        startTime,
      })
    ).body;
    const file = await get(`/calendar/tournaments/${id}.ics`);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^text\/calendar/);
    for (const line of file.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const whole = unfolded(file.text);
    expect(whole).toContain(`SUMMARY:${name}`);
    expect(whole).toContain(`DTSTART:${new Date(startTime).toISOString().slice(0, 10).replace(/-/g, '')}T180000Z`);
    expect(whole).toContain(`/tournaments/${id}`);
    expect((await get('/calendar/tournaments/nope-not-there.ics')).status).toBe(404);
    // The page's language goes along; one the site does not have is its default.
    expect(siteLinks((await get(`/calendar/tournaments/${id}.ics?lang=fi-FI`)).text)).toEqual([
      `/fi-FI/tournaments/${id}`,
    ]);
    expect(siteLinks((await get(`/calendar/tournaments/${id}.ics?lang=xx`)).text)).toEqual([`/tournaments/${id}`]);
  });

  it("a player's feed: off until asked for, their tournaments and ready matches, renewed and turned off", async () => {
    const { id, player, players } = await started(4, { entryFee: 0, checkInMinutes: 10 });
    const me = players[0]!;
    expect((await feedOf(me)).body).toEqual({ url: null });
    const { url } = (await feedOf(me, 'POST')).body;
    expect(url).toMatch(/\/api\/calendar\/feeds\/.+\.ics$/);
    expect((await feedOf(me)).body).toEqual({ url });

    const feed = await get(feedPath(url!));
    expect(feed.status).toBe(200);
    const whole = unfolded(feed.text);
    const tournament = (await adminDb.doc(`tournaments/${id}`).get()).data()!;
    expect(whole).toContain(`SUMMARY:${String(tournament.name)}`);
    // The player's ready match, until its check-in closes.
    const mine = (await matchesOf(id)).find((match) => match.state === 'READY' && match.participants.includes(me.uid))!;
    const opponent = player(mine.participants.find((side) => side !== me.uid)!);
    expect(whole).toContain(`UID:${id}-${mine.id}@versus`);
    expect(whole).toMatch(new RegExp(`SUMMARY:${String(tournament.name)}: .*${opponent.displayName}`));

    // A forged link is refused; a renewed one replaces the old; turned off, none works.
    const forged = feedPath(url!).replace(/.{4}\.ics$/, 'AAAA.ics');
    expect((await get(forged)).status).toBe(404);
    const renewed = (await feedOf(me, 'POST')).body.url!;
    expect(renewed).not.toBe(url);
    expect((await get(feedPath(url!))).status).toBe(404);
    expect((await get(feedPath(renewed))).status).toBe(200);
    expect((await feedOf(me, 'DELETE')).body).toEqual({ url: null });
    expect((await get(feedPath(renewed))).status).toBe(404);
    // On again: a link never seen before.
    const again = (await feedOf(me, 'POST')).body.url!;
    expect([url, renewed]).not.toContain(again);
    expect((await get(feedPath(again))).status).toBe(200);
    // Only its owner asks for the link.
    expect((await call('/profile/calendarFeed')).status).toBe(401);

    // In the player's language, once the site has it (its language switch): the links and our line.
    expect((await call('/me/alerts', { token: me.token, method: 'PUT', body: { language: 'fi-FI' } })).status).toBe(
      200,
    );
    const finnish = unfolded((await get(feedPath(again))).text);
    expect(finnish).toContain(`/fi-FI/tournaments/${id}#current-match`);
    expect(finnish).toContain('DESCRIPTION:Ilmoittaudu paikalle ennen tämän tapahtuman loppua');
    expect(siteLinks(finnish).length).toBeGreaterThan(1);
    expect(siteLinks(finnish).every((link) => link.startsWith('/fi-FI/tournaments/'))).toBe(true);
  });
});
