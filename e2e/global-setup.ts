import { isListening as isOpen } from '../scripts/lib/stack.mjs';
import { startHosting } from '../scripts/lib/hosting.mjs';

const WEB_PORT = 5173;

/**
 * Serves the built web app the way Hosting does (scripts/lib/hosting.mjs: firebase.json's clean URLs,
 * rewrites and headers; /api and tournament pages to the one-process host) unless one already runs.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (await isOpen(WEB_PORT)) return async () => {};
  const server = await startHosting({ port: WEB_PORT });
  return async () => {
    await new Promise((resolve) => server.close(resolve));
  };
}
