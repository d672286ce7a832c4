import type { ButtonHTMLAttributes, Ref } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
  small?: boolean;
  /** React 19 passes a ref to a function component as a prop: here, to the button. */
  ref?: Ref<HTMLButtonElement>;
  /** Pressed while disabled (not busy): the form says what it still needs (a walk's dimmed button said nothing). */
  onInertPress?: () => void;
}

/**
 * A button that is disabled or busy says so (`aria-disabled`) and does nothing when pressed, but
 * keeps the keyboard: a natively disabled button drops the focus to the page's body the moment it
 * is disabled (a Save pressed, then busy, then disabled once nothing is left to save), and a
 * keyboard user starts again from the page's top. A pressed one ignores the click, so a form's
 * submit (Enter in a field included) does not go.
 */
export function Button({
  variant = 'primary',
  busy = false,
  small = false,
  className,
  children,
  disabled,
  onClick,
  onInertPress,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, small ? 'btn-small' : '', className ?? ''].filter(Boolean).join(' ');
  const inert = Boolean(disabled || busy);
  return (
    <button
      type="button"
      className={classes}
      aria-disabled={inert || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (inert) {
          if (!busy) onInertPress?.();
          return event.preventDefault();
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {busy ? <span className="spinner spinner-inline" aria-hidden /> : null}
      {children}
    </button>
  );
}
