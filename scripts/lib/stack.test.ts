import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { alive } from './stack.mjs';

const stack = fileURLToPath(new URL('./stack.mjs', import.meta.url));

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

// firebase-tools starts the Firestore emulator's JVM detached, in a process group of its own: a
// signal to the emulators' group left it running, holding port 8080, and `npm start`'s export
// never ran (issue #57).
describe('stopping a stack child stops everything below it', () => {
  /** A child that starts a detached grandchild in its own group, and ignores SIGINT itself. */
  function childWithDetachedGrandchild(ignoreInterrupt: boolean) {
    const script = `
      const { spawn } = require('node:child_process');
      const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
      console.log(grandchild.pid);
      ${ignoreInterrupt ? "process.on('SIGINT', () => {});" : ''}
      setInterval(() => {}, 1000);
    `;
    return script;
  }

  for (const hung of [false, true])
    it(hung ? 'when the child hangs on SIGINT, after its grace' : 'when the child exits on SIGINT', async () => {
      const { startChild, stopChild } = await import('./stack.mjs');
      const child = startChild(process.execPath, ['-e', childWithDetachedGrandchild(hung)], {
        name: 'parent',
        quiet: true,
      });
      let grandchild = 0;
      for (let i = 0; i < 50 && !grandchild; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        grandchild = Number(child.recentOutput?.().trim().split('\n')[0]) || 0;
      }
      expect(alive(grandchild)).toBe(true);
      await stopChild(child, 1_000, { graceMs: 200 });
      expect(alive(child.pid!)).toBe(false);
      expect(await gone(grandchild)).toBe(true);
    });
});
