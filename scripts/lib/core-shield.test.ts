import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCpuList, shieldCore } from './core-shield';

const allowed = (pid: number) =>
  parseCpuList(/^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '');
const twoCores =
  process.platform === 'linux' &&
  allowed(process.pid).length >= 2 &&
  spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

describe('CPU lists', () => {
  it('reads single cores, ranges and both', () => {
    expect(parseCpuList('0')).toEqual([0]);
    expect(parseCpuList('0-3\n')).toEqual([0, 1, 2, 3]);
    expect(parseCpuList('4,0-1,1')).toEqual([0, 1, 4]);
    expect(() => parseCpuList('0-a')).toThrow('not a CPU list');
  });
});

describe.runIf(twoCores)('a core of its own for the renderer', () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });
  const sleeper = () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(child);
    return child.pid as number;
  };

  it('moves a process off the last core, leaves a renderer there, and gives each its cores back', () => {
    const other = sleeper();
    // A renderer by its command line, as Chromium's are (`--type=renderer`).
    const renderer = spawn('sh', ['-c', 'sleep 30; :', '--type=renderer'], { stdio: 'ignore' });
    children.push(renderer);
    const before = allowed(other);
    const shield = shieldCore({ pids: () => [other, renderer.pid as number] });
    if (!shield) throw new Error('no shield on a machine with two cores');
    expect(before).toContain(shield.core);

    expect(shield.sweep()).toBe(1);
    expect(allowed(other)).toEqual(shield.rest);
    expect(allowed(renderer.pid as number)).toEqual(before);
    // Already moved: nothing more to do.
    expect(shield.sweep()).toBe(0);
    shield.restore();
    expect(allowed(other)).toEqual(before);
  });

  it("starts a process on the core alone by Chromium's renderer prefix", async () => {
    const shield = shieldCore({ pids: () => [] });
    if (!shield) throw new Error('no shield on a machine with two cores');
    // Chromium splits the prefix on spaces and runs the renderer's command after it.
    const [command, ...args] = `${shield.rendererPrefix} sleep 30`.split(' ');
    const started = spawn(command as string, args, { stdio: 'ignore' });
    children.push(started);
    const pid = started.pid as number;
    await expect.poll(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]).toBe('sleep');
    expect(allowed(pid)).toEqual([shield.core]);
  });
});
