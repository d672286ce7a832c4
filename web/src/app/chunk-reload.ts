import { isOffline } from '../lib/online';
import { shouldReloadAfterChunkFailure } from '../lib/timings';

const RELOAD_KEY = 'versus:chunkReloadAt';

/**
 * After a deploy old chunks vanish: reload once to pick up the new build, at most every 60 s. Not
 * offline: the chunk is not lost, and a reload swapped the page for the browser's own offline page,
 * blank after Back until reloaded by hand (walk AD); the import waits for the network instead
 * (importWhenOnline).
 */
export function reloadAfterChunkFailure(now = Date.now()): boolean {
  if (typeof window === 'undefined') return false; // the prerenderer: a lost module is a build error
  if (isOffline()) return false;
  const saved = sessionStorage.getItem(RELOAD_KEY);
  if (!shouldReloadAfterChunkFailure(saved === null ? null : Number(saved), now)) return false;
  sessionStorage.setItem(RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}
