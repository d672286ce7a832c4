import { useEffect, useState } from 'react';

/** How far (px) a finger must move one way before it counts as a direction. */
const STEP_PX = 12;
/** Within this of the page's end (px) the button stays: the page's padding leaves it room there. */
const END_PX = 80;
const DOWN_KEYS = new Set(['ArrowDown', 'PageDown', 'End']);
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/**
 * Whether a phone's floating chat button makes way: while the player scrolls down it slides out of
 * the way of what scrolls under it, and it comes back when they scroll up or reach the page's top or
 * end (record 180; walks had found it covering a card's corner or a tab row's end).
 *
 * The direction is the player's, from their wheel, finger or keys, applied as the page scrolls: a
 * page that moves by itself (the browser's scroll anchoring, as a banner above turns sticky, or
 * content loading above or below) says nothing of it. Read from positions, such a move read as a
 * scroll up had kept the button on the tournament page.
 */
export function useTuckedWhileScrolling(): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let down: boolean | null = null;
    let touchY: number | null = null;
    const atEdge = () =>
      window.scrollY <= 0 || window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - END_PX;
    const onScroll = () => {
      if (atEdge()) setTucked(false);
      else if (down !== null) setTucked(down);
    };
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY !== 0) down = event.deltaY > 0;
    };
    const onTouchStart = (event: TouchEvent) => {
      touchY = event.touches[0]?.clientY ?? null;
    };
    const onTouchMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      if (touchY === null || y === undefined || Math.abs(y - touchY) < STEP_PX) return;
      // A finger moving up scrolls the page down.
      down = y < touchY;
      touchY = y;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === ' ') down = !event.shiftKey;
      else if (DOWN_KEYS.has(event.key)) down = true;
      else if (UP_KEYS.has(event.key)) down = false;
    };
    const options = { passive: true } as const;
    window.addEventListener('scroll', onScroll, options);
    window.addEventListener('wheel', onWheel, options);
    window.addEventListener('touchstart', onTouchStart, options);
    window.addEventListener('touchmove', onTouchMove, options);
    window.addEventListener('keydown', onKeyDown, options);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('touchstart', onTouchStart);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return tucked;
}
