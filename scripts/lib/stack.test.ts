import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const stack = fileURLToPath(new URL('./stack.mjs', import.meta.url));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Runs a script that starts a long-lived child through startChild and then fails; answers its pid. */
function crashAfterStarting(ending: string): number {
  const script = `
    import { startChild } from ${JSON.stringify(stack)};
    const child = startChild(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { name: 'sleeper', quiet: true });
    console.log(child.pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    ${ending}
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(result.status).not.toBe(0);
  return Number(result.stdout.trim().split('\n')[0]);
}

async function gone(pid: number) {
  for (let i = 0; i < 30 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return !alive(pid);
}

// A benchmark that crashed after starting its stack left the emulators holding their ports, and the
// next npm test or npm start then failed on them.
describe('a stack child outlives no crash of the process that started it', () => {
  it('is stopped when the starter throws', async () => {
    const pid = crashAfterStarting("throw new Error('crashed');");
    expect(pid).toBeGreaterThan(0);
    expect(await gone(pid)).toBe(true);
  });

  it('is stopped when the starter fails a top-level await', async () => {
    const pid = crashAfterStarting("await Promise.reject(new Error('crashed'));");
    expect(await gone(pid)).toBe(true);
  });
});
