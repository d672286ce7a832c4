// Types for listen-reads.mjs.
export interface ListenReads {
  readonly reads: number;
  /** Counts one ListenResponse the emulator sent; answers the reads it is billed. */
  add(response: unknown): number;
  /** Whether the target has had its first answer in full (CURRENT) since it was added. */
  isCurrent(targetId: number): boolean;
}
export function listenReads(onBill?: (targetId: number, reads: number) => void): ListenReads;
/** `onLost` hears, once, that a frame could not be read (the rest of the answer is not read). */
export function backChannelReader(
  onEntry: (arrayId: number, payload: unknown) => void,
  onLost?: () => void,
): (chunk: Buffer) => void;
