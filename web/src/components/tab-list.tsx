import { type KeyboardEvent, type ReactNode, useRef } from 'react';

/**
 * Where an arrow key moves the keyboard in a row of `count` items from `index` (WAI-ARIA's tabs
 * pattern): the next or the previous, round from the last to the first and back, Home to the first,
 * End to the last; null for any other key.
 */
export function arrowIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A row of tabs as WAI-ARIA's tabs pattern has them: the selected tab is the row's one Tab stop, and
 * the arrow keys, Home and End move to another tab and select it, as a click does. `id` names the
 * tabs (`{id}-tab-{item}`), and `tabPanel(id, selected)` gives the panel they control its role and
 * name. A row whose panel is not one element (a bracket on a desktop shows every round) sets `panel`
 * false.
 */
export function TabList<T extends string | number>({
  id,
  label,
  items,
  selected,
  onSelect,
  name,
  className,
  panel = true,
}: {
  id: string;
  label: string;
  items: readonly T[];
  selected: T;
  onSelect: (item: T) => void;
  name: (item: T) => ReactNode;
  className?: string;
  panel?: boolean;
}) {
  const row = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const next = arrowIndex(event.key, items.indexOf(selected), items.length);
    if (next === null) return;
    event.preventDefault();
    onSelect(items[next]!);
    (row.current?.children[next] as HTMLElement | undefined)?.focus();
  };
  return (
    <div ref={row} className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item}
          id={`${id}-tab-${item}`}
          type="button"
          role="tab"
          aria-selected={item === selected}
          aria-controls={panel ? `${id}-panel` : undefined}
          tabIndex={item === selected ? 0 : -1}
          className={item === selected ? 'active' : undefined}
          onClick={() => onSelect(item)}
        >
          {name(item)}
        </button>
      ))}
    </div>
  );
}

/** The panel a `TabList` controls: named by its selected tab. */
export const tabPanel = (id: string, selected: string | number) => ({
  id: `${id}-panel`,
  role: 'tabpanel',
  'aria-labelledby': `${id}-tab-${selected}`,
});
