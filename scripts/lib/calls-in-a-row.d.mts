export interface Chain {
  answered: { depth: number; start: number; end: number }[];
  outbound: { start: number; end: number }[];
}
export function nextDepth(chain: Chain): number;
