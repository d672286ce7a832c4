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
