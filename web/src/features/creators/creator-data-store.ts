import { create } from 'zustand';
import { CREATOR_DATA_REFRESH_MS } from '@versus/domain/wallet/economics';
import { apiRequest, toApiError } from '../../lib/api';

export interface CreatorData {
  code: string;
  currentBalance: number;
  numberSupporting: number;
  timeDataSet: Record<string, number>;
}

interface CreatorDataState {
  data: CreatorData | null;
  /** Whose data it is: another user signing in on this tab loads their own. */
  uid: string | null;
  fetchedAt: number;
  loading: boolean;
  error: string | null;
  /** Loads GET /profile/creatorCodeData unless it was loaded less than 30 s ago (SPEC §9). */
  load: (uid: string, options?: { force?: boolean }) => Promise<void>;
  reset: () => void;
}

export const useCreatorData = create<CreatorDataState>((set, get) => ({
  data: null,
  uid: null,
  fetchedAt: 0,
  loading: false,
  error: null,
  load: async (uid, { force = false } = {}) => {
    const state = get();
    const sameUser = state.uid === uid;
    if (state.loading || (sameUser && !force && Date.now() - state.fetchedAt < CREATOR_DATA_REFRESH_MS)) return;
    set(sameUser ? { loading: true, error: null } : { uid, data: null, loading: true, error: null });
    try {
      const data = await apiRequest<CreatorData>('/profile/creatorCodeData');
      set({ data, uid, fetchedAt: Date.now(), loading: false });
    } catch (error) {
      set({ error: toApiError(error).message, loading: false });
    }
  },
  reset: () => set({ data: null, uid: null, fetchedAt: 0, loading: false, error: null }),
}));
