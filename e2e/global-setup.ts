import { spawn, type ChildProcess } from 'node:child_process';
import { isListening as isOpen } from '../scripts/lib/stack.mjs';

const WEB_PORT = 5173;

/** Serves the built web app (vite preview, /api proxied to the emulator) unless one already runs. */
export default async function setup(): Promise<() => Promise<void>> {
  if (await isOpen(WEB_PORT)) return async () => {};
  const server: ChildProcess = spawn('npx', ['vite', 'preview', '--config', 'web/vite.config.ts', 'web'], {
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (!(await isOpen(WEB_PORT))) {
    if (Date.now() > deadline) throw new Error('the web preview server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return async () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  };
}
