// Game-record stand-ins on loopback (issue #22: Riot's and OpenDota's APIs are unreachable here).
// They speak the subset of each public API that Versus reads, with its paths, response shapes and
// errors, so the same adapters (functions/src/platform/game-records.ts) talk to them locally and to
// the real APIs in production:
//   Riot (RIOT_API_BASE, an X-Riot-Token header required, 401 without, 403 with a wrong one):
//     GET /riot/account/v1/accounts/by-riot-id/:gameName/:tagLine   account-v1 AccountDto
//     GET /lol/match/v5/matches/by-puuid/:puuid/ids?startTime&count  match ids, newest first
//     GET /lol/match/v5/matches/:matchId                             match-v5 MatchDto (the fields read)
//   OpenDota (OPENDOTA_API_BASE = …/api):
//     GET /api/players/:account_id                                   {profile: {account_id, personaname}}
//     GET /api/players/:account_id/matches?date=N                    [{match_id, start_time, …}]
//     GET /api/matches/:match_id                                     {match_id, radiant_win, players, …}
// and, for npm start's seed, the tests and anyone trying it by hand:
//   POST /__sandbox/riot/accounts   {gameName, tagLine}              → {puuid} (the same PUUID every time)
//   POST /__sandbox/dota/accounts   {accountId, personaname}         → {account_id}
//   POST /__sandbox/matches         {game: league-of-legends|dota-2, winners: [ids], losers: [ids],
//                                    startedAt?, durationSeconds?, remake?} → {matchId}: a game played
//   POST /__sandbox/faults          {kind: 429|500|slow|malformed, count?, retryAfter?, delayMs?, match?}
//                                    → the next `count` API requests fail that way (with `match`, a
//                                      string or strings, only requests whose path contains one:
//                                      test files running side by side each fail their own)
//   POST /__sandbox/reset           forget every fault
// and Steam's OpenID 2.0 sign-in (STEAM_OPENID_URL = …/steam/openid/login; lib/steam-openid-stand-in.mjs)
// and Riot Sign On (RSO_BASE = …/rso; lib/rso-stand-in.mjs).
// Only Node built-ins: it starts before anything is built.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { createSteamOpenId } from './lib/steam-openid-stand-in.mjs';
import { createRiotSignOn } from './lib/rso-stand-in.mjs';

export const GAME_STAND_IN_PORT = Number(process.env.GAME_STANDIN_PORT ?? 5011);
export const RIOT_KEY = 'versus-local-riot-key';

const hash = (text, length) => createHash('sha256').update(text).digest('base64url').slice(0, length);

export function createGameStandIn() {
  const riotAccounts = new Map(); // lower-cased "name#tag" → {puuid, gameName, tagLine}
  const dotaAccounts = new Map(); // account id → {account_id, personaname}
  const lol = new Map(); // match id → MatchDto
  const dota = new Map(); // match id → OpenDota match
  let faults = [];
  // Game ids go on from the clock (tenths of a second), not from a fixed number: the games are kept
  // in memory, but npm start keeps its data, and a restarted stand-in that numbered from the start
  // again handed out ids that earlier decisions had claimed (game_record_uses), so no new game was
  // found. Real ids never repeat either.
  let nextDota = Math.floor(Date.now() / 100);
  let nextLol = Math.floor(Date.now() / 100);

  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
  };
  // Riot's error shape.
  const riotError = (res, status, message) => send(res, status, { status: { message, status_code: status } });

  const readBody = (req) =>
    new Promise((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => {
        try {
          resolve(data ? JSON.parse(data) : {});
        } catch {
          resolve(null);
        }
      });
    });

  function recordGame({
    game,
    winners,
    losers,
    startedAt = Date.now() - 40 * 60_000,
    durationSeconds = 1800,
    remake = false,
  }) {
    if (game === 'league-of-legends') {
      nextLol += 1;
      const matchId = `EUW1_${nextLol}`;
      const participants = [
        ...winners.map((puuid) => ({ puuid, teamId: 100, win: true, gameEndedInEarlySurrender: remake })),
        ...losers.map((puuid) => ({ puuid, teamId: 200, win: false, gameEndedInEarlySurrender: remake })),
      ];
      lol.set(matchId, {
        metadata: { dataVersion: '2', matchId, participants: participants.map((p) => p.puuid) },
        info: {
          gameCreation: startedAt - 60_000,
          gameStartTimestamp: startedAt,
          gameEndTimestamp: startedAt + durationSeconds * 1000,
          gameDuration: durationSeconds,
          gameMode: 'CLASSIC',
          participants,
          teams: [
            { teamId: 100, win: true },
            { teamId: 200, win: false },
          ],
        },
      });
      return matchId;
    }
    nextDota += 1;
    const radiantWin = true;
    dota.set(String(nextDota), {
      match_id: nextDota,
      start_time: Math.floor(startedAt / 1000),
      duration: durationSeconds,
      radiant_win: radiantWin,
      players: [
        ...winners.map((id, slot) => ({ account_id: Number(id), player_slot: slot })),
        ...losers.map((id, slot) => ({ account_id: Number(id), player_slot: 128 + slot })),
      ],
    });
    return String(nextDota);
  }

  async function sandbox(req, res, path) {
    const body = await readBody(req);
    if (body === null) return send(res, 400, { error: 'invalid JSON' });
    if (path === '/__sandbox/riot/accounts') {
      const { gameName, tagLine } = body;
      if (!gameName || !tagLine) return send(res, 400, { error: 'gameName and tagLine' });
      const key = `${gameName}#${tagLine}`.toLowerCase();
      // Riot's PUUIDs are 78 characters; one per Riot ID, the same after a restart.
      const account = riotAccounts.get(key) ?? { puuid: hash(`riot:${key}`, 78), gameName, tagLine };
      riotAccounts.set(key, account);
      return send(res, 200, account);
    }
    if (path === '/__sandbox/dota/accounts') {
      const accountId = Number(body.accountId);
      if (!Number.isInteger(accountId) || accountId <= 0) return send(res, 400, { error: 'accountId' });
      dotaAccounts.set(String(accountId), { account_id: accountId, personaname: body.personaname ?? null });
      return send(res, 200, { account_id: accountId });
    }
    if (path === '/__sandbox/matches') {
      if (
        !['league-of-legends', 'dota-2'].includes(body.game) ||
        !Array.isArray(body.winners) ||
        !Array.isArray(body.losers)
      )
        return send(res, 400, { error: 'game, winners and losers' });
      return send(res, 200, { matchId: recordGame(body) });
    }
    if (path === '/__sandbox/faults') {
      const count = Number(body.count ?? 1);
      for (let index = 0; index < count; index += 1) faults.push(body);
      return send(res, 200, { queued: faults.length });
    }
    if (path === '/__sandbox/reset') {
      faults = [];
      return send(res, 200, {});
    }
    return send(res, 404, { error: 'no such sandbox path' });
  }

  async function api(req, res, url) {
    const path = url.pathname;
    let readable = path;
    try {
      readable = decodeURIComponent(path);
    } catch {
      // A malformed escape matches as it came; the routes below answer it.
    }
    const index = faults.findIndex(
      (queued) => queued.match === undefined || [queued.match].flat().some((part) => readable.includes(String(part))),
    );
    const fault = index < 0 ? undefined : faults.splice(index, 1)[0];
    if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, Number(fault.delayMs ?? 10_000)));
    if (fault?.kind === '429')
      return send(
        res,
        429,
        { status: { message: 'Rate limit exceeded', status_code: 429 } },
        { 'retry-after': String(fault.retryAfter ?? 2) },
      );
    if (fault?.kind === '500')
      return send(res, 500, { status: { message: 'Internal server error', status_code: 500 } });
    if (fault?.kind === 'malformed') return send(res, 200, '{"metadata": {"matchId": 12');

    if (path.startsWith('/riot/') || path.startsWith('/lol/')) {
      const token = req.headers['x-riot-token'];
      if (!token) return riotError(res, 401, 'Unauthorized');
      if (token !== RIOT_KEY) return riotError(res, 403, 'Forbidden');
      let match = path.match(/^\/riot\/account\/v1\/accounts\/by-riot-id\/([^/]+)\/([^/]+)$/);
      if (match) {
        const key = `${decodeURIComponent(match[1])}#${decodeURIComponent(match[2])}`.toLowerCase();
        const account = riotAccounts.get(key);
        return account
          ? send(res, 200, account)
          : riotError(res, 404, 'Data not found - No results found for player with riot id');
      }
      match = path.match(/^\/lol\/match\/v5\/matches\/by-puuid\/([^/]+)\/ids$/);
      if (match) {
        const puuid = decodeURIComponent(match[1]);
        const since = Number(url.searchParams.get('startTime') ?? 0) * 1000;
        const count = Math.min(100, Number(url.searchParams.get('count') ?? 20));
        const ids = [...lol.values()]
          .filter((m) => m.metadata.participants.includes(puuid) && m.info.gameStartTimestamp >= since)
          .sort((a, b) => b.info.gameStartTimestamp - a.info.gameStartTimestamp)
          .slice(0, count)
          .map((m) => m.metadata.matchId);
        return send(res, 200, ids);
      }
      match = path.match(/^\/lol\/match\/v5\/matches\/([^/]+)$/);
      if (match) {
        const found = lol.get(decodeURIComponent(match[1]));
        return found ? send(res, 200, found) : riotError(res, 404, 'Data not found - match file not found');
      }
      return riotError(res, 404, 'Not found');
    }

    let match = path.match(/^\/api\/players\/(\d+)$/);
    if (match) {
      const account = dotaAccounts.get(match[1]);
      // OpenDota answers an unknown account without a profile.
      return send(res, 200, account ? { profile: account, rank_tier: null } : { rank_tier: null });
    }
    match = path.match(/^\/api\/players\/(\d+)\/matches$/);
    if (match) {
      const accountId = Number(match[1]);
      const days = Number(url.searchParams.get('date') ?? 3650);
      const since = Date.now() / 1000 - days * 86_400;
      const list = [...dota.values()]
        .filter((m) => m.players.some((p) => p.account_id === accountId) && m.start_time >= since)
        .sort((a, b) => b.start_time - a.start_time)
        .map((m) => ({
          match_id: m.match_id,
          start_time: m.start_time,
          duration: m.duration,
          radiant_win: m.radiant_win,
          player_slot: m.players.find((p) => p.account_id === accountId).player_slot,
        }));
      return send(res, 200, list);
    }
    match = path.match(/^\/api\/matches\/(\d+)$/);
    if (match) {
      const found = dota.get(match[1]);
      return found ? send(res, 200, found) : send(res, 404, { error: 'Not Found' });
    }
    return send(res, 404, { error: 'Not Found' });
  }

  const steam = createSteamOpenId();
  const rso = createRiotSignOn();
  const readText = (req) =>
    new Promise((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => resolve(data));
    });

  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/steam/openid/') && steam(req, res, url, { dotaAccounts, readText })) return;
    if (
      (url.pathname.startsWith('/rso/') || url.pathname === '/riot/account/v1/accounts/me') &&
      rso(req, res, url, { riotAccounts, readText })
    )
      return;
    const handle = url.pathname.startsWith('/__sandbox/')
      ? req.method === 'POST'
        ? sandbox(req, res, url.pathname)
        : Promise.resolve(send(res, 405, { error: 'POST' }))
      : req.method === 'GET'
        ? api(req, res, url)
        : Promise.resolve(send(res, 405, { error: 'GET' }));
    handle.catch((error) => send(res, 500, { error: String(error) }));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  createGameStandIn().listen(GAME_STAND_IN_PORT, '127.0.0.1', () =>
    console.log(`game stand-in (Riot, OpenDota) on http://127.0.0.1:${GAME_STAND_IN_PORT}`),
  );
}
