import { useEffect, useState } from 'react';

/** How far (px) the page must move one way before the button goes or comes back. */
const STEP_PX = 12;
/** Within this of the page's end (px) the button stays: the page's padding leaves it room there. */
const END_PX = 80;

/**
 * Whether a phone's floating chat button makes way: while the player scrolls down it slides out of
 * the way of what scrolls under it, and it comes back when they scroll up or reach the page's end
 * (record 180; walks had found it covering a card's corner or a tab row's end).
 */
export function useTuckedWhileScrolling(): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let height = document.documentElement.scrollHeight;
    const onScroll = () => {
      const y = window.scrollY;
      const { scrollHeight } = document.documentElement;
      const atEnd = y + window.innerHeight >= scrollHeight - END_PX;
      if (atEnd || y <= 0) {
        setTucked(false);
        last = y;
      } else if (scrollHeight !== height && y < last) {
        // The page lost height above the screen (a banner turning sticky as it scrolls down): the
        // browser's scroll anchoring moved the page up, not the player.
        last = y;
      } else if (Math.abs(y - last) >= STEP_PX) {
        setTucked(y > last);
        last = y;
      }
      height = scrollHeight;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return tucked;
}
