import { shouldReloadAfterChunkFailure } from '../lib/timings';

const RELOAD_KEY = 'versus:chunkReloadAt';

/** After a deploy old chunks vanish: reload once to pick up the new build, at most every 60 s. */
export function reloadAfterChunkFailure(now = Date.now()): boolean {
  if (typeof window === 'undefined') return false; // the prerenderer: a lost module is a build error
  const saved = sessionStorage.getItem(RELOAD_KEY);
  if (!shouldReloadAfterChunkFailure(saved === null ? null : Number(saved), now)) return false;
  sessionStorage.setItem(RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}
