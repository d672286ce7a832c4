// Types for firestore-browser-proxy.mjs.
import type { Server } from 'node:http';

export interface FirestoreBrowserProxy {
  server: Server;
  stats(): {
    sessions: number;
    ended: number;
    /** Ends whose removal of listens the emulator did not answer within 5 s (record 2). */
    endsUnanswered: number;
    /** New sessions' handshakes that ended before their answer named the session (record 2). */
    handshakesLost: number;
    targetsRemoved: number;
    /** Messages acknowledged for sessions the proxy ended, so the emulator dropped them. */
    acknowledged: number;
    /** Sessions being ended right now. */
    ending: number;
    live: number;
    /** Times the emulator behind was recycled (npm start). */
    recycled: number;
    /** When the last recycle's new emulator took over (epoch ms; 0 before any). */
    recycledAt: number;
    /** A recycle holds the browsers' requests right now. */
    holding: boolean;
    /** What the browsers' listens and counts would be billed in production, in reads (listen-reads.mjs). */
    reads: number;
    /** The same by what was read: a query's collection, `<collection> (document)`, or `counts`. */
    readsBy: Record<string, number>;
  };
  /** New requests wait until release() (the emulator behind is being recycled). */
  hold(): void;
  /** Lets the held requests go on; with `newUpstream`, the old process's sessions are forgotten. */
  release(options?: { newUpstream?: boolean }): void;
  close(): Promise<void>;
}
/** What a running proxy (npm start's) knows, asked over HTTP: a proxy of an older commit lacks newer fields. */
export function fetchProxyStats(port: number): Promise<Partial<ReturnType<FirestoreBrowserProxy['stats']>>>;
/**
 * A Listen session's live targets, how many of them still wait for their first answer in full, how
 * many of its back channels the proxy could not read, and its last events (listens added and
 * removed, what the emulator sent), each line starting with its time.
 */
export function fetchListenState(
  port: number,
  sid: string,
): Promise<{ found: boolean; targets: number; waiting: number; unreadable: number; recent: string[] }>;
export function startFirestoreBrowserProxy(options: {
  port: number;
  upstreamPort: number;
  host?: string;
  goneAfterMs?: number;
  /** How long a new session's answer (or a session's forward request's) is still awaited after its browser went (120 s). */
  handshakeWaitMs?: number;
  log?: (message: string) => void;
  endsListens?: boolean;
}): Promise<FirestoreBrowserProxy>;
