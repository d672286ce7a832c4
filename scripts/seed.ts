// Idempotent demo data for the local stack (issue #2): run as often as you like.
import { adminForEmulators } from './lib/emulator-admin';

const { auth, db } = adminForEmulators();
// Imported after the emulator environment is set so the functions code talks to the emulators.
const { backfillUsernames, registerAccount } = await import('../functions/src/users/service');
const { DEFAULT_WALLET_SETTINGS, cheapestCentsPer100Coins, isPayoutRateSafe } =
  await import('../domain/src/wallet/economics');
const { applyBalanceChange } = await import('../functions/src/wallet/ledger');
const { setCreatorCode } = await import('../functions/src/creators/service');

const DEMO_PASSWORD = 'Versus-demo-1';
const clock = { now: () => Date.now() };

interface DemoUser {
  email: string;
  displayName: string;
  verified: boolean;
  coins: number;
  admin?: boolean;
  creatorCode?: string;
}

const DEMO_USERS: DemoUser[] = [
  { email: 'admin@versus.test', displayName: 'VersusAdmin', verified: true, coins: 0, admin: true },
  { email: 'creator@versus.test', displayName: 'VersusCreator', verified: true, coins: 5000, creatorCode: 'VERSUS' },
  ...Array.from({ length: 8 }, (_, index) => ({
    email: `player${index + 1}@versus.test`,
    displayName: `Player${index + 1}`,
    verified: true,
    coins: 5000,
  })),
  { email: 'rookie@versus.test', displayName: 'RookieGamer', verified: false, coins: 0 },
];

// Minor units (cents) per currency; DESIGN §5 bundles.
const PRODUCTS = [
  { id: 'coins-130', bucks: 130, prices: { USD: 129, EUR: 119 } },
  { id: 'coins-270', bucks: 270, prices: { USD: 259, EUR: 239 } },
  {
    id: 'coins-590',
    bucks: 590,
    prices: { USD: 549, EUR: 499 },
    offers: { 'en-GB': 'Popular', 'en-US': 'Popular', 'fi-FI': 'Suosittu' },
  },
  { id: 'coins-1260', bucks: 1260, prices: { USD: 1099, EUR: 999 } },
  {
    id: 'coins-2750',
    bucks: 2750,
    prices: { USD: 2299, EUR: 2099 },
    offers: { 'en-GB': 'Best value', 'en-US': 'Best value', 'fi-FI': 'Edullisin' },
  },
];

async function ensureUser(user: DemoUser): Promise<string> {
  const existing = await auth.getUserByEmail(user.email).catch(() => null);
  const uid =
    existing?.uid ??
    (
      await registerAccount(
        {
          email: user.email,
          password: DEMO_PASSWORD,
          displayName: user.displayName,
          firstName: 'Demo',
          lastName: user.displayName,
          country: 'FI',
          terms: true,
        },
        clock.now(),
      )
    ).uid;
  if (user.verified && !existing?.emailVerified) await auth.updateUser(uid, { emailVerified: true });
  if (user.admin) await auth.setCustomUserClaims(uid, { admin: true });
  if (user.creatorCode) await setCreatorCode(uid, user.creatorCode, clock.now());
  if (user.coins > 0) {
    // The ledger entry id makes the grant apply once, however often the seed runs.
    await db.runTransaction((tx) =>
      applyBalanceChange(tx, { uid, delta: user.coins, reason: 'seed-grant', ref: 'demo' }, clock.now()),
    );
  }
  return uid;
}

async function seed(): Promise<void> {
  // DESIGN §5: buying and withdrawing must never make money, so the payout rate stays below the
  // cheapest coin in every currency; the seed refuses to write a rate that does not.
  const settings = { ...DEFAULT_WALLET_SETTINGS };
  for (const currency of ['EUR', 'USD']) {
    const cheapest = cheapestCentsPer100Coins(
      PRODUCTS.map((product) => ({ ...product, active: true })),
      currency,
    );
    if (!isPayoutRateSafe(settings.payoutCentsPer100Coins, cheapest)) {
      throw new Error(
        `payout rate ${settings.payoutCentsPer100Coins} cents per 100 coins is not below the cheapest ${currency} bundle (${cheapest?.toFixed(2)})`,
      );
    }
  }
  await db.doc('settings/wallet').set(settings);
  const batch = db.batch();
  for (const { id, ...product } of PRODUCTS)
    batch.set(db.doc(`products/${id}`), { offers: {}, ...product, active: true });
  await batch.commit();
  for (const user of DEMO_USERS) await ensureUser(user);
  const names = await backfillUsernames(clock.now());
  if (names.added + names.removed > 0)
    console.log(`display names: ${names.added} skeleton keys added, ${names.removed} old keys removed`);
  if (names.clashes.length > 0) console.warn(`display names that look alike: ${names.clashes.join(', ')}`);
}

await seed();
console.log(`seeded ${DEMO_USERS.length} demo users, ${PRODUCTS.length} coin products and wallet settings`);
