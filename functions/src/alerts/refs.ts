import type { DiscordPost, OutboxAlert, PushDevice, TournamentWebhook } from '@versus/domain/alerts/outbox';
import { typed } from '../platform/collections';
import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';

/** outbox/{uid}_{notification id}: alerts off the site (issue #60). */
export const outboxCollection = () => db.collection('outbox').withConverter(typed<OutboxAlert>());
export const outboxRef = (id: string) => outboxCollection().doc(documentId(id, 'That alert'));

/** users/{uid}/push_devices/{id}: the browsers where the player allowed pushes. */
export const pushDevicesCollection = (uid: string) =>
  db.collection(`users/${documentId(uid, 'That user')}/push_devices`).withConverter(typed<PushDevice>());

/** tournament_webhooks/{tournament id}: a tournament's Discord webhook, the server's alone. */
export const webhookRef = (tournament: string) =>
  db.doc(`tournament_webhooks/${documentId(tournament, 'That tournament')}`).withConverter(typed<TournamentWebhook>());

export const discordPostRef = (id: string) =>
  db.collection('outbox').withConverter(typed<DiscordPost>()).doc(documentId(id, 'That post'));
