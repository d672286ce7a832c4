import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { logger } from 'firebase-functions';
import {
  DocumentReference,
  GeoPoint,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type QuerySnapshot,
} from 'firebase-admin/firestore';
import { zipSync, strToU8, type Zippable } from 'fflate';
import {
  DATA_EXPORT_ATTEMPTS,
  DATA_EXPORT_BUILD_LEASE_MS,
  DATA_EXPORT_LIFETIME_MS,
  isDataExportToken,
  nextDataExportAt,
  type DataExport,
} from '@versus/domain/users/data-export';
import { isDocumentId } from '@versus/domain/platform/ids';
import type { Locale } from '@versus/domain/platform/constants';
import { HttpError, notFound } from '../errors/http-error';
import { UPLOAD_FOLDERS, archivePath, archiveStore, blobStore } from '../platform/blob-store';
import { db } from '../platform/firebase';
import {
  creatorCodesCollection,
  creatorRef,
  campaignEntriesGroup,
  escrowsCollection,
  idempotencyCollection,
  ledgerCollection,
  ordersCollection,
  payoutsCollection,
  pendingEarningsCollection,
  profileRef,
  gameAccountsCollection,
  typed,
  usernamesCollection,
} from '../platform/collections';
import { battlesCollection, challengesCollection } from '../battles/refs';
import { memberStatesGroup, membersGroup, messagesGroup } from '../rooms/refs';
import { invitesGroup, matchesCollection, partyRef, pointsRef, tournamentsCollection } from '../tournaments/refs';
import { monthlyPlayersGroup, playerStatisticsRef } from './statistics';
import { notify } from '../notifications/notify';
import { readableTimes, readmeText } from './data-export-readme';

/**
 * "Download my data" (issue #58; docs/decisions/0064-data-export.md). A request marks
 * data_exports/{uid} PENDING; the sweeper builds the archive (a ZIP: one JSON file per kind of
 * document about the player, their uploaded files beside them), stores it where only the API reads
 * it and marks it READY with a random token; the link carrying the token works for a week.
 */

export const exportsCollection = () => db.collection('data_exports').withConverter(typed<DataExport>());
export const exportRef = (uid: string) => exportsCollection().doc(uid);
const BATCH = 10;

export const exportTooSoon = (waitMs: number) => {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpError(
    429,
    `You asked for your data less than a day ago. Ask again in ${Math.ceil(retryAfter / 3600)} h.`,
    'export-too-soon',
    undefined,
    { retryAfter, hours: Math.ceil(retryAfter / 3600) },
  );
};
const exportExpired = () =>
  new HttpError(410, 'This link has expired. Ask for your data again in Settings.', 'export-expired');

/** POST /profile/dataExport: asks for an archive; once a day (a failed one may be asked for again). */
export async function requestDataExport(uid: string, now: number): Promise<Pick<DataExport, 'state' | 'requestedAt'>> {
  const asked = await db.runTransaction(async (tx) => {
    const [record, profile] = await Promise.all([tx.get(exportRef(uid)), tx.get(profileRef(uid))]);
    // A deleted account (a token still valid for its last hour) asks for nothing.
    if (!profile.exists || profile.get('anonymised') === true) throw notFound('Your account');
    const current = record.data() ?? null;
    // Asked again while it is being prepared (a second tab, a double click): the same request.
    if (current && (current.state === 'PENDING' || current.state === 'BUILDING'))
      return { state: current.state, requestedAt: current.requestedAt, replaced: null };
    const next = nextDataExportAt(current);
    if (next > now) throw exportTooSoon(next - now);
    tx.set(exportRef(uid), {
      uid,
      state: 'PENDING',
      requestedAt: now,
      buildId: null,
      claimedAt: null,
      attempts: 0,
      token: null,
      path: null,
      bytes: null,
      counts: null,
      readyAt: null,
      expiresAt: null,
    });
    return { state: 'PENDING' as const, requestedAt: now, replaced: current?.path ?? null };
  });
  // The archive asked for before goes now: a new one replaces it, and a failed one leaves none behind.
  if ('replaced' in asked && asked.replaced) await archiveStore().remove(asked.replaced);
  return { state: asked.state, requestedAt: asked.requestedAt };
}

/** A Firestore value as JSON: times as ISO 8601, references as their paths. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof DocumentReference) return value.path;
  if (value instanceof GeoPoint) return { latitude: value.latitude, longitude: value.longitude };
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, plain(item)]),
    );
  return value;
}

export interface ArchivedDocument {
  path: string;
  data: unknown;
}
const rowsOf = (snapshots: QuerySnapshot[]): ArchivedDocument[] => {
  const seen = new Map<string, ArchivedDocument>();
  for (const snapshot of snapshots)
    for (const doc of snapshot.docs) seen.set(doc.ref.path, { path: doc.ref.path, data: plain(doc.data()) });
  return [...seen.values()].sort((a, b) => a.path.localeCompare(b.path));
};
const rowOf = (doc: { exists: boolean; ref: { path: string }; data(): DocumentData | undefined }) =>
  doc.exists ? [{ path: doc.ref.path, data: plain(doc.data()) }] : [];

type Entrant = { id: string; uid?: string; members?: { uid: string }[] };

/** The player's part of each tournament they are in: their matches, points and party. */
async function tournamentParts(uid: string, tournaments: QuerySnapshot) {
  const parts = await Promise.all(
    tournaments.docs.map(async (tournament) => {
      const entrants = ((tournament.get('participants') as Entrant[] | undefined) ?? [])
        .filter((entrant) => entrant.uid === uid || entrant.members?.some((member) => member.uid === uid))
        .map((entrant) => entrant.id)
        .slice(0, 10);
      const party = (tournament.get('usersInParties') as Record<string, string> | undefined)?.[uid];
      const [matches, points, parties] = await Promise.all([
        entrants.length > 0
          ? matchesCollection(tournament.id).where('participants', 'array-contains-any', entrants).get()
          : null,
        entrants.length > 0 ? db.getAll(...entrants.map((id) => pointsRef(tournament.id, id))) : [],
        party && isDocumentId(party) ? partyRef(tournament.id, party).get() : null,
      ]);
      return {
        matches: matches ? rowsOf([matches]) : [],
        points: points.flatMap(rowOf),
        parties: parties ? rowOf(parties) : [],
      };
    }),
  );
  return {
    tournament_matches: parts.flatMap((part) => part.matches),
    tournament_points: parts.flatMap((part) => part.points),
    tournament_parties: parts.flatMap((part) => part.parties),
  };
}

/** The player's own lists, each a section of the archive even when empty. */
const ALWAYS_LISTED = ['notifications', 'followers', 'following', 'history'] as const;

/**
 * Every document about the player, by section (the archive's file names). What lies under
 * users/{uid} is listed, not named, so a collection added there later is in the archive too.
 */
export async function collectPlayerData(uid: string): Promise<Record<string, ArchivedDocument[]>> {
  const user = profileRef(uid);
  const byUid = <T extends DocumentData>(collection: CollectionReference<T>) =>
    collection.where('uid', '==', uid).get();
  const [profile, own, statistics, months, creator, earnings, ...queries] = await Promise.all([
    user.get(),
    user
      .listCollections()
      .then((collections) =>
        Promise.all(collections.map(async (collection) => [collection.id, await collection.get()] as const)),
      ),
    playerStatisticsRef(uid).get(),
    monthlyPlayersGroup().where('uid', '==', uid).get(),
    creatorRef(uid).get(),
    pendingEarningsCollection(uid).get(),
    byUid(ledgerCollection()),
    byUid(ordersCollection()),
    byUid(payoutsCollection()),
    byUid(escrowsCollection()),
    byUid(idempotencyCollection()),
    byUid(usernamesCollection()),
    byUid(gameAccountsCollection()),
    byUid(creatorCodesCollection()),
    campaignEntriesGroup().where('uid', '==', uid).get(),
    challengesCollection().where('participants', 'array-contains', uid).get(),
    battlesCollection().where('participants', 'array-contains', uid).get(),
    tournamentsCollection().where('uid', '==', uid).get(),
    tournamentsCollection().where('memberUids', 'array-contains', uid).get(),
    invitesGroup().where('uid', '==', uid).get(),
    messagesGroup().where('sender.uid', '==', uid).get(),
    membersGroup().where('uid', '==', uid).get(),
    memberStatesGroup().where('uid', '==', uid).get(),
  ]);
  // The follow pairs (the server's record of who follows whom between two players) are left out:
  // they hold the other player's follows too; the player's own lists are users_followers and users_following.
  const [ledger, orders, payouts, escrows, idempotency, usernames, gameAccounts, codes, entries] = queries;
  const [challenges, battles, hosted, joined, invites, messages, members, states] = queries.slice(9);
  const sections: Record<string, ArchivedDocument[]> = {
    profile: rowOf(profile),
    statistics: [...rowOf(statistics), ...rowsOf([months])],
    ledger: rowsOf([ledger!]),
    payments: rowsOf([orders!]),
    payouts: rowsOf([payouts!]),
    escrows: rowsOf([escrows!]),
    stored_answers: rowsOf([idempotency!]),
    display_names: rowsOf([usernames!]),
    game_accounts: rowsOf([gameAccounts!]),
    creator: [...rowOf(creator), ...rowsOf([earnings, codes!])],
    campaign_entries: rowsOf([entries!]),
    battle_challenges: rowsOf([challenges!]),
    battles: rowsOf([battles!]),
    tournaments: rowsOf([hosted!, joined!]),
    tournament_invites: rowsOf([invites!]),
    chat_messages: rowsOf([messages!]),
    chat_rooms: rowsOf([members!, states!]),
    ...(await tournamentParts(uid, joined!)),
  };
  for (const [name, collection] of own) sections[`users_${name}`] = rowsOf([collection]);
  // The lists the privacy page names are there when empty too: a new player's archive had no
  // notifications at all, which read as left out (record 179). Firestore lists no empty collection.
  for (const name of ALWAYS_LISTED) sections[`users_${name}`] ??= [];
  return sections;
}

/**
 * The archive: README.txt (what each file holds, in the player's language), manifest.json, one
 * {section}.json each, its times as ISO 8601, and uploads/{path} for every file.
 */
async function buildArchive(uid: string, now: number) {
  const sections = await collectPlayerData(uid);
  const account = sections.users_private?.find((row) => row.path.endsWith('/private/account'))?.data as
    { alerts?: { language?: Locale } } | undefined;
  const uploads = (await Promise.all(UPLOAD_FOLDERS.map((folder) => blobStore().list(`${folder}/${uid}/`)))).flat();
  const files: Zippable = {};
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const counts: Record<string, number> = {};
  for (const [name, rows] of Object.entries(sections)) {
    files[`${name}.json`] = json(rows.map((row) => ({ path: row.path, data: readableTimes(row.data) })));
    counts[name] = rows.length;
  }
  for (const path of uploads) {
    const blob = await blobStore().read(path);
    // Already compressed images: stored as they are.
    if (blob) files[`uploads/${path}`] = [new Uint8Array(blob.data), { level: 0 }];
  }
  counts.uploads = uploads.length;
  files['README.txt'] = strToU8(readmeText(account?.alerts?.language, Object.keys(sections), now));
  files['manifest.json'] = json({
    format: 'versus-data-export',
    // 2: times as ISO 8601 (1 had milliseconds since 1970), and a README.
    version: 2,
    uid,
    generatedAt: new Date(now).toISOString(),
    sections: counts,
    uploads: uploads.map((path) => `uploads/${path}`),
  });
  return { zip: zipSync(files, { level: 6 }), counts };
}

/** Builds one archive if it is due (PENDING, or a build whose lease ran out); true when it became READY. */
export async function buildDataExport(uid: string, now: number): Promise<boolean> {
  const ref = exportRef(uid);
  const buildId = exportsCollection().doc().id;
  const claimed = await db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    const due =
      current?.state === 'PENDING' ||
      (current?.state === 'BUILDING' && (current.claimedAt ?? 0) <= now - DATA_EXPORT_BUILD_LEASE_MS);
    if (!current || !due) return false;
    // A build that died (out of memory or time) never reached its catch: its lease ran out instead.
    if ((current.attempts ?? 0) >= DATA_EXPORT_ATTEMPTS) {
      tx.update(ref, { state: 'FAILED', buildId: null, claimedAt: null });
      return false;
    }
    tx.update(ref, { state: 'BUILDING', buildId, claimedAt: now, attempts: (current.attempts ?? 0) + 1 });
    return true;
  });
  if (!claimed) return false;
  const path = archivePath(uid, buildId);
  try {
    const { zip, counts } = await buildArchive(uid, now);
    await archiveStore().save(path, zip);
    const token = randomBytes(32).toString('base64url');
    const done = await db.runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data();
      // A new request or a later build took it meanwhile: this archive is nobody's.
      if (current?.state !== 'BUILDING' || current.buildId !== buildId) return false;
      tx.update(ref, {
        state: 'READY',
        buildId: null,
        claimedAt: null,
        token,
        path,
        bytes: zip.byteLength,
        counts,
        readyAt: now,
        expiresAt: now + DATA_EXPORT_LIFETIME_MS,
      });
      notify(tx, uid, { type: 'DATA_EXPORT_READY' }, now);
      return true;
    });
    // The player's earlier archives go; a lost build's own file goes, and nothing else.
    if (done) await archiveStore().removeAll(uid, path);
    else await archiveStore().remove(path);
    return done;
  } catch (error) {
    logger.error('data export failed', { uid, error: String(error) });
    await archiveStore().remove(path);
    await db.runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data();
      if (current?.state !== 'BUILDING' || current.buildId !== buildId) return;
      const failed = (current.attempts ?? 0) >= DATA_EXPORT_ATTEMPTS;
      tx.update(ref, { state: failed ? 'FAILED' : 'PENDING', buildId: null, claimedAt: null });
    });
    return false;
  }
}

/** A READY archive past its week: the file goes; the token stays, so its link answers 410. */
export async function expireDataExport(uid: string, now: number): Promise<boolean> {
  const expired = await db.runTransaction(async (tx) => {
    const current = (await tx.get(exportRef(uid))).data();
    if (current?.state !== 'READY' || (current.expiresAt ?? Infinity) > now) return null;
    tx.update(exportRef(uid), { state: 'EXPIRED', path: null, expiresAt: null });
    return current.path;
  });
  if (expired) await archiveStore().remove(expired);
  return expired !== null;
}

/** The sweeper's part: archives asked for are built, and those past their week removed. */
export async function sweepDataExports(now: number, scope: { all?: boolean; exports?: string[] }) {
  let building: string[];
  let expiring: string[];
  if (scope.all) {
    const exports = exportsCollection();
    // Two queries a sweep (each at least one billed read): asked for or being built, and past their week.
    const [asked, expired] = await Promise.all([
      exports
        .where('state', 'in', ['PENDING', 'BUILDING'])
        .limit(BATCH * 2)
        .get(),
      exports
        .where('expiresAt', '<=', now)
        .limit(BATCH * 5)
        .get(),
    ]);
    building = asked.docs
      .filter(
        (doc) => doc.get('state') === 'PENDING' || (doc.get('claimedAt') ?? 0) <= now - DATA_EXPORT_BUILD_LEASE_MS,
      )
      .slice(0, BATCH)
      .map((doc) => doc.id);
    expiring = expired.docs.map((doc) => doc.id);
  } else {
    building = expiring = (scope.exports ?? []).filter(isDocumentId);
  }
  let exportsBuilt = 0;
  let exportsExpired = 0;
  // One at a time: an archive holds a player's every document in memory while it is written.
  for (const uid of building) if (await buildDataExport(uid, now)) exportsBuilt += 1;
  for (const uid of expiring) if (await expireDataExport(uid, now)) exportsExpired += 1;
  return { exportsBuilt, exportsExpired };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /dataExports/{uid}/{token}: the archive, for whoever holds the link (the token is 256
 * random bits); 404 for a wrong or replaced link, 410 once the week is over.
 */
export async function readDataExport(uid: string, token: string, now: number) {
  if (!isDocumentId(uid) || !isDataExportToken(token)) throw notFound('That archive');
  const current = (await exportRef(uid).get()).data();
  if (!current?.token || !timingSafeEqual(digest(current.token), digest(token))) throw notFound('That archive');
  if (current.state !== 'READY' || !current.path || (current.expiresAt ?? 0) <= now) throw exportExpired();
  const data = await archiveStore().read(current.path);
  if (!data) throw exportExpired();
  return { data, readyAt: current.readyAt ?? now };
}

/** The deletion job: the player's archive and its record go with the account. */
export async function removeDataExport(uid: string): Promise<void> {
  await archiveStore().removeAll(uid);
  await exportRef(uid).delete();
}
