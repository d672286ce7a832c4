import type { ReactNode } from 'react';

/**
 * A table that may be wider than its box scrolls sideways in it, with a shade at each side that has
 * more (`.table-scroll`, `.round-robin-scroll`). The box takes the keyboard, so its arrow keys scroll
 * it where nothing inside can be focused (WCAG 2.1.1), and it is a region named `label` for the
 * screen reader that lands on it.
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
  return (
    <div className={kind} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
