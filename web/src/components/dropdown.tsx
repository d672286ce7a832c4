import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

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

/** A button that opens a panel; closes on outside click, Escape, or from inside the panel. */
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
  const panelId = useId();

  const close = () => {
    setOpen(false);
    onClose?.();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
        onClose?.();
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        onClose?.();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  return (
    <div className={className ? `dropdown ${className}` : 'dropdown'} ref={root} data-testid={testId}>
      <button
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
