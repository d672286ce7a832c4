import type { DocumentData, FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Campaign } from '@versus/domain/campaigns/campaign';
import type { TournamentSettings } from '@versus/domain/tournaments/prize-caps';
import type { AppNotification } from '@versus/domain/notifications/types';
import { PRESENCE_DOC, type Presence } from '@versus/domain/users/presence';
import type { PrivateAccount, PublicProfile } from '@versus/domain/users/types';
import type {
  Creator,
  Escrow,
  LedgerEntry,
  PaymentOrder,
  Payout,
  PendingEarning,
  Product,
} from '@versus/domain/wallet/types';
import { db } from './firebase';
import { documentId } from './ids';

/** Reads a document as its domain type; writes pass through (the schemas checked them on the way in). */
export const typed = <T extends DocumentData>(): FirestoreDataConverter<T> => ({
  toFirestore: (data) => data as DocumentData,
  fromFirestore: (snapshot: QueryDocumentSnapshot) => snapshot.data() as T,
});

/**
 * Typed references to our documents, one place per shape (STYLE: mono-ts db-refs). Every id a
 * caller gave goes through documentId(): an impossible id is a 404 before Firestore sees it.
 */
export const profileRef = (uid: string) =>
  db.doc(`users/${documentId(uid, 'That user')}`).withConverter(typed<PublicProfile>());

/** users/{uid}/presence/seen: the heartbeat of a player's visible tabs (docs/decisions/0093). */
export const presenceRef = (uid: string) =>
  db.doc(`users/${documentId(uid, 'That user')}/presence/${PRESENCE_DOC}`).withConverter(typed<Presence>());

/** Every private account (users/{uid}/private/account) at once: the deletion sweep's due accounts. */
export const accountsGroup = () => db.collectionGroup('private').withConverter(typed<PrivateAccount>());

/** users/{uid}/private/account: e-mail, funds, popups and everything owner-only. */
export const accountRef = (uid: string) =>
  db.doc(`users/${documentId(uid, 'That account')}/private/account`).withConverter(typed<PrivateAccount>());

/** paypal_orders/{PayPal order id} */
export const ordersCollection = () => db.collection('paypal_orders').withConverter(typed<PaymentOrder>());
export const orderRef = (orderId: string) => ordersCollection().doc(documentId(orderId, 'That order'));

/** payouts/{id}: coins on their way to a PayPal account. */
export const payoutsCollection = () => db.collection('payouts').withConverter(typed<Payout>());
export const payoutRef = (payoutId: string) => payoutsCollection().doc(documentId(payoutId, 'That payout'));

/** products/{id}: the coin bundles. */
export const productRef = (productId: string) =>
  db.doc(`products/${documentId(productId, 'That coin bundle')}`).withConverter(typed<Product>());
export const productsCollection = () => db.collection('products').withConverter(typed<Product>());

/** creators/{uid}: a creator's code and earnings account. */
export const creatorRef = (uid: string) =>
  db.doc(`creators/${documentId(uid, 'That creator')}`).withConverter(typed<Creator>());
export const creatorsCollection = () => db.collection('creators').withConverter(typed<Creator>());
/**
 * creator_codes/{code}: whose a creator code is, read by id (a support, a purchase, a new code)
 * instead of a query on creators: one read the commit can guard, and no scan of the creators.
 * `active` follows the creator's (creators/service setCreatorCode keeps them together).
 * `displayName` and `ownerDeactivated` copy the creator's profile (their name never changes; the
 * deactivation, the restore and the deletion keep the flag), so a support needs no read of the
 * profile. Entries written before them lack both (`backfillCreatorCodes` fills them in).
 */
export interface CreatorCode {
  uid: string;
  active: boolean;
  displayName?: string;
  ownerDeactivated?: boolean;
}
export const creatorCodesCollection = () => db.collection('creator_codes').withConverter(typed<CreatorCode>());
export const creatorCodeRef = (code: string) => creatorCodesCollection().doc(documentId(code, 'That creator code'));
/** creators/{uid}/pending_earnings/{orderId}: a purchase's share, waiting to be settled (creators/earnings). */
export const pendingEarningsCollection = (uid: string) =>
  db.collection(`creators/${documentId(uid, 'That creator')}/pending_earnings`).withConverter(typed<PendingEarning>());
/** Every creator's pending earnings at once: the sweeper's due ones. */
export const pendingEarningsGroup = () => db.collectionGroup('pending_earnings').withConverter(typed<PendingEarning>());
export const pendingEarningRef = (uid: string, orderId: string) =>
  pendingEarningsCollection(uid).doc(documentId(orderId, 'That order'));

/**
 * escrows/{id}. Escrow ids are composed by the server from checked ids (e.g.
 * `battle-fee:{challenge}:{uid}`), never taken from a caller, so they skip the id check.
 */
export const escrowsCollection = () => db.collection('escrows').withConverter(typed<Escrow>());
export const escrowRef = (escrowId: string) => escrowsCollection().doc(escrowId);

/** settings/wallet */
export const walletSettingsRef = db.doc('settings/wallet');

/** settings/tournaments: the prize caps per game (issue #58). */
export const tournamentSettingsRef = db.doc('settings/tournaments').withConverter(typed<TournamentSettings>());

export const profilesCollection = () => db.collection('users').withConverter(typed<PublicProfile>());

/** usernames/{sha256(skeleton)}: one reservation per name skeleton (users/service). */
export interface UsernameReservation {
  uid: string;
  displayName: string;
  skeleton?: string;
  createdAt: number;
}
export const usernameRefByKey = (key: string) => db.doc(`usernames/${key}`).withConverter(typed<UsernameReservation>());
export const usernamesCollection = () => db.collection('usernames').withConverter(typed<UsernameReservation>());

/** A notification as stored: the app's fields and when Firestore's TTL policy removes it (record 91). */
export type StoredNotification = AppNotification & { expireAt: Date };
/** users/{uid}/notifications/{id} */
export const notificationsCollection = (uid: string) =>
  db.collection(`users/${documentId(uid, 'That user')}/notifications`).withConverter(typed<StoredNotification>());
/** Every player's notifications at once: a deletion's copies of a name (users/erase), the expiry backfill. */
export const notificationsGroup = () => db.collectionGroup('notifications').withConverter(typed<StoredNotification>());
export const notificationRef = (uid: string, id: string) =>
  notificationsCollection(uid).doc(documentId(id, 'That notification'));

/** ledger/{uid}:{reason}:{ref}: ids composed by the ledger itself. */
export const ledgerEntryRef = (entryId: string) => db.doc(`ledger/${entryId}`).withConverter(typed<LedgerEntry>());
export const ledgerCollection = () => db.collection('ledger').withConverter(typed<LedgerEntry>());

/** idempotency/{sha256}: stored answers of commands sent with an Idempotency-Key. */
export const idempotencyCollection = () => db.collection('idempotency');
export const idempotencyRef = (hash: string) => idempotencyCollection().doc(hash);

/** campaigns/{YYYY-MM}, its entries and the sharded battle counter (DESIGN §6 campaign). */
export const campaignRef = (month: string) => db.doc(`campaigns/${month}`).withConverter(typed<Campaign>());
export const campaignEntriesCollection = (month: string) => db.collection(`campaigns/${month}/entries`);
/** Every month's entries at once: a player's, for their data export. */
export const campaignEntriesGroup = () => db.collectionGroup('entries');
export const campaignEntryRef = (month: string, battleId: string, uid: string) =>
  db.doc(`campaigns/${month}/entries/${battleId}_${uid}`);
export const battleCountersCollection = () =>
  db.collection('counters/battles/shards').withConverter(typed<{ count?: number }>());
export const battleCounterShardRef = (shard: number) => battleCountersCollection().doc(String(shard));

/** admins/{uid}: the platform admins to tell when a battle waits for one (record 126); the claim decides. */
export interface AdminRosterEntry {
  uid: string;
  since: number;
}
export const adminsCollection = () => db.collection('admins').withConverter(typed<AdminRosterEntry>());
export const adminRosterRef = (uid: string) => adminsCollection().doc(documentId(uid, 'That user'));

/** New document ids, for commands that name a document before writing it. */
export const newPayoutId = () => db.collection('payouts').doc().id;
export const newPaymentIntentId = () => db.collection('paypal_orders').doc().id;

/**
 * gameAccounts/{platform}_{account id}: which Versus user a game account is linked to (issue #22:
 * one game account belongs to at most one user). Server only.
 */
export type GameAccountClaim = {
  uid: string;
  platform: 'riot' | 'steam';
  accountId: string;
  display: string;
  linkedAt: number;
  /** How the player proved it theirs (issue #58); absent on links typed before the sign-ins. */
  proof?: 'steam-openid' | 'riot-sign-on' | 'seed';
};
export const gameAccountsCollection = () => db.collection('gameAccounts').withConverter(typed<GameAccountClaim>());
export const gameAccountRef = (platform: 'riot' | 'steam', accountId: string) =>
  gameAccountsCollection().doc(`${platform}_${documentId(accountId, 'That game account')}`);

/** game_record_uses/{game}_{matchId}: which contest a game's record decided (platform/game-records). */
export interface GameRecordUse {
  game: string;
  matchId: string;
  contest: string;
  at: number;
}
export const gameRecordUsesCollection = () => db.collection('game_record_uses').withConverter(typed<GameRecordUse>());
