// npm run migrate [-- --production]
// Idempotent data migrations for data written before a change of shape: display-name skeleton keys
// (usernames/{sha256(skeleton)}, hardening issue), creator codes' entries (creator_codes/{code}),
// statistics, tournaments' name search tokens, held payouts' next send. The seed runs the same
// against the emulators.
import { adminForEmulators } from './lib/emulator-admin';

const production = process.argv.includes('--production');
adminForEmulators({ production });
// Imported after the environment is set so the functions code talks to the chosen Firestore.
const { backfillUsernames } = await import('../functions/src/users/service');
const names = await backfillUsernames(Date.now());
console.log(`display names: ${names.added} skeleton keys added, ${names.removed} old keys removed`);
if (names.clashes.length > 0)
  console.warn(`names that look alike (kept, for an admin to look at): ${names.clashes.join(', ')}`);

// Creator codes (issue #23): an entry in creator_codes/{code} for every creator made before them.
const { backfillCreatorCodes } = await import('../functions/src/creators/service');
const codes = await backfillCreatorCodes();
console.log(`creator codes: ${codes.added} entries added, ${codes.completed} given their creator's profile`);
if (codes.clashes.length > 0)
  console.warn(`creator codes held twice (the first creator keeps it): ${codes.clashes.join(', ')}`);

// Statistics (standing issue): per-user and per-month documents, trophies and badges, rebuilt from
// battles, tournaments and the ledger where the live figures differ (the old months map goes).
const { backfillStatistics, checkStatistics, readStatisticsSources } =
  await import('../functions/src/users/rebuild-statistics');
const before = checkStatistics(await readStatisticsSources());
if (before.length > 0)
  console.log(`statistics: ${await backfillStatistics(await readStatisticsSources())} documents rebuilt`);

// Name search by phrases (2026-11-28): every tournament's nameTokens as nameTokens makes them now.
const { backfillNameTokens } = await import('../functions/src/tournaments/search');
console.log(`tournament names: ${(await backfillNameTokens()).updated} given phrase search tokens`);

// Payouts PENDING from before 2026-11-27 (no nextSendAt): due now, for the sweeper to send again or
// leave for an admin's review (the admin page's "Withdrawals waiting for review").
const { releaseUnprovedGameAccounts } = await import('../functions/src/users/connections');
console.log(
  `game accounts: ${await releaseUnprovedGameAccounts()} linked by typing released (issue #58: sign in to link)`,
);
// Riot licences from before their countries (issue #58): the host's country.
const { backfillLicenceCountries } = await import('../functions/src/tournaments/joining');
console.log(`Riot licences: ${await backfillLicenceCountries()} given their host's country as their territory`);
const { backfillPayoutSends } = await import('../functions/src/wallet/payouts');
console.log(`payouts: ${(await backfillPayoutSends(Date.now())).scheduled} held ones given to the sweeper`);
// Notifications from before their expiry (record 91): removed NOTIFICATION_KEPT_DAYS after written.
const { backfillNotificationExpiry } = await import('../functions/src/notifications/notify');
console.log(`notifications: ${(await backfillNotificationExpiry()).updated} given their expiry`);
// Presence off the profile (record 93): each profile's lastSeen to users/{uid}/presence/seen.
const { movePresenceOffProfiles } = await import('../functions/src/users/presence');
console.log(`presence: ${(await movePresenceOffProfiles()).moved} profiles' lastSeen moved to their own document`);
// A room member's last open and sending window off the document the room listens to (record 94).
const { moveRoomStatesOffMembers } = await import('../functions/src/rooms/service');
console.log(`rooms: ${(await moveRoomStatesOffMembers()).moved} members' last open moved to their own state`);
// The admins' roster (record 126): an entry for each holder of the admin claim, none for anyone else.
const { backfillAdminRoster } = await import('../functions/src/users/admins');
const roster = await backfillAdminRoster(Date.now());
console.log(`admins' roster: ${roster.added} admins added, ${roster.removed} former admins removed`);
