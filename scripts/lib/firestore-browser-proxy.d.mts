// Types for firestore-browser-proxy.mjs.
import type { Server } from 'node:http';

export interface FirestoreBrowserProxy {
  server: Server;
  stats(): {
    sessions: number;
    ended: number;
    targetsRemoved: number;
    /** Messages acknowledged for sessions the proxy ended, so the emulator dropped them. */
    acknowledged: number;
    /** Sessions being ended right now. */
    ending: number;
    live: number;
  };
  close(): Promise<void>;
}
export function startFirestoreBrowserProxy(options: {
  port: number;
  upstreamPort: number;
  host?: string;
  goneAfterMs?: number;
  log?: (message: string) => void;
  endsListens?: boolean;
}): Promise<FirestoreBrowserProxy>;
