// bench:soak's `npm start`: a child in its own process group, so Ctrl-C reaches the whole group as a
// terminal's does; its output kept and written to a log; every process ever seen below it, so a stop
// can tell what was left running. Whatever ends the soak stops the stack it started.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PORTS, alive, emulatorEnv, isListening, processTree, root } from '../../lib/stack.mjs';

export interface Stack {
  child: ChildProcess;
  output: () => string;
  tree: Set<number>;
}
export async function startStack(
  args: string[],
  logName: string,
  { out, env }: { out: string; env: Record<string, string> },
): Promise<Stack> {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    cwd: root,
    // Its own data folder: a developer's .emulator-data is never touched (the first start is --fresh).
    env: {
      ...process.env,
      VERSUS_DATA_DIR: join(out, 'emulator-data'),
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = createWriteStream(join(out, logName));
  let text = '';
  const keep = (chunk: Buffer) => {
    file.write(chunk);
    text = (text + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  running.add(child);
  child.once('exit', () => running.delete(child));
  const tree = new Set<number>([child.pid!]);
  const watch = setInterval(() => processTree(child.pid!).forEach((pid) => tree.add(pid)), 2_000);
  child.once('exit', () => clearInterval(watch));
  const started = performance.now();
  while (!text.includes('Versus is running')) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${text.slice(-4000)}`);
    if (performance.now() - started > 300_000) throw new Error(`npm start did not come up:\n${text.slice(-4000)}`);
    await sleep(500);
  }
  processTree(child.pid!).forEach((pid) => tree.add(pid));
  return { child, output: () => text, tree };
}
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `done` every `everyMs` until it says yes or `withinMs` have passed; answers its last word. */
export async function waitUntil(done: () => boolean | Promise<boolean>, withinMs: number, everyMs = 250) {
  for (let waited = 0; ; waited += everyMs) {
    if (await done()) return true;
    if (waited >= withinMs) return false;
    await sleep(everyMs);
  }
}

/** Ctrl-C as a terminal sends it: SIGINT to the process group. Answers how long the stop took and what was left. */
export async function stopStack(stack: Stack) {
  processTree(stack.child.pid!).forEach((pid) => stack.tree.add(pid));
  const started = performance.now();
  process.kill(-stack.child.pid!, 'SIGINT');
  const exited = await Promise.race([
    new Promise<boolean>((resolve) => stack.child.once('exit', () => resolve(true))),
    sleep(120_000).then(() => false),
  ]);
  const seconds = (performance.now() - started) / 1000;
  await sleep(1_000);
  const left = [...stack.tree].filter(alive);
  const ports = [];
  for (const [name, port] of Object.entries(PORTS)) if (await isListening(port)) ports.push(`${name} ${port}`);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  return { exited, seconds, left, ports };
}

// Whatever ends this run, the stack it started is stopped with it (Ctrl-C to its group, as a person would).
const running = new Set<ChildProcess>();
const stopRunning = () => {
  for (const child of running)
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // gone
    }
};
process.on('exit', stopRunning);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopRunning();
    process.exit(130);
  });

/** A check script (check:ledger, check:stats) against the running stack; its output kept in `out`. */
export function runCheck(script: string, out: string, logSuffix = ''): { ok: boolean; seconds: number } {
  const started = performance.now();
  const result = spawnSync('npx', ['tsx', script], {
    cwd: root,
    env: { ...process.env, ...emulatorEnv },
    encoding: 'utf8',
  });
  writeFileSync(join(out, `${script.split('/').pop()}${logSuffix}.log`), `${result.stdout}\n${result.stderr}`);
  return { ok: result.status === 0, seconds: (performance.now() - started) / 1000 };
}

/** npm start's recycles of the emulator during the run, from its log (scripts/start.mjs). */
export const recyclesIn = (startLog: string) => ({
  seconds: [...startLog.matchAll(/recycled the Firestore emulator in ([\d.]+) s/g)].map((match) => Number(match[1])),
  failed: [...startLog.matchAll(/the recycle failed/g)].length,
});
