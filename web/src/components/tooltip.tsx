import { useId, type ReactNode } from 'react';

/** Shows its text on hover and keyboard focus; the wrapped control is described by it. */
export function Tooltip({ text, children, enabled = true }: { text: string; children: ReactNode; enabled?: boolean }) {
  const id = useId();
  if (!enabled) return <>{children}</>;
  return (
    <span className="tooltip-host" aria-describedby={id} tabIndex={0}>
      {children}
      <span role="tooltip" id={id} className="tooltip">
        {text}
      </span>
    </span>
  );
}
