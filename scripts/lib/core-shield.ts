/**
 * A core of its own for the browser's renderer while bench:web measures a page (issue #24), as
 * `cset shield` gives a benchmark one: every other process on the machine (the emulators, the
 * Hosting server, Lighthouse, the browser's own and GPU processes) is moved off the last core the
 * bench may use, and Chromium starts each renderer there (`--renderer-cmd-prefix`, see
 * `rendererPrefix`). Lighthouse asks for at least two dedicated cores; this machine has two and
 * runs the whole stack on them, so without the shield a page's tasks waited for a core about as
 * long as they ran, and that wait is counted 4× in its TBT (docs/decisions.md "A core of its own").
 * Linux only (`taskset`, util-linux); elsewhere, or with one core, `shieldCore` gives undefined.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

function allowedCpus(pid: number | 'self'): number[] | undefined {
  try {
    const line = /^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line?.[1] === undefined ? undefined : parseCpuList(line[1]);
  } catch {
    return undefined; // gone, or not readable
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

const setAffinity = (pid: number, cpus: number[]) =>
  spawnSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus.join(','), String(pid)], { stdio: 'ignore' })
    .status === 0;

export interface Shield {
  /** The core the renderers have to themselves. */
  core: number;
  /** Where everything else runs. */
  rest: number[];
  /** Chromium's `--renderer-cmd-prefix`: each renderer starts on `core` only. */
  rendererPrefix: string;
  /** Moves every process still allowed on `core` (but renderers) to `rest`; answers how many. */
  sweep(): number;
  /** Gives each moved process its own list of cores back. */
  restore(): void;
}

/**
 * `pids` limits the sweep (a test's own child); by default it is every process the bench may move.
 * Kernel threads (no command line) and the renderers are left where they are.
 */
export function shieldCore(options: { pids?: () => number[] } = {}): Shield | undefined {
  const allowed = process.platform === 'linux' ? allowedCpus('self') : undefined;
  if (!allowed || allowed.length < 2) return undefined;
  if (spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status !== 0) return undefined;
  const core = allowed[allowed.length - 1] as number;
  const rest = allowed.slice(0, -1);
  const moved = new Map<number, number[]>();
  const everyProcess = () =>
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  return {
    core,
    rest,
    rendererPrefix: `taskset --cpu-list ${core}`,
    sweep() {
      let count = 0;
      for (const pid of (options.pids ?? everyProcess)()) {
        const cpus = allowedCpus(pid);
        if (!cpus?.includes(core)) continue;
        const command = commandLine(pid);
        if (command === '' || command.includes('--type=renderer')) continue;
        if (!setAffinity(pid, rest)) continue;
        if (!moved.has(pid)) moved.set(pid, cpus);
        count += 1;
      }
      return count;
    },
    restore() {
      for (const [pid, cpus] of moved) setAffinity(pid, cpus);
      moved.clear();
    },
  };
}
