import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * A table that may be wider than its box scrolls sideways in it, with a shade at each side that has
 * more (`.table-scroll`, `.round-robin-scroll`). While it is wider, the box takes the keyboard, so
 * its arrow keys scroll it where nothing inside can be focused (WCAG 2.1.1); it is a region named
 * `label` for the screen reader that lands on it. A table that fits (a desktop's) is no Tab stop.
 */
export function ScrollBox({
  label,
  kind = 'table-scroll',
  children,
}: {
  label: string;
  kind?: 'table-scroll' | 'round-robin-scroll';
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(true);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth));
    // The box for its width, its table for what it holds (rows and columns that come later).
    for (const target of [element, element.firstElementChild]) if (target) observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={kind} role="region" aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}
