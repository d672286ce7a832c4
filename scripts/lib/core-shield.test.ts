import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedCpus, parseCpuList, planShield, shieldCore } from './core-shield';

describe('CPU lists and the plan', () => {
  it('reads single cores, ranges and both', () => {
    expect(parseCpuList('0')).toEqual([0]);
    expect(parseCpuList('0-3\n')).toEqual([0, 1, 2, 3]);
    expect(parseCpuList('4,0-1,1')).toEqual([0, 1, 4]);
    expect(() => parseCpuList('0-a')).toThrow('not a CPU list');
  });

  it('gives the renderers the last allowed core and the rest the others; nothing with one core', () => {
    expect(planShield([0, 1])).toEqual({ core: 1, rest: [0] });
    expect(planShield([2, 0])).toEqual({ core: 2, rest: [0] });
    expect(planShield([0, 1, 2, 3])).toEqual({ core: 3, rest: [0, 1, 2] });
    expect(planShield([3])).toBeUndefined();
    expect(planShield([])).toBeUndefined();
  });
});

const twoCores =
  process.platform === 'linux' &&
  allowedCpus().length >= 2 &&
  spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

describe.runIf(twoCores)('on this machine', () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });
  const start = (command: string, args: string[]) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    children.push(child);
    return child.pid as number;
  };
  const threads = (pid: number) => readdirSync(`/proc/${pid}/task`).map((tid) => allowedCpus(Number(tid)));

  it('moves every thread of a process off the last core, and what it starts after inherits that', async () => {
    // Node has threads of its own from the start (V8's workers, libuv's); the shell starts a
    // sleep once the test has moved it (a file says so).
    const node = start(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    const folder = mkdtempSync(join(tmpdir(), 'core-shield-'));
    const moved = join(folder, 'moved');
    const shell = start('sh', ['-c', `while [ ! -e ${moved} ]; do sleep 0.05; done; sleep 30; :`]);
    const laterChild = () => readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim();
    try {
      await expect.poll(() => threads(node).length, { timeout: 5_000 }).toBeGreaterThan(1);
      const before = allowedCpus(node);
      const shield = shieldCore(node);
      if (!('core' in shield)) throw new Error(shield.reason);
      expect(shield.core).toBe(before[before.length - 1]);
      expect(threads(node).every((cpus) => cpus.join() === shield.rest.join())).toBe(true);

      expect('core' in shieldCore(shell)).toBe(true);
      writeFileSync(moved, '');
      await expect
        .poll(() => laterChild() !== '' && readFileSync(`/proc/${laterChild()}/cmdline`, 'utf8'), {
          timeout: 5_000,
        })
        .toBe('sleep\u000030\u0000');
      expect(allowedCpus(Number(laterChild()))).toEqual(shield.rest);
    } finally {
      // The shell's own child outlives the shell: stopped here, whatever the test found.
      const child = existsSync(`/proc/${shell}`) ? Number(laterChild()) : 0;
      if (child > 0) process.kill(child);
      rmSync(folder, { recursive: true });
    }
  });

  it("starts a process on the core alone by Chromium's renderer prefix", async () => {
    const shield = shieldCore(start('sleep', ['30']));
    if (!('core' in shield)) throw new Error(shield.reason);
    // Chromium splits the prefix on spaces and runs the renderer's command after it.
    const [command, ...args] = `${shield.rendererPrefix} sleep 30`.split(' ');
    const pid = start(command as string, args);
    await expect
      .poll(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\u0000')[0], { timeout: 5_000 })
      .toBe('sleep');
    expect(allowedCpus(pid)).toEqual([shield.core]);
  });
});
