import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DropdownProps {
  label: ReactNode;
  ariaLabel: string;
  children: (close: () => void) => ReactNode;
  onOpen?: () => void;
  onClose?: () => void;
  align?: 'left' | 'right';
  testId?: string;
  /** A class beside `dropdown`, for where the header places it. */
  className?: string;
}

/**
 * A button that opens a panel; closes on outside click, Escape, the keyboard leaving it, or from
 * inside the panel. Closed from inside, the keyboard goes back to the button (not the page's top);
 * a menu's items (role="menuitem") step with the arrow keys, Home and End, as a menu's do.
 */
export function Dropdown({
  label,
  ariaLabel,
  children,
  onOpen,
  onClose,
  align = 'right',
  testId,
  className,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // Every way of closing: the keyboard, if it was inside, goes back to the button.
  const close = useCallback(() => {
    if (root.current?.contains(document.activeElement)) trigger.current?.focus();
    setOpen(false);
    onClose?.();
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return (
    <div
      className={className ? `dropdown ${className}` : 'dropdown'}
      ref={root}
      data-testid={testId}
      onBlur={(event) => {
        // Tabbed out: the panel would cover what the keyboard reaches next. (A click on the panel's
        // text moves the focus to no element: that is not leaving.)
        const to = event.relatedTarget;
        if (open && to && !root.current?.contains(to)) close();
      }}
      onKeyDown={(event) => {
        const items = [...(root.current?.querySelectorAll<HTMLElement>('[role=menuitem]:not(:disabled)') ?? [])];
        const at = items.indexOf(document.activeElement as HTMLElement);
        const to = { ArrowDown: at + 1, ArrowUp: Math.max(at, 0) - 1, Home: 0, End: -1 }[event.key];
        if (!open || to === undefined || items.length === 0) return;
        event.preventDefault();
        items.at(to % items.length)?.focus();
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="dropdown-trigger"
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (open) close();
          else {
            setOpen(true);
            onOpen?.();
          }
        }}
      >
        {label}
      </button>
      {open ? (
        <div id={panelId} className={`dropdown-panel dropdown-${align}`}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
