/** The grand prize is drawn once this many battles have been played (SPEC §9). */
export const GRAND_PRIZE_BATTLES = 10_000;
/** counters/battles/shards/{0..n-1}: spreads the writes of a hot counter (DESIGN §6). */
export const BATTLE_COUNTER_SHARDS = 40;

/** campaigns/{YYYY-MM}: the month of a UTC time. */
export const campaignMonth = (now: number): string => new Date(now).toISOString().slice(0, 7);
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The first moment after a campaign month, UTC. */
export const monthEnd = (month: string): number => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return Date.UTC(year, monthNumber, 1);
};

/** campaigns/{month}.draw: enough to re-check the draw by hand. */
export interface CampaignDraw {
  drawnAt: number;
  drawnBy: string;
  entries: number;
  /** sha256 of the entry ids, sorted, joined with "\n". */
  entriesDigest: string;
  /** Random hex chosen at the draw. */
  seed: string;
  /** index = BigInt('0x' + sha256(seed + ':' + entriesDigest)) mod entries, into the sorted ids. */
  winnerIndex: number;
  winnerEntry: string;
  winner: string;
}

/** campaigns/{YYYY-MM} */
export interface Campaign {
  month: string;
  prize: string;
  /** Absent until the month is drawn (setting the prize writes none). */
  draw?: CampaignDraw | null;
  updatedBy?: string;
  updatedAt?: number;
}

/** The winning index from the draw's hash, as the draw record describes. */
export const drawIndex = (hashHex: string, entries: number): number => Number(BigInt(`0x${hashHex}`) % BigInt(entries));
