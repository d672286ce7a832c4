import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, adminAuth, adminDb, call, sandbox, signIn, verifiedUser, type Body } from './helpers';
import { accountOf, profileOf, raw, setPayoutRate, walletSettings } from './hardening-helpers';

/** Every endpoint refuses bad input with a 4xx JSON answer and changes nothing. */

beforeAll(walletSettings);
afterAll(() => setPayoutRate(70));

describe('bad input answers 4xx JSON and changes nothing', () => {
  const BAD_IDS = ['a%2Fb', '%2E%2E', '__x__', 'x'.repeat(200)];

  it('every endpoint of docs/api.md refuses a table of bad bodies', async () => {
    // Several players take turns, endpoint by endpoint: one player's hundreds of requests in a minute
    // would pass the flood limit (`signed`), and 429 would answer in place of the checks tested here.
    const players = await Promise.all(Array.from({ length: 8 }, () => verifiedUser(2000)));
    const user = players[0]!;
    let turn = 0;
    const playerToken = () => players[turn++ % players.length]!.token;
    const admin = await verifiedUser();
    await adminAuth.setCustomUserClaims(admin.uid, { admin: true });
    const adminToken = await signIn(admin.email);
    const before = await Promise.all(
      players.map(async (player) => ({ account: await accountOf(player.uid), profile: await profileOf(player.uid) })),
    );

    interface Endpoint {
      method: string;
      path: string;
      token?: string;
      /** Bodies that are the right shape but wrong in type or text, for endpoints with a schema. */
      typed?: Body[];
    }
    const endpoints: Endpoint[] = [
      {
        method: 'POST',
        path: '/auth/register',
        typed: [
          { email: ['x@y.z'] },
          { displayName: 42 },
          { terms: 'true' },
          { displayName: '\u200B\u200B\u200B\u200B\u200B' },
          { firstName: 'Ann\u202Eeb' },
        ],
      },
      {
        method: 'POST',
        path: '/profile/resendEmailVerification',
        token: playerToken(),
        typed: [{ locale: 'sv-SE' }, { locale: 42 }, { locale: 'fi-FI', to: 'x@y.z' }],
      },
      { method: 'POST', path: '/profile/syncEmail', token: playerToken() },
      {
        method: 'PUT',
        path: '/profile/personalDetails',
        token: playerToken(),
        typed: [
          { firstName: ['Ann'], lastName: 'Bee', country: 'FI' },
          { firstName: 42, lastName: 'Bee', country: 'FI' },
          { firstName: 'Ann\u202Eeb', lastName: 'Bee', country: 'FI' },
          { firstName: 'Ann', lastName: 'Bee', country: 'US' },
          { firstName: 'Ann', lastName: 'Bee', country: 'FI', email: 'x@y.z' },
        ],
      },
      { method: 'POST', path: '/profile/deactivate', token: playerToken() },
      { method: 'POST', path: '/profile/restore', token: playerToken() },
      {
        method: 'PUT',
        path: '/profile/connections/discord',
        token: playerToken(),
        typed: [{ value: ['x'] }, { value: 42 }, { value: '\u200B\u200C\u200D' }, { value: 'abc\u202Edef' }],
      },
      { method: 'DELETE', path: '/profile/connections/discord', token: playerToken() },
      {
        method: 'PUT',
        path: '/profile/connections/riot',
        token: playerToken(),
        typed: [{ value: ['Ace#EUW'] }, { value: 42 }, { value: 'Ace#EUW', extra: 1 }],
      },
      {
        method: 'PUT',
        path: '/profile/connections/steam',
        token: playerToken(),
        typed: [{ value: ['123'] }, { value: 123 }, { value: '1'.repeat(200) }, { value: '99999999999999999999' }],
      },
      { method: 'PUT', path: '/profile/avatar', token: playerToken() },
      { method: 'DELETE', path: '/profile/avatar', token: playerToken() },
      { method: 'POST', path: '/profile/dataExport', token: playerToken() },
      ...['steam', 'riot'].map((platform) => ({
        method: 'POST',
        path: `/profile/connections/${platform}/start`,
        token: playerToken(),
        typed: [
          { returnTo: 5 },
          { returnTo: ['http://localhost:5173/profile/connections'] },
          {},
          { returnTo: 'x'.repeat(600) },
        ],
      })),
      {
        method: 'POST',
        path: '/profile/connections/steam/openid',
        token: playerToken(),
        typed: [
          { state: 5, assertion: { 'openid.mode': 'id_res' } },
          { state: 'A'.repeat(32), assertion: { other: 'y' } },
          { state: 'A'.repeat(32), assertion: { 'openid.mode': 5 } },
          { state: 'A'.repeat(32), assertion: 'openid.mode=id_res' },
        ],
      },
      {
        method: 'POST',
        path: '/profile/connections/riot/oauth',
        token: playerToken(),
        typed: [
          { state: 5, code: 'c' },
          { state: 'A'.repeat(32), code: ['c'] },
          { state: 'A'.repeat(32), extra: 1 },
        ],
      },
      {
        method: 'PUT',
        path: '/profile/supportCreatorWithCode',
        token: playerToken(),
        typed: [{ creatorCode: ['VERSUS'] }, { creatorCode: 7 }],
      },
      { method: 'DELETE', path: '/profile/supportCreatorWithCode', token: playerToken() },
      {
        method: 'POST',
        path: '/wallet/createPurchaseIntent',
        token: playerToken(),
        typed: [
          { method: 'PAYPAL', currency: 'EUR', productId: ['coins-130'] },
          { method: 'PAYPAL', currency: 'EUR', productId: 'a/b' },
          { method: 'PAYPAL', currency: 'EUR', productId: '__x__' },
        ],
      },
      {
        method: 'POST',
        path: '/wallet/orderComplete',
        token: playerToken(),
        typed: [
          { method: 'PAYPAL', orderId: { $gt: '' } },
          { method: 'PAYPAL', orderId: '__x__' },
        ],
      },
      {
        method: 'POST',
        path: '/wallet/withdraw',
        token: playerToken(),
        typed: [
          { bucks: '1000', currency: 'EUR' },
          { bucks: [1000], currency: 'EUR' },
          { bucks: 1000.5, currency: 'EUR' },
          { bucks: 1000, currency: 'EUR', extra: { __x__: 1 } },
        ],
      },
      {
        method: 'POST',
        path: '/wallet/withdrawCreatorCodeBucks',
        token: playerToken(),
        typed: [{ bucks: '5' }, { bucks: 5, currency: ['EUR'] }],
      },
      { method: 'POST', path: '/profile/paypal', token: playerToken(), typed: [{ code: ['x'] }, { code: 5 }] },
      { method: 'DELETE', path: '/profile/paypal', token: playerToken() },
      {
        method: 'POST',
        path: '/battles/challenge',
        token: playerToken(),
        typed: [
          { opponent: ['x'], game: 'valorant', entryFee: 130, terms: true },
          { opponent: 'a/b', game: 'valorant', entryFee: 130, terms: true },
          { opponent: '__x__', game: 'valorant', entryFee: 130, terms: true },
          { opponent: user.uid, game: 'valorant', entryFee: '130', terms: 'true' },
        ],
      },
      ...['accept', 'decline', 'withdraw'].flatMap((action) =>
        BAD_IDS.map((id) => ({ method: 'POST', path: `/battles/challenges/${id}/${action}`, token: playerToken() })),
      ),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/battles/${id}/submitWinner`,
        token: playerToken(),
        typed: [{ winner: user.uid }],
      })),
      ...BAD_IDS.map((id) => ({ method: 'POST', path: `/battles/${id}/confirm`, token: playerToken() })),
      ...BAD_IDS.map((id) => ({ method: 'POST', path: `/battles/${id}/checkGame`, token: playerToken() })),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/battles/${id}/dispute`,
        token: playerToken(),
        typed: [{ story: ['x'], proof: 'p' }],
      })),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/admin/battles/${id}/decide`,
        token: adminToken,
        typed: [{ winner: user.uid, reasoning: 'Because.' }],
      })),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/admin/battles/${id}/cancel`,
        token: adminToken,
        typed: [{ reasoning: 'Because.' }],
      })),
      {
        method: 'PUT',
        path: '/admin/campaigns/2026-11',
        token: adminToken,
        typed: [{ prize: ['A headset'] }, { prize: 42 }, { prize: '\u200B\u200B\u200B\u200B' }],
      },
      { method: 'PUT', path: '/admin/campaigns/%2E%2E', token: adminToken, typed: [{ prize: 'A headset' }] },
      {
        method: 'PUT',
        path: '/admin/tournaments/prizeCaps/nhl-23',
        token: adminToken,
        typed: [{ cap: '1000' }, { cap: -1 }, { cap: 1.5 }, { cap: [1000] }, {}],
      },
      { method: 'PUT', path: '/admin/tournaments/prizeCaps/%2E%2E', token: adminToken, typed: [{ cap: 1000 }] },
      {
        method: 'PUT',
        path: '/admin/tournaments/yearlyPrizeCaps/riot',
        token: adminToken,
        typed: [{ cap: '1000' }, { cap: -1 }, { cap: 1.5 }, { cap: [1000] }, {}],
      },
      { method: 'PUT', path: '/admin/tournaments/yearlyPrizeCaps/%2E%2E', token: adminToken, typed: [{ cap: 1000 }] },
      {
        method: 'POST',
        path: '/admin/payouts/p1/review',
        token: adminToken,
        typed: [
          { decision: 'pay', reason: 'Checked.' },
          { decision: ['refund'], reason: 'Checked.' },
          { decision: 'refund', reason: 42 },
          { decision: 'refund', reason: '   ' },
          { decision: 'batch', reason: 'Found it.' },
          { decision: 'batch', batchId: '../x', reason: 'Found it.' },
          { decision: 'refund', reason: 'x'.repeat(451) },
        ],
      },
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/admin/payouts/${id}/review`,
        token: adminToken,
        typed: [{ decision: 'refund', reason: 'Checked.' }],
      })),
      { method: 'POST', path: '/admin/campaigns/__x__/draw', token: adminToken },
      {
        method: 'POST',
        path: '/internal/sweep',
        typed: [
          { all: 'true' },
          { payouts: 'true' },
          { now: '1' },
          { challenges: 'abc' },
          { now: Date.now() + 5 * 365 * 86_400_000 },
        ],
      },
      {
        method: 'POST',
        path: '/notifications/markAsViewed',
        token: playerToken(),
        typed: [{ notifications: 'abc' }, { notifications: [['a']] }, { notifications: ['a/b'] }],
      },
      { method: 'POST', path: '/notifications/markAllViewed', token: playerToken(), typed: [{ notifications: ['a'] }] },
      { method: 'POST', path: '/notifications/popupSeen', token: playerToken() },
      { method: 'POST', path: '/uploads/proof', token: playerToken() },
      { method: 'POST', path: '/uploads/cover', token: playerToken() },
      {
        method: 'POST',
        path: '/tournaments/create',
        token: playerToken(),
        typed: [
          { name: ['Cup'] },
          { size: '8' },
          { platform: 'PC' },
          { platform: [['PC']] },
          { startTime: '2027-01-01' },
          { coverImage: 'x.png' },
          { name: '\u200B\u200B\u200B\u200B', terms: true },
          { description: 'abc\u202Edef'.repeat(5) },
        ],
      },
      ...BAD_IDS.flatMap((id) =>
        ['join', 'leave', 'checkIn', 'cancel', 'extend', 'partyReady', 'removeParty', 'leaveParty'].map((action) => ({
          method: 'POST',
          path: `/tournaments/${id}/${action}`,
          token: playerToken(),
        })),
      ),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/tournaments/${id}/edit`,
        token: playerToken(),
        typed: [{ name: 'Renamed' }],
      })),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/tournaments/${id}/createParty`,
        token: playerToken(),
        typed: [{ teamName: 'Owls' }],
      })),
      ...BAD_IDS.flatMap((id) =>
        ['inviteToParty', 'joinParty', 'ignoreInvite', 'removeFromParty', 'withdrawInvite'].map((action) => ({
          method: 'POST',
          path: `/tournaments/t1/${action}/${id}`,
          token: playerToken(),
        })),
      ),
      { method: 'POST', path: '/tournaments/__x__/edit', token: playerToken(), typed: [{ size: '8' }, { rules: 42 }] },
      {
        method: 'POST',
        path: '/tournaments/__x__/cancel',
        token: playerToken(),
        typed: [{ reasoning: 42 }, { reasoning: ['Down'] }, { reasoning: 'x'.repeat(451) }, { why: 'Down' }],
      },
      ...BAD_IDS.flatMap((id) => [
        {
          method: 'POST',
          path: `/tournaments/elimination/${id}/match/0/report`,
          token: playerToken(),
          typed: [{ winnerUid: ['a'] }, { winnerUid: 42 }],
        },
        {
          method: 'POST',
          path: `/tournaments/elimination/t1/match/${id}/setWinner`,
          token: playerToken(),
          typed: [{ winnerUid: 'a', reasoning: ['x'] }],
        },
        { method: 'POST', path: `/tournaments/elimination/${id}/match/0/checkGame`, token: playerToken() },
        { method: 'POST', path: `/tournaments/elimination/t1/match/${id}/checkGame`, token: playerToken() },
        {
          method: 'POST',
          path: `/tournaments/elimination/t1/match/${id}/dispute`,
          token: playerToken(),
          typed: [{ story: 42, proof: 'x' }],
        },
        {
          method: 'POST',
          path: `/tournaments/points/${id}/submitPoints`,
          token: playerToken(),
          typed: [
            { points: '5', attachment: 'x' },
            { points: 1.5, attachment: 'x' },
            { points: -3, attachment: 'x' },
          ],
        },
        {
          method: 'POST',
          path: `/tournaments/points/${id}/setParticipantPoints`,
          token: playerToken(),
          typed: [
            { participant: ['a'], points: 3 },
            { participant: 'a', points: '3' },
          ],
        },
        { method: 'POST', path: `/tournaments/${id}/finish`, token: playerToken() },
        // Issue #60: check-in per match, the host's hold on its clock, disqualification, substitutes.
        { method: 'POST', path: `/tournaments/elimination/${id}/match/0/checkIn`, token: playerToken() },
        { method: 'POST', path: `/tournaments/elimination/t1/match/${id}/checkIn`, token: playerToken() },
        {
          method: 'POST',
          path: `/tournaments/elimination/t1/match/${id}/pause`,
          token: playerToken(),
          typed: [{ paused: 'yes' }, { paused: 1 }, {}, { paused: true, extra: 1 }],
        },
        {
          method: 'POST',
          path: `/tournaments/${id}/disqualify/e1`,
          token: playerToken(),
          typed: [{ reasoning: 42 }, { reasoning: ['x'] }, { reasoning: '   ' }, { reasoning: 'x'.repeat(451) }],
        },
        {
          method: 'POST',
          path: `/tournaments/t1/disqualify/${id}`,
          token: playerToken(),
          typed: [{ reasoning: 'Why.' }],
        },
        // Record 115: the host's removal before the start, and the way back in.
        {
          method: 'POST',
          path: `/tournaments/${id}/remove/e1`,
          token: playerToken(),
          typed: [{ reasoning: 42 }, { reasoning: '   ' }, { reasoning: 'x'.repeat(451) }, { reasoning: 'Why.', x: 1 }],
        },
        { method: 'POST', path: `/tournaments/t1/remove/${id}`, token: playerToken(), typed: [{ reasoning: 'Why.' }] },
        { method: 'POST', path: `/tournaments/${id}/allowBack/u1`, token: playerToken() },
        { method: 'POST', path: `/tournaments/t1/allowBack/${id}`, token: playerToken() },
        {
          method: 'POST',
          path: `/tournaments/t1/substitute/${id}`,
          token: playerToken(),
          typed: [{ out: 42, substitute: 'u2' }, { out: 'u1' }, { out: ['u1'], substitute: 'u2' }],
        },
        { method: 'POST', path: `/admin/users/${id}/liftNoShowBan`, token: adminToken },
      ]),
      // The calendar link (issue #60): no body is asked for; a stray one changes nothing.
      { method: 'POST', path: '/profile/calendarFeed', token: playerToken() },
      { method: 'DELETE', path: '/profile/calendarFeed', token: playerToken() },
      // Alerts off the site (issue #60): the choices, a push subscription, a Discord webhook.
      {
        method: 'PUT',
        path: '/me/alerts',
        token: playerToken(),
        typed: [
          { kind: 'payout', channel: 'email', on: 'false' },
          { kind: ['payout'], channel: 'email', on: false },
          { kind: 'payout', channel: 'sms', on: false },
          { language: 'sv-SE' },
          { kind: 'payout', on: false },
        ],
      },
      {
        method: 'POST',
        path: '/me/push-devices',
        token: playerToken(),
        typed: [
          { endpoint: 42, keys: { p256dh: 'x', auth: 'y' } },
          { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'a'.repeat(87) } },
          { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: '+'.repeat(87), auth: 'a'.repeat(22) } },
          { endpoint: 'http://169.254.169.254/latest', keys: { p256dh: 'a'.repeat(87), auth: 'a'.repeat(22) } },
        ],
      },
      // The local stack's stand-in device: a language that is not one, a stray field.
      {
        method: 'POST',
        path: '/me/push-devices/stand-in',
        token: playerToken(),
        typed: [{ language: 'xx-XX' }, { language: ['fi-FI'] }, { language: 'fi-FI', endpoint: 'x' }],
      },
      ...BAD_IDS.map((id) => ({ method: 'DELETE', path: `/me/push-devices/${id}`, token: playerToken() })),
      ...BAD_IDS.flatMap((id) => [
        {
          method: 'PUT',
          path: `/discord/tournaments/${id}`,
          token: playerToken(),
          typed: [
            { url: 'https://evil.example/api/webhooks/1/x', language: 'en-GB' },
            { url: ['https://discord.com/api/webhooks/1/x'], language: 'en-GB' },
            { url: `https://discord.com/api/webhooks/123456789012345678/${'x'.repeat(68)}`, language: 'xx' },
          ],
        },
        { method: 'DELETE', path: `/discord/tournaments/${id}`, token: playerToken() },
      ]),
      // Following and chat: an id that is a path, and a reserved one (the other shapes above).
      ...[BAD_IDS[0]!, BAD_IDS[2]!].flatMap((id) => [
        { method: 'POST', path: `/users/${id}/follow`, token: playerToken() },
        { method: 'POST', path: `/users/${id}/unfollow`, token: playerToken() },
        {
          method: 'POST',
          path: `/rooms/${id}/sendMessage`,
          token: playerToken(),
          typed: [{ message: ['hi'] }, { message: 42 }, { message: '\u200B\u200B' }, { message: 'hi', attachment: 7 }],
        },
        { method: 'POST', path: `/rooms/${id}/typed`, token: playerToken() },
        {
          method: 'POST',
          path: `/rooms/${id}/lastOpen`,
          token: playerToken(),
          typed: [
            { closing: 'yes' },
            { closing: 1 },
            { closing: true, at: 5 },
            { seen: '5' },
            { seen: -1 },
            { seen: 1.5 },
          ],
        },
        { method: 'POST', path: `/rooms/t1/messages/${id}/delete`, token: playerToken() },
      ]),
    ];
    const generic: { body: string; contentType?: string; framework?: boolean }[] = [
      { body: '[]' },
      { body: '[{"value":"x"}]' },
      { body: '{"__proto__":{"admin":true}}' },
      { body: '{"constructor":{"prototype":{"x":1}}}' },
      { body: '{"nested":{"__proto__":{}}}' },
      { body: JSON.stringify({ value: 'x'.repeat(200 * 1024) }) },
      { body: 'just text', contentType: 'text/plain' },
      // Valid JSON that is no object: the Functions framework's strict parser refuses these (400)
      // before our app runs (docs/decisions/0038), so only the status is ours to assert.
      { body: 'null', framework: true },
      { body: '42', framework: true },
      { body: '"text"', framework: true },
    ];

    const failures: string[] = [];
    const expectRefused = (label: string, answer: Awaited<ReturnType<typeof raw>>, framework = false) => {
      const jsonOk =
        framework ||
        (answer.json !== null && typeof answer.json.message === 'string' && answer.json.statusCode === answer.status);
      if (answer.status < 400 || answer.status >= 500 || answer.status === 429 || !jsonOk)
        failures.push(`${label} → ${answer.status} ${answer.text.slice(0, 120)}`);
    };
    // Eight endpoints at a time, each sending its bad bodies in turn.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let endpoint = endpoints[next++]; endpoint; endpoint = endpoints[next++]) await check(endpoint);
      }),
    );
    async function check(endpoint: (typeof endpoints)[number]) {
      {
        const label = `${endpoint.method} ${endpoint.path.slice(0, 60)}`;
        // Ids are the point of the id rows; the body table runs once per route shape (the first bad id).
        const bodies =
          endpoint.path.includes(BAD_IDS[1]!) ||
          endpoint.path.includes(BAD_IDS[2]!) ||
          endpoint.path.includes(BAD_IDS[3]!)
            ? []
            : generic;
        for (const bad of bodies) {
          if (endpoint.path === '/uploads/proof' && bad.contentType === undefined && bad.body.length > 1000) continue;
          const answer = await raw(endpoint.path, {
            method: endpoint.method,
            token: endpoint.token,
            body: bad.body,
            contentType: bad.contentType,
          });
          expectRefused(`${label} ${bad.body.slice(0, 30)}`, answer, bad.framework);
        }
        for (const body of endpoint.typed ?? []) {
          const answer = await raw(endpoint.path, {
            method: endpoint.method,
            token: endpoint.token,
            body: JSON.stringify(body),
          });
          expectRefused(`${label} ${JSON.stringify(body).slice(0, 60)}`, answer);
        }
        if (
          endpoint.typed === undefined &&
          /\/(battles|admin|tournaments)\//.test(endpoint.path) &&
          endpoint.path.includes('%2F')
        ) {
          expectRefused(
            `${label} (no body)`,
            await raw(endpoint.path, { method: endpoint.method, token: endpoint.token }),
          );
        }
      }
    }
    const query = await Promise.all([
      raw('/suggestUsers?displayName=a&displayName=b', { method: 'GET', token: playerToken() }),
      raw('/suggestUsers?displayName[x]=a', { method: 'GET', token: playerToken() }),
      raw('/suggestUsers?displayName=%E2%80%8B%E2%80%8B', { method: 'GET', token: playerToken() }),
      // An unknown field is refused, as everywhere (it was let through here).
      raw('/suggestUsers?displayName=ab&limit=50', { method: 'GET', token: playerToken() }),
    ]);
    query.push(
      ...(await Promise.all(
        [
          'game=a&game=b',
          'pageSize=abc',
          'from=-5',
          'name=%E2%80%8B%E2%80%8B',
          'orderBy=__name__',
          'showArchived=yes',
          'after=a%2Fb',
          'entryFee=1e3',
        ].map((search) => raw(`/searchTournaments?${search}`, { method: 'GET' })),
      )),
      ...(await Promise.all(
        [
          'displayName=a&displayName=b',
          'displayName[x]=a',
          `displayName=${'x'.repeat(25)}`,
          'from=-1',
          'from=1e9',
          'pageSize=0',
          'pageSize=abc',
          'random=maybe',
          'orderBy=__name__',
        ].map((search) => raw(`/searchUsers?${search}`, { method: 'GET' })),
      )),
    );
    // Calendars (issue #60): an id that is a path, a forged or malformed feed link.
    query.push(
      ...(await Promise.all(
        [
          '/calendar/tournaments/a%2Fb.ics',
          '/calendar/tournaments/__x__.ics',
          `/calendar/feeds/${user.uid}.1.${'A'.repeat(32)}.ics`,
          '/calendar/feeds/not-a-token.ics',
          `/calendar/feeds/a%2Fb.1.${'A'.repeat(32)}.ics`,
          '/discord/tournaments/a%2Fb',
        ].map((path) => raw(path, { method: 'GET' })),
      )),
    );
    // An alert's off link (issue #60): forged, malformed, for a kind or channel that does not exist.
    query.push(
      ...(await Promise.all(
        [
          `/alerts/off?token=${user.uid}.payout.email.${'A'.repeat(32)}`,
          '/alerts/off?token=nothing',
          `/alerts/off?token=${user.uid}.everything.email.${'A'.repeat(32)}`,
          `/alerts/off?token=${user.uid}.payout.sms.${'A'.repeat(32)}`,
          '/alerts/off',
        ].map((path) => raw(path, { method: 'POST' })),
      )),
    );
    query.forEach((answer, index) => expectRefused(`GET query #${index}`, answer));
    expect(failures).toEqual([]);

    // Nothing was written for the players: same accounts and profiles, no orders, payouts, challenges
    // or ledger moves.
    for (const [index, player] of players.entries()) {
      expect(await accountOf(player.uid)).toEqual(before[index]!.account);
      expect(await profileOf(player.uid)).toEqual(before[index]!.profile);
      for (const [collection, field] of [
        ['paypal_orders', 'uid'],
        ['payouts', 'uid'],
        ['escrows', 'uid'],
        ['ledger', 'uid'],
        ['tournaments', 'uid'],
      ] as const) {
        const found = await adminDb.collection(collection).where(field, '==', player.uid).get();
        expect(found.size, collection).toBe(collection === 'ledger' ? 1 : 0);
      }
      expect(
        (await adminDb.collection('battle_challenges').where('participants', 'array-contains', player.uid).get()).size,
      ).toBe(0);
    }
    expect((await adminDb.doc('campaigns/2026-11').get()).get('prize') ?? null).not.toEqual(['A headset']);
  });

  it('the host is production’s runtime and framework, and sends no x-powered-by', async () => {
    // The Functions emulator's front proxy adds its own x-powered-by; Cloud Run functions do not.
    const response = await fetch(`${API}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-powered-by')).toBeNull();
    const runtime = (await call<{ node: string }>('/bench/runtime', { body: {} })).body;
    expect(runtime.node).toMatch(/^v22\./);
  });

  it('a body over 100 kB is 413 JSON', async () => {
    const user = await verifiedUser();
    const answer = await raw('/profile/connections/discord', {
      method: 'PUT',
      token: user.token,
      body: JSON.stringify({ value: 'x'.repeat(150 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ statusCode: 413, message: expect.stringContaining('100 kB') });
  });

  it('signed webhooks with impossible ids are acknowledged and change nothing', async () => {
    for (const id of ['a/b', '..', '__x__', ['x'], 42]) {
      const events = [
        { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id } },
        {
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          resource: { supplementary_data: { related_ids: { order_id: id } } },
        },
        {
          event_type: 'PAYMENT.PAYOUTSBATCH.SUCCESS',
          resource: { batch_header: { sender_batch_header: { sender_batch_id: id } } },
        },
      ];
      for (const event of events) {
        const body = JSON.stringify(event);
        const { headers } = (await sandbox('/webhooks/sign', { body })).body as { headers: Record<string, string> };
        const answer = await raw('/wallet/paypalWebhook', { body, headers });
        expect(answer, JSON.stringify(event)).toMatchObject({ status: 200, json: { received: true } });
      }
    }
  });
});
