// Types for listen-reads.mjs.
export interface ListenReads {
  readonly reads: number;
  /** Counts one ListenResponse the emulator sent; answers the reads it is billed. */
  add(response: unknown): number;
  /** Whether the target has had its first answer in full (CURRENT) since it was added. */
  isCurrent(targetId: number): boolean;
}
export function listenReads(onBill?: (targetId: number, reads: number) => void): ListenReads;
/** A WebChannel forward body's messages (each null where it is not JSON), their count and offset. */
export function forwardMessages(body: string): { count: number; ofs: number; messages: unknown[] };
/** `onLost` hears, once, that a frame could not be read (the rest of the answer is not read). */
export function backChannelReader(
  onEntry: (arrayId: number, payload: unknown) => void,
  onLost?: () => void,
): (chunk: Buffer) => void;
/** What a listen reads, for the proxy's counts by collection: a query's collection, or a document's. */
export function targetLabel(target: unknown): string;
/** Keeps one event of a Listen session in its `recent` (the last 24). */
export function remember(session: { recent: string[] }, event: string): void;
/** What the emulator sent a Listen session, as one line of its `recent`, or null if not kept. */
export function sentEvent(response: unknown): string | null;
