// bench:soak's memory, every minute: each process's resident size below npm start, and the Firestore
// emulator's live heap (a class histogram through jcmd, which collects first; else its GC log), with
// its webchannel sessions and the envelopes queued for browsers.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRESTORE_GC_LOG, processTree } from '../../lib/stack.mjs';
import type { Stack } from './stack';

export interface Sample {
  minute: number;
  heapMb: number | null;
  sessions: number | null;
  envelopes: number | null;
  rss: Record<string, number>;
  /** Taken with no tab open and every session the proxy knew ended (bench:soak's browsers). */
  quiet?: boolean;
  /** The proxy's ends the emulator had not answered so far (record 2), when it answered. */
  endsUnanswered?: number;
  /** New sessions' handshakes the proxy never saw answered so far (record 2). */
  handshakesLost?: number;
}
const jcmd = spawnSync('sh', ['-c', 'command -v jcmd'], { stdio: 'ignore' }).status === 0;
const LABELS: [RegExp, string][] = [
  [/java .*firestore/, 'Firestore JVM'],
  [/firebase emulators:start/, 'firebase-tools'],
  [/functions-framework/, 'API host'],
  [/vite/, 'Vite'],
  [/scripts\/start\.mjs/, 'npm start'],
  [/paypal-stand-in/, 'PayPal stand-in'],
  [/game-stand-in/, 'game stand-in'],
  [/build\.mjs --watch/, 'functions build'],
];
function processes(stack: Stack): Record<string, number> {
  const rss: Record<string, number> = {};
  for (const pid of processTree(stack.child.pid!)) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const label = LABELS.find(([pattern]) => pattern.test(command))?.[1];
      if (!label) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      rss[label] = Math.max(rss[label] ?? 0, Math.round(kb / 1024));
    } catch {
      // gone meanwhile
    }
  }
  return rss;
}
const jvmPid = (stack: Stack) =>
  processTree(stack.child.pid!).find((pid) => {
    try {
      return /java .*firestore/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      return false;
    }
  });
/** The heap after the last collection the JVM logged (the full one jcmd asked for, where it can). */
function heapFromGcLog(): number | null {
  if (!existsSync(FIRESTORE_GC_LOG)) return null;
  const lines = readFileSync(FIRESTORE_GC_LOG, 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    const match = /(\d+)M->(\d+)M\(\d+M\)/.exec(line);
    if (match) return Number(match[2]);
  }
  return null;
}

/** The envelopes the emulator holds queued for browsers now, or null without jcmd. */
export function queuedForBrowsers(stack: Stack): number | null {
  const pid = jvmPid(stack);
  if (!jcmd || !pid) return null;
  const histogram = execFileSync('jcmd', [String(pid), 'GC.class_histogram'], { maxBuffer: 256e6 }).toString();
  const line = histogram
    .split('\n')
    .find((text) => text.trim().endsWith(' com.google.net.webchannel.server.v8.Envelope'));
  return Number(line?.trim().split(/\s+/)[1] ?? 0);
}

/** Samples kept in order; a histogram of the first and last minute written to `out`. */
export function memorySampler({ out, minutes: MINUTES }: { out: string; minutes: number }) {
  const samples: Sample[] = [];
  function sample(stack: Stack, minute: number) {
    const pid = jvmPid(stack);
    let sessions: number | null = null;
    let envelopes: number | null = null;
    let heapMb: number | null;
    if (jcmd && pid) {
      try {
        // A class histogram of live objects runs a full collection first.
        const histogram = execFileSync('jcmd', [String(pid), 'GC.class_histogram'], { maxBuffer: 256e6 }).toString();
        const count = (name: string) =>
          Number(
            histogram
              .split('\n')
              .find((line) => line.trim().endsWith(` ${name}`))
              ?.trim()
              .split(/\s+/)[1] ?? 0,
          );
        sessions = count('com.google.net.webchannel.server.v8.ChannelInternalImpl');
        envelopes = count('com.google.net.webchannel.server.v8.Envelope');
        heapMb = Math.round(Number(/Total\s+\d+\s+(\d+)/.exec(histogram)?.[1] ?? 0) / 1024 ** 2);
        if (minute === 0 || minute === MINUTES)
          writeFileSync(join(out, `histogram-${minute}.txt`), histogram.split('\n').slice(0, 40).join('\n'));
      } catch {
        heapMb = heapFromGcLog();
      }
    } else heapMb = heapFromGcLog();
    samples.push({ minute, heapMb, sessions, envelopes, rss: processes(stack) });
  }

  return { samples, sample };
}

const labelsOf = (samples: Sample[]) => [...new Set(samples.flatMap((s) => Object.keys(s.rss)))];

/** The samples as a table, about 12 rows at most: the emulator's heap, sessions and queue, each process's RSS. */
export function printSamples(samples: Sample[]) {
  const labels = labelsOf(samples);
  console.log(`\nminute  heap MB  sessions  queued  ${labels.map((label) => label.padStart(16)).join('')}   (RSS MB)`);
  for (const s of samples.filter(
    (s, i) => i % Math.max(1, Math.floor(samples.length / 12)) === 0 || i === samples.length - 1,
  ))
    console.log(
      `${String(s.minute).padStart(6)} ${String(s.heapMb ?? '?').padStart(8)} ${String(s.sessions ?? '?').padStart(9)} ${String(s.envelopes ?? '?').padStart(7)}  ${labels.map((label) => String(s.rss[label] ?? '–').padStart(16)).join('')}`,
    );
}

/** The shortest run whose memory is judged: a third of it must outlast the start's warm-up. */
const JUDGED_FROM_MINUTES = 9;

/**
 * Memory that levels off: each process grows no faster in the last third of the run than in the
 * first (data grows steadily; a leak grows faster and faster), within 48 MB. A shorter run's thirds
 * are a minute or two of warm-up each (V8's heap growing to fit its load, a recycle's new JVM): its
 * figures are printed but not judged. `npm test`'s 2-minute run failed on the API host once in 30
 * (+42 MB, then +74), and 3 more were at 44–47 MB.
 */
export function memoryVerdicts(samples: Sample[]): [string, boolean][] {
  const judged = samples.length - 1 >= JUDGED_FROM_MINUTES;
  const third = Math.max(1, Math.floor((samples.length - 1) / 3));
  const growth = (read: (s: Sample) => number | null | undefined, from: number, to: number) =>
    (read(samples[to]!) ?? 0) - (read(samples[from]!) ?? 0);
  const levelsOff = (name: string, read: (s: Sample) => number | null | undefined): [string, boolean] => {
    const early = growth(read, 0, third);
    const late = growth(read, samples.length - 1 - third, samples.length - 1);
    const figures = `+${early} MB in the first third, +${late} in the last`;
    if (!judged) return [`${name}: ${figures} (not judged under ${JUDGED_FROM_MINUTES} minutes)`, true];
    return [`${name} levels off (${figures})`, late <= Math.max(early * 1.25, 48)];
  };
  return [
    levelsOff('Firestore live heap', (s) => s.heapMb),
    ...labelsOf(samples)
      .filter((label) => label !== 'Firestore JVM')
      .map((label) => levelsOff(`${label} RSS`, (s) => s.rss[label])),
  ];
}

/**
 * Nothing queued for gone tabs: no growth over each quiet spell (`quiet`), and each minute's sample
 * with no tab open and every session the proxy knew ended holds at most a few messages. What the
 * emulator then holds is for a session nobody ends (a tab that closed while its new session was
 * being made and the proxy stopped waiting for the answer: record 2), which under this load grows
 * by about 50 a second. A few
 * may be left legitimately: the answer to the proxy's removal, when its 500 ms drain missed it.
 */
export function queuedVerdict(samples: Sample[], quiet: number[], quietMs: number): [string, boolean] {
  const SLACK = 50;
  const quietSamples = samples.filter((s) => s.quiet && s.envelopes !== null);
  if (quiet.length + quietSamples.length === 0)
    return ['no quiet spell or sample measured (needs jcmd and a browser round shorter than --browser-every)', true];
  const parts = [
    ...(quiet.length > 0
      ? [`${quiet.map((n) => `+${n}`).join(', ')} messages in ${quiet.length} quiet ${quietMs / 1000} s spells`]
      : []),
    ...(quietSamples.length > 0
      ? [
          `${quietSamples.map((s) => s.envelopes).join(', ')} held at minute ${quietSamples.map((s) => s.minute).join(', ')} (${SLACK} allowed; the proxy's ends the emulator did not answer: ${quietSamples.map((s) => s.endsUnanswered ?? '?').join(', ')}; new sessions it never saw answered: ${quietSamples.map((s) => s.handshakesLost ?? '?').join(', ')})`,
        ]
      : []),
  ];
  return [
    `with every tab gone, nothing queued for browsers (${parts.join('; ')})`,
    quiet.every((n) => n <= 0) && quietSamples.every((s) => (s.envelopes ?? 0) <= SLACK),
  ];
}
