import { create } from 'zustand';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timings';
import { searchTournamentsByName, searchUsers, type TournamentHit, type UserHit } from './api';

/** SPEC §3 "Search store state" and §4 "Search": both lists, their totals, the query. */
export interface SearchState {
  initialised: boolean;
  loadingMoreTournaments: boolean;
  loadingMoreUsers: boolean;
  reloading: boolean;
  totalTournaments: number;
  tournaments: TournamentHit[];
  totalUsers: number;
  users: UserHit[];
  query: string;
  /** Runs once: reset, then reload. */
  initialise: (query: string) => void;
  /** A new query reloads at once, or (`debounced`) after 500 ms of quiet. */
  setQuery: (query: string, debounced?: boolean) => void;
  reload: () => Promise<void>;
  loadMoreUsers: () => Promise<void>;
  loadMoreTournaments: () => Promise<void>;
}

const EMPTY = {
  initialised: false,
  loadingMoreTournaments: false,
  loadingMoreUsers: false,
  reloading: false,
  totalTournaments: 0,
  tournaments: [],
  totalUsers: 0,
  users: [],
  query: '',
};

/** Random mode (empty query) has no load-more; otherwise while the total exceeds what is loaded. */
export const canLoadMore = (query: string, total: number, loaded: number) => query.trim() !== '' && total > loaded;

/** Failures are logged; the list is then empty with a total of 0 (SPEC §8). */
const orEmpty = <T>(what: string, promise: Promise<{ total: { value: number }; hits: T[] }>) =>
  promise.catch((error: unknown) => {
    console.warn(`${what} search failed`, error);
    return { total: { value: 0 }, hits: [] as T[] };
  });

let timer: ReturnType<typeof setTimeout> | undefined;
/** Each reload's number: an answer to an older query is dropped. */
let generation = 0;

export const useSearchStore = create<SearchState>()((set, get) => ({
  ...EMPTY,
  initialise: (query) => {
    if (get().initialised || get().reloading) return;
    set({ ...EMPTY, query });
    void get().reload();
  },
  setQuery: (query, debounced = false) => {
    if (query === get().query) return;
    set({ query });
    clearTimeout(timer);
    if (debounced) timer = setTimeout(() => void get().reload(), SEARCH_DEBOUNCE_MS);
    else void get().reload();
  },
  reload: async () => {
    const run = ++generation;
    const { query } = get();
    set({ reloading: true, users: [], tournaments: [], totalUsers: 0, totalTournaments: 0 });
    const [users, tournaments] = await Promise.all([
      orEmpty('user', searchUsers(query, 0)),
      orEmpty('tournament', searchTournamentsByName(query)),
    ]);
    if (run !== generation) return;
    set({
      reloading: false,
      initialised: true,
      users: users.hits,
      totalUsers: users.total.value,
      tournaments: tournaments.hits,
      totalTournaments: tournaments.total.value,
    });
  },
  loadMoreUsers: async () => {
    const { query, users, totalUsers, loadingMoreUsers } = get();
    if (loadingMoreUsers || !canLoadMore(query, totalUsers, users.length)) return;
    const run = generation;
    set({ loadingMoreUsers: true });
    const next = await orEmpty('user', searchUsers(query, users.length));
    if (run !== generation) return set({ loadingMoreUsers: false });
    set((state) => ({
      loadingMoreUsers: false,
      users: [...state.users, ...next.hits.filter((hit) => !state.users.some((user) => user.id === hit.id))],
    }));
  },
  loadMoreTournaments: async () => {
    const { query, tournaments, totalTournaments, loadingMoreTournaments } = get();
    if (loadingMoreTournaments || !canLoadMore(query, totalTournaments, tournaments.length)) return;
    const run = generation;
    set({ loadingMoreTournaments: true });
    const next = await orEmpty('tournament', searchTournamentsByName(query, tournaments.at(-1)?._id));
    if (run !== generation) return set({ loadingMoreTournaments: false });
    set((state) => ({
      loadingMoreTournaments: false,
      tournaments: [
        ...state.tournaments,
        ...next.hits.filter((hit) => !state.tournaments.some((item) => item._id === hit._id)),
      ],
    }));
  },
}));
