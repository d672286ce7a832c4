import { ONLINE_WINDOW_MS } from '../platform/constants';

export const isOnline = (lastSeen: number | undefined, now: number): boolean =>
  lastSeen !== undefined && now - lastSeen < ONLINE_WINDOW_MS;
