import type { ReactNode } from 'react';

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-block" role="status">
      <span className="spinner" aria-hidden />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** Each skeleton's head (a picture beside lines of text) and whether tabs follow; rows have none. */
const SKELETON_HEADS = {
  tournament: { picture: 'skeleton-cover', lines: 3, tabs: true },
  profile: { picture: 'skeleton-avatar', lines: 2, tabs: false },
} as const;

/**
 * Grey blocks in the shape of a page still loading its data. A prerendered shell (a tournament, a
 * profile, the embed) paints them at once, and the app's first render is the same (DESIGN §10).
 */
export function PageSkeleton({ label, shape }: { label: string; shape: 'tournament' | 'profile' | 'rows' }) {
  const blocks = (count: number, className: string) =>
    Array.from({ length: count }, (_, index) => <span key={index} className={className} />);
  const head = shape === 'rows' ? null : SKELETON_HEADS[shape];
  return (
    <div className={`skeleton skeleton-${shape}`} role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{label}</span>
      {head ? (
        <>
          <div className="skeleton-head">
            <span className={`skeleton-block ${head.picture}`} />
            <div className="skeleton-text">
              <span className="skeleton-line skeleton-title" />
              {blocks(head.lines, 'skeleton-line')}
            </div>
          </div>
          {head.tabs ? <span className="skeleton-line skeleton-tabs" /> : null}
          <span className="skeleton-block skeleton-panel" />
        </>
      ) : (
        blocks(6, 'skeleton-block skeleton-row')
      )}
    </div>
  );
}

/** A heading's level where it stands: a page's own panel is an h2 under its h1, a section's an h3. */
type Level = 1 | 2 | 3;

/**
 * An honest empty state: what is here, why it is empty, and what to do next. Its title is a heading
 * of the `level` below the one it sits under (an h2 under the page's title, an h3 inside a section).
 */
export function EmptyState({
  title,
  children,
  action,
  level = 2,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  level?: Level;
}) {
  const Heading = `h${level}` as const;
  return (
    <div className="empty-state" data-testid="empty-state">
      <Heading className="empty-state-title">{title}</Heading>
      {children ? <p>{children}</p> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}

/** A failure in place of content; `level` 1 where it is the whole page (an unknown tournament or player). */
export function ErrorPanel({ title, message, level = 2 }: { title: string; message: string; level?: Level }) {
  const Heading = `h${level}` as const;
  return (
    <div className="error-panel" role="alert">
      <Heading className="error-panel-title">{title}</Heading>
      <p>{message}</p>
    </div>
  );
}
