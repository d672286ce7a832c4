import type { ReactNode } from 'react';

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-block" role="status">
      <span className="spinner" aria-hidden />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** An honest empty state: what is here, why it is empty, and what to do next. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <h3>{title}</h3>
      {children ? <p>{children}</p> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}

export function ErrorPanel({ title, message }: { title: string; message: string }) {
  return (
    <div className="error-panel" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
    </div>
  );
}
