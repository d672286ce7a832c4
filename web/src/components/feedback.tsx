import type { ReactNode } from 'react';

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-block" role="status">
      <span className="spinner" aria-hidden />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/**
 * Grey blocks in the shape of a page still loading its data. A prerendered shell (a tournament, a
 * profile, the embed) paints them at once, and the app's first render is the same (DESIGN §10).
 */
export function PageSkeleton({ label, shape }: { label: string; shape: 'tournament' | 'profile' | 'rows' }) {
  const lines = (count: number) =>
    Array.from({ length: count }, (_, index) => <span key={index} className="skeleton-line" />);
  return (
    <div className={`skeleton skeleton-${shape}`} role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{label}</span>
      {shape === 'tournament' ? (
        <>
          <div className="skeleton-head">
            <span className="skeleton-block skeleton-cover" />
            <div className="skeleton-text">
              <span className="skeleton-line skeleton-title" />
              {lines(3)}
            </div>
          </div>
          <span className="skeleton-line skeleton-tabs" />
          <span className="skeleton-block skeleton-panel" />
        </>
      ) : shape === 'profile' ? (
        <>
          <div className="skeleton-head">
            <span className="skeleton-block skeleton-avatar" />
            <div className="skeleton-text">
              <span className="skeleton-line skeleton-title" />
              {lines(2)}
            </div>
          </div>
          <span className="skeleton-block skeleton-panel" />
        </>
      ) : (
        Array.from({ length: 6 }, (_, index) => <span key={index} className="skeleton-block skeleton-row" />)
      )}
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
