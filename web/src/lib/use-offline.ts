import { useSyncExternalStore } from 'react';
import { isOffline } from './online';

function subscribe(changed: () => void) {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/** isOffline as the page's state: true while the browser has no network (false when prerendered). */
export const useOffline = (): boolean => useSyncExternalStore(subscribe, isOffline, () => false);
