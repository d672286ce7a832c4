import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CHECK_IN_MINUTES_DEFAULT } from '@versus/domain/tournaments/play';
import { TOURNAMENT_DRAFT_KEY } from '../../lib/storage-keys';
import { browserTimeZone } from '../../lib/zone-name';
import type { CoverValue } from './components/cover-picker';

/** The tournament being created: survives a reload; the create layout's cancel clears it (SPEC §2). */
export interface TournamentDraft {
  step: number;
  /** The furthest step reached with Next (a draft saved before it has none). */
  reached?: number;
  game: string;
  region: string;
  platform: string[];
  gameFormat: string;
  teamSize: number;
  size: number;
  bracket: string;
  /** Double elimination: the grand final can be reset. */
  grandFinalReset: boolean;
  /** Issue #22: only players with a linked game account may join (League of Legends, Dota 2). */
  verifiedOnly?: boolean;
  /** Issue #60: the least reliability (%) to join, or null for none. */
  minReliability?: number | null;
  /** Swiss: the rounds, or null for ⌈log2 n⌉. */
  swissRounds: number | null;
  /** Series (issue #21): best of 1, 3 or 5, and the final's. */
  bestOf: number;
  finalBestOf: number;
  /** Check-in per match (issue #60): minutes, or null for none; on by default. */
  checkInMinutes?: number | null;
  /** With check-in: what a match that neither side checked in to decides. */
  bothAbsent?: string;
  entryFee: number;
  /** A paid Riot game's tournament in the EU: the host's Riot licence reference (issue #58). */
  riotLicence?: string;
  /** The countries that licence covers (ISO alpha-2). */
  riotLicenceCountries?: string[];
  payoutStructure: string;
  name: string;
  description: string;
  rules: string;
  startTime: number | null;
  cover: CoverValue | null;
  terms: boolean;
}

/**
 * The region a new draft starts with, from the host's time zone (record 122): Europe's tournaments
 * are EU; a host on another continent gets Global, which is the only other region to host in (SPEC
 * §3). A zone that names no place (UTC) keeps EU, the platform's home.
 */
export function regionForTimeZone(zone: string): 'EU' | 'GLOB' {
  const [continent = ''] = zone.split('/');
  return ['America', 'Asia', 'Australia', 'Pacific', 'Africa', 'Indian', 'Antarctica'].includes(continent)
    ? 'GLOB'
    : 'EU';
}

export const emptyDraft = (): TournamentDraft => ({
  step: 0,
  reached: 0,
  game: '',
  region: regionForTimeZone(browserTimeZone()),
  platform: [],
  gameFormat: 'SOLO',
  teamSize: 1,
  size: 8,
  bracket: 'ELIMINATION',
  grandFinalReset: true,
  swissRounds: null,
  bestOf: 1,
  finalBestOf: 1,
  checkInMinutes: CHECK_IN_MINUTES_DEFAULT,
  bothAbsent: 'HIGHER_SEED',
  entryFee: 0,
  payoutStructure: 'winner-takes-all',
  name: '',
  description: '',
  rules: '',
  startTime: null,
  cover: null,
  terms: false,
});

interface DraftState extends TournamentDraft {
  set: (change: Partial<TournamentDraft>) => void;
  reset: () => void;
}

export const useDraft = create<DraftState>()(
  persist(
    (set) => ({
      ...emptyDraft(),
      set: (change) => set(change),
      reset: () => set(emptyDraft()),
    }),
    {
      name: TOURNAMENT_DRAFT_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ set: _set, reset: _reset, ...draft }) => draft,
    },
  ),
);
