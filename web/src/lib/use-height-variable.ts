import { useEffect, type RefObject } from 'react';

/**
 * Keeps an element's height in a CSS variable on the root as it changes, and removes it when the
 * element goes: the sticky banners' (`--sticky-banners-height`, which `scroll-padding-top` adds to
 * the header's, so keyboard focus, an anchor or `scrollIntoView` stops below them: WCAG 2.4.11) and
 * the consent bar's (`--consent-room`, the room the page leaves below its end). `mounted` is what
 * decides whether the element is rendered, for one that comes and goes.
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, variable: `--${string}`, mounted?: unknown) {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(variable, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable, mounted]);
}
