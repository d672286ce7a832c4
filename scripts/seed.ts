// Idempotent demo data for the local stack (issue #2): run as often as you like.
import type { Game } from '../domain/src/games/games';
import { adminForEmulators } from './lib/emulator-admin';
import { functionEnv } from './lib/stack.mjs';

const { auth, db } = adminForEmulators();
// The functions' local configuration (the game-record stand-in's address and key), as the host has it.
for (const [key, value] of Object.entries(functionEnv() as Record<string, string>)) process.env[key] ??= value;
// Imported after the emulator environment is set so the functions code talks to the emulators.
const { backfillUsernames, registerAccount } = await import('../functions/src/users/service');
const { DEFAULT_WALLET_SETTINGS, cheapestCentsPer100Coins, isPayoutRateSafe } =
  await import('../domain/src/wallet/economics');
const { applyBalanceChange } = await import('../functions/src/wallet/ledger');
const { backfillCreatorCodes, setCreatorCode } = await import('../functions/src/creators/service');
const { createTournament } = await import('../functions/src/tournaments/tournaments');
const { cancelTournament } = await import('../functions/src/tournaments/ending');
const { joinTournament } = await import('../functions/src/tournaments/joining');
const { createParty, inviteToParty, joinParty, partyReady } = await import('../functions/src/tournaments/parties');
const { startTournament } = await import('../functions/src/tournaments/start');
const { reportMatch } = await import('../functions/src/tournaments/play');
const { blobStore } = await import('../functions/src/platform/blob-store');
const { backfillNameTokens } = await import('../functions/src/tournaments/search');
const { backfillPayoutSends } = await import('../functions/src/wallet/payouts');
const { createChallenge, acceptChallenge } = await import('../functions/src/battles/challenges');
const { submitWinner, confirmResult } = await import('../functions/src/battles/battles');
const { backfillStatistics, checkStatistics, readStatisticsSources } =
  await import('../functions/src/users/rebuild-statistics');
const { linkVerifiedGameAccount } = await import('../functions/src/users/connections');
const { publishPlatformFigures } = await import('../functions/src/users/statistics');
const { setPlatformAdmin } = await import('../functions/src/users/admins');

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
    offers: { 'en-GB': 'Best value', 'en-US': 'Best value', 'fi-FI': 'Paras hinta' },
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
        // Joined a month ago: before the battles seeded ten days back ("Joined" after them read wrong).
        clock.now() - 30 * 24 * HOUR,
      )
    ).uid;
  if (user.verified && !existing?.emailVerified) await auth.updateUser(uid, { emailVerified: true });
  // The claim, and the roster that tells the admins of a battle waiting for them (record 126).
  if (user.admin) await setPlatformAdmin(uid, true, clock.now());
  if (user.creatorCode) await setCreatorCode(uid, user.creatorCode, clock.now());
  if (user.coins > 0) {
    // The ledger entry id makes the grant apply once, however often the seed runs.
    // Stamped when the player joined, before the battles seeded ten days back: the coin history's
    // dates then read as the order things happened (record 108).
    await db.runTransaction((tx) =>
      applyBalanceChange(
        tx,
        { uid, delta: user.coins, reason: 'seed-grant', ref: 'demo' },
        clock.now() - 30 * 24 * HOUR + 60_000,
      ),
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
  const uids = new Map<string, string>();
  for (const user of DEMO_USERS) uids.set(user.displayName, await ensureUser(user));
  await linkGameAccounts((name) => uids.get(name)!);
  // Battles first: they are stamped ten days back, the tournaments now (a ledger entry is never
  // stamped before its balance's last one, so the other order would date the battles' rows today).
  const battles = await seedBattles((name) => uids.get(name)!);
  const tournaments = await seedTournaments((name) => uids.get(name)!);
  // The seeded results are the demo's past: its players saw them before the demo's first visit, so
  // a first sign-in does not open with a queue of result popups (a result played now shows its own).
  if (battles || tournaments) {
    const batch = db.batch();
    for (const uid of uids.values()) batch.update(db.doc(`users/${uid}/private/account`), { popups: [] });
    await batch.commit();
  }
  // Data from before statistics were kept (an older export): rebuilt once, then kept by the commands.
  if (checkStatistics(await readStatisticsSources()).length > 0) {
    const written = await backfillStatistics(await readStatisticsSources());
    console.log(`statistics: rebuilt from battles, tournaments and the ledger (${written} documents)`);
  }
  const names = await backfillUsernames(clock.now());
  if (names.added + names.removed > 0)
    console.log(`display names: ${names.added} skeleton keys added, ${names.removed} old keys removed`);
  if (names.clashes.length > 0) console.warn(`display names that look alike: ${names.clashes.join(', ')}`);
  // Creators from before creator_codes (an older export): their codes' entries.
  const codes = await backfillCreatorCodes();
  if (codes.added + codes.completed > 0)
    console.log(`creator codes: ${codes.added} entries added, ${codes.completed} given their creator's profile`);
  if (codes.clashes.length > 0) console.warn(`creator codes held twice (the first kept): ${codes.clashes.join(', ')}`);
  // Tournaments from before phrase search (an older export): their names' tokens as made now.
  const tokens = await backfillNameTokens();
  if (tokens.updated > 0) console.log(`tournament names: ${tokens.updated} given phrase search tokens`);
  // Payouts held from before the sweeper sent them again (an older export): due now.
  const held = await backfillPayoutSends(clock.now());
  if (held.scheduled > 0) console.log(`payouts: ${held.scheduled} held ones given to the sweeper`);
  // The landing page's figures, as the sweeper publishes them every minute (before its first sweep).
  await publishPlatformFigures(clock.now());
}

const HOUR = 3_600_000;

/**
 * The demo players' League of Legends and Dota 2 accounts (issue #22): made in the game stand-in
 * (PlayerN#EUW, Steam account 10000N), then linked as a player links them; Guest1–6#EUW and Steam
 * accounts 100101–100106 are left for new players. The stand-in keeps its accounts in memory, so
 * they are made again on every start; without the stand-in, nothing is linked.
 */
async function linkGameAccounts(uid: (name: string) => string): Promise<void> {
  const base = process.env.RIOT_API_BASE ?? 'http://127.0.0.1:5011';
  const sandbox = (path: string, body: unknown) =>
    fetch(`${base}/__sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  try {
    for (let index = 1; index <= 8; index += 1) {
      await sandbox('/riot/accounts', { gameName: `Player${index}`, tagLine: 'EUW' });
      await sandbox('/dota/accounts', { accountId: 100_000 + index, personaname: `Player${index}` });
    }
    // Accounts nobody has linked, for a player who signs up (all the demo players' were taken: a
    // walk could not link a game at all; record 183). Made last, they head the stand-ins' pages.
    for (let index = 1; index <= 6; index += 1) {
      await sandbox('/riot/accounts', { gameName: `Guest${index}`, tagLine: 'EUW' });
      await sandbox('/dota/accounts', { accountId: 100_100 + index, personaname: `Guest${index}` });
    }
  } catch {
    console.warn(`game stand-in not reachable at ${base}: demo players' game accounts not linked`);
    return;
  }
  for (let index = 1; index <= 8; index += 1) {
    const player = uid(`Player${index}`);
    await linkVerifiedGameAccount(player, 'riot', `Player${index}#EUW`, clock.now(), 'seed');
    // The seed vouches for its own players' Steam accounts; a player signs in to Steam (issue #58).
    await linkVerifiedGameAccount(player, 'steam', String(100_000 + index), clock.now(), 'seed');
  }
  console.log('linked the demo players to their stand-in League of Legends and Dota 2 accounts');
}

/** Both sides of a ready match report that its first side won: the result stands. */
async function bothReportFirstWon(tournament: string, match: FirebaseFirestore.DocumentSnapshot, at: number) {
  const [first, second] = match.get('participants') as [string, string];
  await reportMatch(first, tournament, match.id, first, undefined, at);
  await reportMatch(second, tournament, match.id, first, undefined, at);
}

/**
 * A handful of tournaments in different states, so a new user sees a living list: open paid and
 * free ones, a team tournament with parties, one about to open check-in, one in play (a match
 * decided, one waiting for an answer), a double elimination and a paid Swiss of best-of-three
 * matches in play, one finished, one cancelled. Seeded once: skipped when the demo host already hosts any.
 */
async function seedTournaments(uid: (name: string) => string): Promise<boolean> {
  const host = uid('VersusCreator');
  const existing = await db.collection('tournaments').where('uid', '==', host).limit(1).get();
  if (!existing.empty) return false;
  const now = clock.now();
  const base = {
    region: 'EU',
    // A paid Riot game's tournament in the EU carries the host's Riot licence (issue #58); ignored otherwise.
    riotLicence: 'EUR-DEMO-0001',
    riotLicenceCountries: ['FI', 'SE', 'DK', 'NO', 'IS'],
    platform: ['PC'],
    gameFormat: 'SOLO',
    teamSize: 1,
    size: 8,
    bracket: 'ELIMINATION',
    entryFee: 0,
    payoutStructure: 'winner-takes-all',
    rules:
      'Best of one. Report your result when the game ends, and keep a screenshot: a dispute asks for one. Be on time: check-in closes at the start.',
    timeZone: 'Europe/Helsinki',
    coverImage: null,
    terms: true,
  };
  const coverUrl = (path: string) => blobStore().urlOf(path);
  const make = async (hostUid: string, input: Record<string, unknown>, at = now) =>
    (await createTournament(hostUid, { ...base, ...input } as never, coverUrl, at)).id;
  const players = (count: number) => Array.from({ length: count }, (_, index) => uid(`Player${index + 1}`));
  /**
   * A tournament already under way or played: created 20 minutes before its start, which is `ago`
   * (creation needs a start ahead of it), joined 10 minutes before it (checked in at once), started
   * by the sweeper's logic then, and played after it, so that its matches, history and notices read
   * in the order they happened, before now (a walk read a host's decision as older than the match
   * before it, played on a clock ahead of now).
   */
  const playedFrom = async (hostUid: string, input: Record<string, unknown>, joined: number, ago: number) => {
    const started = now - ago;
    const id = await make(hostUid, { ...input, startTime: started }, started - 20 * 60_000);
    for (const player of players(joined)) await joinTournament(player, id, started - 10 * 60_000);
    await startTournament(id, started);
    return { id, started };
  };

  const valorant = await make(host, {
    game: 'valorant',
    name: 'VALORANT Night Cup',
    description: 'Sixteen players, single elimination, best of one on a random map. Prize for the winner.',
    size: 16,
    entryFee: 130,
    startTime: now + 3 * 24 * HOUR,
  });
  for (const player of players(5)) await joinTournament(player, valorant, now);

  const fifa = await make(host, {
    game: 'fifa',
    name: 'FIFA Points Weekend',
    description: 'Five rounds, points for every win. The top three share the pool. Check in soon!',
    bracket: 'POINTS',
    payoutStructure: 'top-3',
    entryFee: 270,
    platform: ['PS5', 'XBOXX'],
    startTime: now + 40 * 60_000,
  });
  for (const player of players(6)) await joinTournament(player, fifa, now);

  const { id: dota, started: dotaStarted } = await playedFrom(
    host,
    {
      game: 'dota-2',
      name: 'Dota 2 Open',
      description: 'An open bracket for all skill levels. Already under way: follow the results.',
      region: 'GLOB',
    },
    6,
    2 * HOUR,
  );
  // Play under way: one match decided by agreeing reports, one reported by one side only (log in
  // as the other to answer it).
  const ready = await db.collection(`tournaments/${dota}/matches`).where('state', '==', 'READY').get();
  const [decided, reported] = ready.docs;
  if (decided && reported) {
    await bothReportFirstWon(dota, decided, dotaStarted + 40 * 60_000);
    const [c] = reported.get('participants') as [string, string];
    await reportMatch(c, dota, reported.id, c, undefined, dotaStarted + 50 * 60_000);
  }

  // A finished free cup: four players, played to the end, for its standings.
  const { id: quick, started: quickStarted } = await playedFrom(
    uid('Player8'),
    {
      game: 'overwatch',
      name: 'Overwatch Quick Cup',
      description: 'A four-player cup played to the end. See the bracket and the standings.',
    },
    4,
    26 * HOUR,
  );
  for (let round = 0; round < 2; round += 1) {
    const open = await db.collection(`tournaments/${quick}/matches`).where('state', '==', 'READY').get();
    for (const doc of open.docs) await bothReportFirstWon(quick, doc, quickStarted + (round + 1) * HOUR);
  }

  // The team cup after that cup: its ready party adds up the trophies its members won there.
  const rocket = await make(uid('Player1'), {
    game: 'rocket-league',
    name: 'Rocket League 2v2 Cup',
    description: 'Bring a friend: teams of two, free entry, eight teams. Car soccer at its finest.',
    gameFormat: 'TEAM',
    teamSize: 2,
    platform: ['PC', 'PS5', 'XBOXX'],
    region: 'GLOB',
    startTime: now + 5 * 24 * HOUR,
  });
  const boost = await createParty(uid('Player2'), rocket, 'Boost Bros', now);
  await inviteToParty(uid('Player2'), rocket, uid('Player3'), now);
  await joinParty(uid('Player3'), rocket, boost.uid, now);
  await partyReady(uid('Player2'), rocket, now);
  await createParty(uid('Player4'), rocket, 'Aerial Aces', now);
  await inviteToParty(uid('Player4'), rocket, uid('Player5'), now);

  // Double elimination under way: two winners-bracket matches decided, so the losers bracket has
  // its first players.
  const { id: double, started: doubleStarted } = await playedFrom(
    host,
    {
      game: 'valorant',
      name: 'Double Trouble Cup',
      description:
        'Double elimination: lose twice to be out. The first round is under way: its losers wait in the losers bracket for their opponents.',
      bracket: 'DOUBLE_ELIMINATION',
      grandFinalReset: true,
      // Paid: the host's free tournament of the day is the Dota 2 Open (one a day, SPEC §5).
      entryFee: 130,
      payoutStructure: 'top-3',
    },
    6,
    HOUR,
  );
  const doubleReady = await db.collection(`tournaments/${double}/matches`).where('state', '==', 'READY').get();
  for (const doc of doubleReady.docs.slice(0, 2)) await bothReportFirstWon(double, doc, doubleStarted + 30 * 60_000);

  // Swiss with best-of-3 matches: round 1 half played, the rest to report.
  const { id: swiss, started: swissStarted } = await playedFrom(
    host,
    {
      game: 'rocket-league',
      name: 'Swiss Best-of-Three',
      description: 'Swiss over three rounds: nobody is knocked out, each match is a best of three.',
      bracket: 'SWISS',
      bestOf: 3,
      rules:
        'Best of three games. Report the winner and the score (2–0 or 2–1), and keep a screenshot of the last game: a dispute asks for one.',
      entryFee: 130,
      payoutStructure: 'top-3',
    },
    7,
    HOUR,
  );
  const swissReady = await db.collection(`tournaments/${swiss}/matches`).where('state', '==', 'READY').get();
  for (const doc of swissReady.docs.slice(0, 2)) {
    const [first, second] = doc.get('participants') as [string, string];
    await reportMatch(first, swiss, doc.id, first, [2, 1], swissStarted + 40 * 60_000);
    await reportMatch(second, swiss, doc.id, first, [2, 1], swissStarted + 40 * 60_000);
  }

  const apex = await make(host, {
    game: 'apex-legends',
    name: 'Apex Legends Showdown',
    description: 'An evening session that the host had to call off. Entry fees were refunded.',
    entryFee: 130,
    startTime: now + 2 * 24 * HOUR,
  });
  await joinTournament(uid('Player7'), apex, now);
  await cancelTournament(
    host,
    apex,
    'Our game server is down all week. Sorry, everyone: we will run it again soon.',
    now,
  );

  await make(uid('Player8'), {
    game: 'csgo',
    name: 'CS:GO Rookie Night',
    description: 'Free entry, friendly games, perfect for your first tournament on Versus.',
    startTime: now + 2 * 24 * HOUR + 3 * HOUR,
  });
  console.log('seeded 9 demo tournaments');
  return true;
}

/** Battles played to their end, so the leaderboards and profiles have something to show. Seeded once. */
async function seedBattles(uid: (name: string) => string): Promise<boolean> {
  if (!(await db.collection('battles').limit(1).get()).empty) return false;
  // Wagered games only (fortnite is free-only, SPEC §5).
  const games: Game[] = ['valorant', 'fifa', 'rocket-league', 'overwatch', 'csgo'];
  const pairs: [string, string, number][] = [
    ['Player1', 'Player2', 130],
    ['Player3', 'Player1', 130],
    ['Player1', 'Player4', 270],
    ['Player5', 'Player6', 130],
    ['Player2', 'Player3', 0],
    ['Player6', 'Player1', 270],
    ['Player7', 'Player8', 130],
  ];
  let at = clock.now() - 10 * 24 * HOUR;
  for (const [index, [challenger, opponent, entryFee]] of pairs.entries()) {
    at += HOUR;
    const game = games[index % games.length]!;
    const challenge = await createChallenge(uid(challenger), { opponent: uid(opponent), game, entryFee }, at);
    const battle = await acceptChallenge(uid(opponent), challenge.id, at + 60_000);
    const winner = index % 3 === 1 ? uid(opponent) : uid(challenger);
    await submitWinner(uid(challenger), battle.id, winner, at + 30 * 60_000);
    await confirmResult(uid(opponent), battle.id, at + 40 * 60_000);
  }
  console.log(`seeded ${pairs.length} finished battles`);
  return true;
}

await seed();
console.log(`seeded ${DEMO_USERS.length} demo users, ${PRODUCTS.length} coin products and wallet settings`);
