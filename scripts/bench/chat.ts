// npm run bench:chat [-- --members 32 --seconds 60]
// 32 members of one tournament's room type and send for a minute (bounded in count and time)
// through the one-process host (scripts/lib/api-host.mjs): each member sends a message every ~2 s
// (under the 10-per-10-s limit) and a typing notice every ~1 s, beside an authenticated no-op as
// the baseline (DESIGN §8). Prints p50/p95 of sendMessage and typed against the no-op, the
// optimistic transactions' lost races, and the messages lost (sent and answered 201 but not
// stored, or stored twice): must be 0. Uses a running stack (`npm start`) or starts its own.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { BASELINE, startBench, timings, benchTournament } from './common';

const { values } = parseArgs({
  options: { members: { type: 'string', default: '32' }, seconds: { type: 'string', default: '60' } },
});
const MEMBERS = Math.min(32, Number(values.members));
const SECONDS = Math.min(120, Number(values.seconds));

const { db, api, benchUser, benchUsers, finish } = await startBench();

// ---- setup (not measured): a host, a free tournament of 32, its members ----
const run = randomUUID().slice(0, 6);
console.log(`setting up a room with ${MEMBERS} members…`);
const owner = await benchUser(`c-${run}`, 'host');
const tournament = await api(
  '/tournaments/create',
  owner.token,
  benchTournament({
    size: 32,
    bracket: 'ELIMINATION',
    entryFee: 0,
    payoutStructure: 'winner-takes-all',
    name: `Bench Chat ${run}`,
    description: 'A benchmark room: 32 members talk at once.',
    rules: 'None.',
    startTime: Date.now() + 3 * 86_400_000,
  }),
);
const room = String(tournament.id);
const members = await benchUsers(MEMBERS, (index) => benchUser(`c-${run}`, index));
await Promise.all(members.map((member) => api(`/tournaments/${room}/join`, member.token, {})));

// ---- measurement ----
const { timed, report, failures } = timings();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sentIds = new Set<string>();
await api('/bench/stats', null, {});
console.log(`measuring: ${MEMBERS} members typing and sending for ${SECONDS} s…`);
const deadline = Date.now() + SECONDS * 1000;
await Promise.all(
  members.map(async (member, index) => {
    await pause((index * 2000) / MEMBERS);
    let count = 0;
    while (Date.now() < deadline && count < 200) {
      count += 1;
      await Promise.all([
        timed('typed', () => api(`/rooms/${room}/typed`, member.token, {})),
        timed(BASELINE, () => api('/bench/noop', member.token, {})),
      ]);
      await pause(900 + Math.random() * 200);
      const sent = await timed('sendMessage', () =>
        api(`/rooms/${room}/sendMessage`, member.token, { message: `message ${count} from ${index}` }),
      );
      if (sent) sentIds.add(String(sent.id));
      await pause(900 + Math.random() * 200);
    }
  }),
);
const stats = (await api('/bench/stats', null, {})) as { commits: number; retries: number };
const stored = (await db.collection(`rooms/${room}/messages`).get()).docs.map((doc) => doc.id);
const lost = [...sentIds].filter((id) => !stored.includes(id)).length + (stored.length - new Set(stored).size);

report(['sendMessage', 'typed']);
console.log(
  `\ncontention: ${stats.commits} commits, ${stats.retries} lost races retried; messages answered ${sentIds.size}, stored ${stored.length}, lost ${lost}.`,
);

const status = await finish();
process.exit(lost > 0 || (failures.get('sendMessage') ?? 0) > 0 ? 1 : status);
