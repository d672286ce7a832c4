import { randomUUID } from 'node:crypto';
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import type { TFunction } from 'i18next';
import { pendingDelivery, type DiscordEvent, type DiscordPost } from '@versus/domain/alerts/outbox';
import type { Locale } from '@versus/domain/platform/constants';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { notify } from '../notifications/notify';
import { db } from '../platform/firebase';
import { siteUrl } from './links';
import { alertTexts } from './texts';
import { discordPostRef, webhookRef } from './refs';

export { webhookRef };

/**
 * A tournament's Discord channel (issue #60): the host gives a channel webhook, and the start, each
 * round, each result and the final standings are posted there. Each post is an outbox document
 * written in the commit of its event and delivered like an alert (alerts/outbox). A webhook Discord
 * refuses (deleted: 401, 403, 404) is switched off, and the host is told.
 */

/** Locally DISCORD_API_BASE sends the same address to the stand-in (scripts/alerts-stand-in.mjs). */
function postUrl(url: string): string {
  const base = process.env.DISCORD_API_BASE;
  const path = new URL(url).pathname;
  return `${base ? base.replace(/\/$/, '') : 'https://discord.com'}${path}`;
}

/** In the event's commit: a post, when the tournament has a Discord channel. */
export function enqueueDiscord(tx: Transaction, tournament: Tournament, posts: DiscordEvent[], now: number): void {
  if (!tournament.discord || posts.length === 0) return;
  tx.create(discordPostRef(`discord_${tournament.id}_${now}_${randomUUID().slice(0, 8)}`), {
    channel: 'discord',
    tournament: { id: tournament.id, name: tournament.name },
    posts,
    ...pendingDelivery(now),
  });
}

/** Discord's markdown and mentions in a player's name are shown as typed. */
const plain = (name: string) => name.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');

/** One event's lines. */
function eventText(event: DiscordEvent, t: TFunction, tournament: string, url: string): string {
  // A points table's link leads to its standings; a bracket's to its bracket.
  const link = t('points' in event && event.points ? 'discord.link-points' : 'discord.link', { url });
  switch (event.event) {
    case 'hello':
      return `${t(event.points ? 'discord.hello-points' : 'discord.hello', { tournament })}\n${link}`;
    case 'start': {
      if (event.points) return `${t('discord.start-points', { tournament, count: event.entrants })}\n${link}`;
      // A bracket's first round by its page's name (the semi-finals of 4 entrants in 8 places; a
      // double elimination's winners round 1). No bracket of 4 or more starts at another stage.
      const named = event.stage === 'semi-final' || event.stage === 'winners-round';
      const opening = t(named ? `discord.start-stage.${event.stage}` : 'discord.start', {
        tournament,
        count: event.entrants,
        round: String(event.round ?? 1),
      });
      return `${opening}\n${link}`;
    }
    case 'round':
      // A bracket's round by its page's name; a plain 'round' (and a Swiss or round robin's) by number.
      return t(event.stage && event.stage !== 'round' ? `discord.stage.${event.stage}` : 'discord.round', {
        tournament,
        round: String(event.round),
      });
    case 'result': {
      const [first, second] = event.sides.map(plain) as [string, string];
      if (event.winner === null) return t('discord.both-out', { tournament, first, second });
      const winner = plain(event.winner);
      const loser = winner === first ? second : first;
      if (event.outcome === 'NO_SHOW')
        return t(event.seeded ? 'discord.no-show-seed' : 'discord.no-show', { tournament, winner, loser });
      // A series' score (2–1); a single game's 1–0 says nothing more.
      return event.score && Math.max(...event.score) > 1
        ? t('discord.result-score', {
            tournament,
            winner,
            loser,
            score: `${Math.max(...event.score)}–${Math.min(...event.score)}`,
          })
        : t('discord.result', { tournament, winner, loser });
    }
    case 'finish':
      return [
        t('discord.finish', { tournament }),
        ...event.places.map((place) =>
          t(place.coins > 0 ? 'discord.place-coins' : 'discord.place', { ...place, name: plain(place.name) }),
        ),
        link,
      ].join('\n');
  }
}

/** A message's text: its events' lines in order (one event on a document from before). */
export function discordText(post: DiscordPost, language: Locale | undefined): string {
  const t = alertTexts(language);
  const tournament = plain(post.tournament.name);
  const url = siteUrl(`/tournaments/${post.tournament.id}`, language);
  return (post.posts ?? (post.post ? [post.post] : [])).map((event) => eventText(event, t, tournament, url)).join('\n');
}

/** Posts one; 'gone' when Discord says the webhook no longer exists (or was never one). */
export async function sendDiscordPost(
  post: DiscordPost,
  language: Locale | undefined,
  url: string,
): Promise<'sent' | 'gone'> {
  const response = await fetch(postUrl(url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Nobody is pinged by a name that looks like a mention.
    body: JSON.stringify({
      content: discordText(post, language).slice(0, 2000),
      username: 'Versus',
      allowed_mentions: { parse: [] },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 401 || response.status === 403 || response.status === 404) return 'gone';
  if (!response.ok) throw new Error(`Discord answered ${response.status}`);
  return 'sent';
}

/** Discord refused the webhook: it is switched off (posts queued after find it off), and the host hears of it once. */
export async function switchOffWebhook(tournamentId: string, now: number): Promise<void> {
  await db.runTransaction(async (tx) => {
    const hook = (await tx.get(webhookRef(tournamentId))).data();
    if (!hook?.on) return;
    tx.update(webhookRef(tournamentId), { on: false, offReason: 'refused', updatedAt: now });
    notify(
      tx,
      hook.host,
      { type: 'TOURNAMENT_DISCORD_OFF', tournament: { id: tournamentId, name: hook.tournamentName }, isAdmin: true },
      now,
    );
  });
}

/** The webhook a post goes to, read with the post (a delivery's one read besides the claim). */
export const readWebhook = (tournamentId: string): Promise<DocumentSnapshot> => webhookRef(tournamentId).get();
