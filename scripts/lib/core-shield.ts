/**
 * A core for the browser's renderers while bench:web measures a page (issue #24). The bench moves
 * itself (every thread) off the last core it may use before it starts anything, so all it starts
 * (the emulators, the Hosting server, Chromium's browser and GPU processes) inherits the other
 * cores, and Lighthouse runs in it; Chromium then starts each renderer on that last core alone
 * (`--renderer-cmd-prefix`, see `rendererPrefix`). Lighthouse asks for at least two dedicated
 * cores; this machine has two and runs the whole stack on them, so without this a page's tasks
 * waited for a core about as long as they ran, and that wait is counted 4× in its TBT
 * (docs/decisions/0081). Nothing else on the machine is moved, and
 * nothing needs moving back: what the bench started ends with it.
 * Linux only (`taskset`, util-linux).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** "0-2,5" → [0, 1, 2, 5], the kernel's list format (`Cpus_allowed_list`, `taskset -c`). */
export function parseCpuList(list: string): number[] {
  const cpus = new Set<number>();
  for (const part of list.trim().split(',')) {
    if (part === '') continue;
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) throw new Error(`not a CPU list: ${list}`);
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    for (let cpu = from; cpu <= to; cpu += 1) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** The cores a process (its main thread) may run on, from `/proc/<pid>/status`. */
export function allowedCpus(pid: number | 'self' = 'self'): number[] {
  const line = /^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (line?.[1] === undefined) throw new Error(`no Cpus_allowed_list for ${pid}`);
  return parseCpuList(line[1]);
}

/** The last of the allowed cores for the renderers, the others for the rest; none with one core. */
export function planShield(allowed: number[]): { core: number; rest: number[] } | undefined {
  const sorted = [...new Set(allowed)].sort((a, b) => a - b);
  if (sorted.length < 2) return undefined;
  return { core: sorted[sorted.length - 1] as number, rest: sorted.slice(0, -1) };
}

export interface Shield {
  /** The core the renderers have to themselves. */
  core: number;
  /** Where the process and what it starts run. */
  rest: number[];
  /** Chromium's `--renderer-cmd-prefix`: each renderer starts on `core` only. */
  rendererPrefix: string;
}

/**
 * Moves `pid` (by default this process), every thread of it, to all its allowed cores but the last.
 * Call it before starting anything: children inherit it. Answers why not when it cannot.
 */
export function shieldCore(pid: number = process.pid): Shield | { reason: string } {
  if (process.platform !== 'linux') return { reason: `no CPU affinity on ${process.platform}` };
  const plan = planShield(allowedCpus(pid));
  if (!plan) return { reason: 'one core only' };
  const moved = spawnSync('taskset', ['--all-tasks', '--pid', '--cpu-list', plan.rest.join(','), String(pid)], {
    encoding: 'utf8',
  });
  if (moved.error) return { reason: `taskset: ${moved.error.message}` };
  if (moved.status !== 0) return { reason: `taskset: ${moved.stderr.trim()}` };
  return { ...plan, rendererPrefix: `taskset --cpu-list ${plan.core}` };
}
