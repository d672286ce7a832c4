// Types for listen-reads.mjs.
export interface ListenReads {
  readonly reads: number;
  /** Counts one ListenResponse the emulator sent; answers the reads it is billed. */
  add(response: unknown): number;
  /** Whether the target has had its first answer in full (CURRENT) since it was added. */
  isCurrent(targetId: number): boolean;
}
export function listenReads(onBill?: (targetId: number, reads: number) => void): ListenReads;
export function backChannelReader(onEntry: (arrayId: number, payload: unknown) => void): (chunk: Buffer) => void;
