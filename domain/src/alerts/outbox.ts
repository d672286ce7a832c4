import type { AppNotification } from '../notifications/types';
import type { AlertKind } from './alerts';
import type { RoundStage } from '../tournaments/round-labels';

/** An outbox document's delivery (issue #60): every alert and Discord post has one. */
export interface OutboxDelivery {
  /** PENDING until every channel it goes to has it; FAILED after the last attempt. */
  state: 'PENDING' | 'DONE' | 'FAILED';
  /** When the sweeper may try it (again). */
  due: number;
  attempts: number;
  /** A delivery in progress holds it until then. */
  leaseUntil: number;
  /** When each channel had it: `email`, `push:{device id}` per device, `discord`. */
  sent: Record<string, number>;
  lastError?: string;
  createdAt: number;
}

/** A delivery not tried yet, due at once. */
export const pendingDelivery = (now: number): OutboxDelivery => ({
  state: 'PENDING',
  due: now,
  attempts: 0,
  leaseUntil: 0,
  sent: {},
  createdAt: now,
});

/** outbox/{uid}_{notification id}: an alert off the site waiting for, or past, its delivery. */
export interface OutboxAlert extends OutboxDelivery {
  channel?: undefined;
  uid: string;
  kind: AlertKind;
  /** The notification it repeats (users/{uid}/notifications/{id}), and what that says. */
  notification: string;
  content: Omit<AppNotification, 'uid' | 'viewed' | 'createdAt'>;
}

/** users/{uid}/push_devices/{sha256 of the endpoint}: a browser that allowed pushes. */
export interface PushDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The language the device's alerts are written in (the app's when it subscribed). */
  language?: string;
  createdAt: number;
}

/**
 * What a tournament's Discord channel is told (issue #60); names are the entrants' as shown.
 * `points`: a points table's (record 170), which has no rounds or results to post: its hello promises
 * the start and the standings, its start asks for points, and its link is to the standings.
 */
export type DiscordEvent =
  | { event: 'hello'; points?: true }
  /** A bracket's start names its first round as the page does (`round`, `stage`: roundLabel). */
  | { event: 'start'; entrants: number; round?: number; stage?: RoundStage; points?: true }
  /** An elimination bracket's round: its drawn number and its stage (domain's roundLabel), as its page names it. */
  | { event: 'round'; round: number; stage?: RoundStage }
  | {
      event: 'result';
      winner: string | null;
      sides: [string, string];
      score?: [number, number] | null;
      outcome?: string | null;
      /** NO_SHOW with neither side in: the winner went through as the higher seed. */
      seeded?: boolean;
    }
  | { event: 'finish'; places: { place: number; name: string; coins: number }[]; points?: true };

/**
 * outbox/discord_{tournament}_{…}: a message to the tournament's Discord channel, written in the commit
 * of its events: all of a commit's, in the order they happened (a result, the round it completed,
 * the standings), so no delivery can post a round before its result. `post`: one event, as documents
 * from before 2026-12-02 have it.
 */
export interface DiscordPost extends OutboxDelivery {
  channel: 'discord';
  tournament: { id: string; name: string };
  posts?: DiscordEvent[];
  post?: DiscordEvent;
}

/** tournament_webhooks/{tournament id}: the host's Discord webhook (a secret: anyone with it may post). */
export interface TournamentWebhook {
  url: string;
  /** The language the posts are written in (the host's when they set it). */
  language: string;
  on: boolean;
  /** Why it was switched off: Discord refused it (`refused`). */
  offReason?: string | null;
  /** Whom to tell when Discord refuses it, and about what. */
  host: string;
  tournamentName: string;
  updatedAt: number;
}
