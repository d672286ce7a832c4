import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { API, adminDb, appCheckHeader, call, createTournament, verifiedUser, type Body, type Player } from './helpers';

/** What the tournament play tests (tournament-play, tournament-formats, tournament-races) share. */

export interface Match {
  id: string;
  group?: 'WINNERS' | 'LOSERS' | 'FINAL';
  pool?: number;
  round: number;
  number: number;
  state: string;
  participants: (string | null)[];
  winner: string | null;
  deadline?: number | null;
  bestOf?: number;
  score?: [number, number] | null;
}
export const DAY = 86_400_000;

export const sweep = (now: number, tournaments: string[]) =>
  call<Body>('/internal/sweep', { body: { now, tournaments } });
export const tournamentOf = async (id: string) => (await adminDb.doc(`tournaments/${id}`).get()).data() as Body;
export const matchesOf = async (id: string) =>
  (await adminDb.collection(`tournaments/${id}/matches`).get()).docs
    .map((doc) => doc.data() as Match)
    .sort((a, b) => a.round - b.round || a.number - b.number);
export const notificationsOf = async (uid: string, type: string) =>
  (await adminDb.collection(`users/${uid}/notifications`).where('type', '==', type).get()).docs.map((doc) =>
    doc.data(),
  );

export const matchPath = (id: string, match: string, action: string) =>
  `/tournaments/elimination/${id}/match/${match}/${action}`;
export const report = (player: Player, id: string, match: string, winnerUid: string, score?: unknown) =>
  call<Body>(matchPath(id, match, 'report'), {
    token: player.token,
    body: score === undefined ? { winnerUid } : { winnerUid, score },
  });
export const setWinner = (
  host: Player,
  id: string,
  match: string,
  winnerUid: string,
  reasoning?: string,
  score?: unknown,
) =>
  call<Body>(matchPath(id, match, 'setWinner'), {
    token: host.token,
    body: { winnerUid, ...(reasoning ? { reasoning } : {}), ...(score === undefined ? {} : { score }) },
  });

/** A PNG of its own each call in this process: the same picture is one stored file (record 142). */
let pictures = 0;
export const proofPicture = () => {
  pictures += 1;
  const background = { r: pictures % 256, g: Math.floor(pictures / 256) % 256, b: 102 };
  return sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
};

/** Uploads a proof (a new picture unless one is given, or a text file) as POST /uploads/proof. */
export async function proofOf(player: Player, type: 'png' | 'text' = 'png', picture?: Buffer) {
  const data = type === 'png' ? (picture ?? (await proofPicture())) : Buffer.from('not an image at all');
  // The browser tests' host enforces App Check: the upload carries the stand-in's token, as call() does.
  const attestation = await appCheckHeader();
  const response = await fetch(`${API}/uploads/proof`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${player.token}`,
      'Content-Type': type === 'png' ? 'image/png' : 'text/plain',
      ...(attestation ? { 'X-Firebase-AppCheck': attestation } : {}),
    },
    body: new Uint8Array(data),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/**
 * A tournament of `count` checked-in players, started by the sweeper: at its start time, or at
 * `sweptAt` (a sweeper whose clock is ahead).
 */
export async function started(
  count: number,
  overrides: Body = {},
  sweptAt?: number,
  /** Done for each player before they join (a game account linked, which the start records). */
  prepare?: (player: Player) => Promise<void>,
) {
  const host = await verifiedUser();
  const startTime = Date.now() + 20 * 60_000;
  const created = await createTournament(host.token, {
    entryFee: 130,
    payoutStructure: 'top-2',
    name: `Play Cup ${randomUUID().slice(0, 6)}`,
    startTime,
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const players = await Promise.all(Array.from({ length: count }, () => verifiedUser(1000)));
  if (prepare) await Promise.all(players.map(prepare));
  for (const player of players)
    expect((await call(`/tournaments/${id}/join`, { token: player.token, body: {} })).status).toBe(200);
  expect((await sweep(sweptAt ?? startTime, [id])).body).toMatchObject({ tournamentsStarted: 1 });
  const byUid = new Map(players.map((player) => [player.uid, player]));
  return { host, id, players, startTime, player: (uid: string | null) => byUid.get(uid!)! };
}

/**
 * A free team tournament of `count` parties of two (each a leader and a mate, invited and ready),
 * started by the sweeper.
 */
export async function startedTeams(count: number, overrides: Body = {}) {
  const host = await verifiedUser();
  const startTime = Date.now() + 20 * 60_000;
  const created = await createTournament(host.token, {
    game: 'rocket-league',
    gameFormat: 'TEAM',
    teamSize: 2,
    name: `Duo Cup ${randomUUID().slice(0, 6)}`,
    startTime,
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const act = (who: Player, action: string, body: Body = {}) =>
    call<Body>(`/tournaments/${id}/${action}`, { token: who.token, body });
  const teams: { leader: Player; mate: Player; party: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const [leader, mate] = await Promise.all([verifiedUser(), verifiedUser()]);
    const party = (await act(leader, 'createParty', { teamName: `Duo ${index + 1}` })).body.uid as string;
    await act(leader, `inviteToParty/${mate.uid}`);
    await act(mate, `joinParty/${party}`);
    expect((await act(leader, 'partyReady')).status).toBe(200);
    teams.push({ leader: leader!, mate: mate!, party });
  }
  expect((await sweep(startTime, [id])).body).toMatchObject({ tournamentsStarted: 1 });
  return { host, id, startTime, teams, act };
}
