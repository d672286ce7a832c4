import { create } from 'zustand';

interface ProgressState {
  pending: number;
  start: () => void;
  done: () => void;
}

/** Counts API calls in flight; the top progress bar shows while any is pending. */
export const useProgressStore = create<ProgressState>((set) => ({
  pending: 0,
  start: () => set((state) => ({ pending: state.pending + 1 })),
  done: () => set((state) => ({ pending: Math.max(0, state.pending - 1) })),
}));
