import { useEffect, type RefObject } from 'react';

/**
 * Keeps a sticky element's height in a CSS variable on the root, as it changes (banners come and
 * go, and a phone's stack shrinks to one line once scrolled): `scroll-padding-top` (styles/base.css)
 * adds it to the header's, so an element scrolled into view by keyboard focus, a link to an anchor
 * or `scrollIntoView` stops below them instead of under them (WCAG 2.4.11, focus not obscured).
 */
export function useStickyHeight(ref: RefObject<HTMLElement | null>, variable: `--${string}`) {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(variable, `${element.getBoundingClientRect().height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable]);
}
