import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Body, call, createTournament, eventually, verifiedUser } from './helpers';
import { matchesOf, notificationsOf, report, sweep } from './tournament-play-helpers';

/**
 * A tournament's Discord channel (issue #60): the host gives a webhook, and Versus posts the start,
 * each result, each round and the final standings there, through the outbox, in the host's
 * language; a webhook Discord refuses is switched off and the host is told.
 */

const STAND_IN = 'http://127.0.0.1:5013';
interface Post {
  webhook: string;
  body: { content: string; username: string; allowed_mentions: { parse: string[] } };
}
const postsTo = async (webhook: string) =>
  ((await (await fetch(`${STAND_IN}/discord?webhook=${webhook}`)).json()) as Post[]).map((post) => post.body.content);
const newWebhook = (token = 't'.repeat(68)) => {
  const id = `${randomInt(100_000_000, 999_999_999)}${randomInt(100_000_000, 999_999_999)}`;
  return { id, url: `https://discord.com/api/webhooks/${id}/${token}` };
};

async function openTournament(name: string, fields: Record<string, unknown> = {}) {
  const host = await verifiedUser();
  const startTime = Date.now() + 20 * 60_000;
  const created = await createTournament(host.token, {
    entryFee: 130,
    payoutStructure: 'top-2',
    name,
    startTime,
    ...fields,
  });
  expect(created.status).toBe(201);
  return { host, id: created.body.id as string, startTime };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
describe('a tournament’s Discord channel', () => {
  it('posts the start, the result, the round and the final standings, in the host’s language', async () => {
    const name = `Discord Cup ${randomUUID().slice(0, 6)}`;
    const { host, id, startTime } = await openTournament(name);
    const hook = newWebhook();
    const stranger = await verifiedUser();
    const refused = await call<Body>(`/discord/tournaments/${id}`, {
      token: stranger.token,
      method: 'PUT',
      body: { url: hook.url, language: 'fi-FI' },
    });
    expect(refused.status).toBe(403);
    const set = await call<Body>(`/discord/tournaments/${id}`, {
      token: host.token,
      method: 'PUT',
      body: { url: hook.url, language: 'fi-FI' },
    });
    expect(set).toMatchObject({ status: 200, body: { on: true, ending: 'tttt', language: 'fi-FI' } });
    // The host sees it on, and only the address's end.
    const shown = await call<Body>(`/discord/tournaments/${id}`, { token: host.token });
    expect(shown.body).toEqual({ on: true, offReason: null, ending: 'tttt', language: 'fi-FI' });
    expect((await call<Body>(`/discord/tournaments/${id}`, { token: stranger.token })).status).toBe(403);
    const [hello] = await eventually(
      () => postsTo(hook.id),
      (posts) => posts.length > 0,
    );
    const cup = name.replace(/-/g, '\\-');
    expect(hello).toContain(`Versus julkaisee turnauksen ${cup} tapahtumat täällä`);

    const players = await Promise.all(Array.from({ length: 4 }, () => verifiedUser(1000)));
    for (const player of players)
      expect((await call(`/tournaments/${id}/join`, { token: player.token, body: {} })).status).toBe(200);
    expect((await sweep(startTime, [id])).body).toMatchObject({ tournamentsStarted: 1 });
    const byUid = new Map(players.map((player) => [player.uid, player]));
    const named = (uid: string) => byUid.get(uid)!.displayName.replace(/_/g, '\\_');
    const results: string[] = [];
    // Eight places for four players: round 1 is byes, the semi-finals round 2, the final round 3.
    for (const round of [2, 3]) {
      const matches = (await matchesOf(id)).filter((match) => match.round === round && match.state === 'READY');
      for (const match of matches) {
        const [winner, loser] = match.participants as [string, string];
        for (const uid of [winner, loser])
          expect((await report(byUid.get(uid)!, id, match.id, winner)).status).toBe(200);
        results.push(`${cup}: **${named(winner)}** voitti, vastassa ${named(loser)}.`);
      }
    }
    expect(results).toHaveLength(3);
    // One message a commit, its events in order: the hello, the start, the first semi-final's result,
    // the second's with the round it completed, and the final's with its round and the standings.
    const posts = await eventually(
      () => postsTo(hook.id),
      (found) => found.length >= 5,
    );
    expect(posts, JSON.stringify(posts, null, 1)).toHaveLength(5);
    // The start names the bracket's first round as its page does: round 1 of byes is not drawn.
    expect(posts).toContainEqual(expect.stringContaining('alkoi, mukana 4 osallistujaa. Välierät ovat käynnissä.'));
    const [semi1, semi2, final] = results;
    expect(posts).toContain(semi1);
    expect(posts).toContain(`${semi2}\nVälierät on pelattu turnauksessa **${cup}**.`);
    expect(posts).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${escapeRegExp(`${final}\nFinaali on pelattu turnauksessa **${cup}**.\n🏆 **${cup}** on päättynyt. Lopputulokset:\n1. `)}.+: \\d+ kolikkoa\\n2\\. `,
        ),
      ),
    );
    // Nobody is pinged by a name: mentions are off in every post.
    const raw = (await (await fetch(`${STAND_IN}/discord?webhook=${hook.id}`)).json()) as Post[];
    expect(raw.every((post) => post.body.allowed_mentions.parse.length === 0 && post.body.username === 'Versus')).toBe(
      true,
    );
  });

  it('promises a points table its start and standings only, and links to its standings (record 170)', async () => {
    const name = `Discord Table ${randomUUID().slice(0, 6)}`;
    const { host, id, startTime } = await openTournament(name, { bracket: 'POINTS', payoutStructure: 'top-3' });
    const hook = newWebhook();
    const set = await call<Body>(`/discord/tournaments/${id}`, {
      token: host.token,
      method: 'PUT',
      body: { url: hook.url, language: 'en-GB' },
    });
    expect(set.status).toBe(200);
    const players = await Promise.all(Array.from({ length: 4 }, () => verifiedUser(1000)));
    for (const player of players)
      expect((await call(`/tournaments/${id}/join`, { token: player.token, body: {} })).status).toBe(200);
    expect((await sweep(startTime, [id])).body).toMatchObject({ tournamentsStarted: 1 });
    const table = name.replace(/-/g, '\\-');
    const posts = await eventually(
      () => postsTo(hook.id),
      (found) => found.length >= 2,
    );
    expect(posts.map((post) => post.split('\n')[0])).toEqual([
      `Versus will post ${table} here: its start and its final standings.`,
      `🏁 **${table}** has started with 4 entrants: they may now send their points.`,
    ]);
    expect(posts.every((post) => /\nStandings: http\S+\/tournaments\//.test(post))).toBe(true);
  });

  it('a webhook Discord refuses is switched off, and the host is told once', async () => {
    const { host, id } = await openTournament(`Gone Cup ${randomUUID().slice(0, 6)}`);
    const hook = newWebhook(`revoked${'x'.repeat(61)}`);
    expect(
      (
        await call(`/discord/tournaments/${id}`, {
          token: host.token,
          method: 'PUT',
          body: { url: hook.url, language: 'en-GB' },
        })
      ).status,
    ).toBe(200);
    const state = await eventually(
      async () => (await call<Body>(`/discord/tournaments/${id}`, { token: host.token })).body,
      (body) => body.on === false,
    );
    expect(state).toMatchObject({ on: false, offReason: 'refused' });
    expect(await postsTo(hook.id)).toEqual([]);
    expect(await notificationsOf(host.uid, 'TOURNAMENT_DISCORD_OFF')).toHaveLength(1);
    // A new webhook turns it on again; removing it stops the posts.
    const fresh = newWebhook();
    expect(
      (
        await call<Body>(`/discord/tournaments/${id}`, {
          token: host.token,
          method: 'PUT',
          body: { url: fresh.url, language: 'en-GB' },
        })
      ).body,
    ).toMatchObject({ on: true });
    await eventually(
      () => postsTo(fresh.id),
      (posts) => posts.length > 0,
    );
    expect(
      (await call<Body>(`/discord/tournaments/${id}`, { token: host.token, method: 'DELETE' })).body,
    ).toMatchObject({
      on: false,
    });
  });
});
