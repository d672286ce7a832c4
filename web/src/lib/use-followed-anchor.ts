import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a followed anchor keeps its part of the page in view while what is above it loads. */
const KEEP_IN_VIEW_MS = 5_000;

/**
 * A link to a part of a page (`#chat`, `#current-match`) brings that part into view every time one
 * is followed (a new location key: a banner's link pressed again on its own page too), and keeps it
 * there while what loads above it (the bracket, the matches) would push it down: until the page has
 * settled a few seconds, or the player scrolls, types or clicks. `onFollow` runs first (the chat
 * opens itself).
 */
export function useFollowedAnchor(
  anchor: string,
  target: RefObject<HTMLElement | null>,
  ready: boolean,
  onFollow?: () => void,
): void {
  const { hash, key } = useLocation();
  const follow = useRef(onFollow);
  follow.current = onFollow;
  useEffect(() => {
    const element = target.current;
    if (hash !== anchor || !ready || !element) return;
    follow.current?.();
    element.scrollIntoView({ block: 'start' });
    const keep = new ResizeObserver(() => element.scrollIntoView({ block: 'start' }));
    keep.observe(document.body);
    const stop = () => keep.disconnect();
    const timer = window.setTimeout(stop, KEEP_IN_VIEW_MS);
    const events = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const event of events) window.addEventListener(event, stop, { once: true, passive: true });
    return () => {
      stop();
      window.clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, stop);
    };
  }, [anchor, hash, key, ready, target]);
}
