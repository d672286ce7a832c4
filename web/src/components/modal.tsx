import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusMainIfLost } from '../lib/focus-main';
import { useOverlayTurn } from '../lib/overlay-turn';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * When false only the explicit close button closes it (SPEC §2's result popups): Escape and the
   * backdrop do nothing, and a close the browser forces (Chromium closes a dialog on a second Escape
   * whatever the page asks) shows it again.
   */
  dismissible?: boolean;
  footer?: ReactNode;
  testId?: string;
  /** The caller holds the turn on the screen for it (useOverlayTurn), as the popup watcher does for its popups. */
  turnTaken?: boolean;
}

/**
 * A native <dialog>: focus is trapped by the browser, and given back to what had it before. One is on the screen at a time:
 * an open one waits for the one shown to close (useOverlayTurn).
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  dismissible = true,
  footer,
  testId,
  turnTaken = false,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useTranslation();
  const granted = useOverlayTurn(open && !turnTaken);
  const shown = turnTaken ? open : granted;
  const shownNow = useRef(shown);
  shownNow.current = shown;

  // The browser gives the focus back when a dialog closes, not when its page takes it away (a closed
  // modal is often unmounted open): then this does, to what had it before.
  const before = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (shown && !dialog.open) {
      before.current = document.activeElement;
      dialog.showModal();
    }
    if (!shown && dialog.open) dialog.close();
  }, [shown]);
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (!dialog?.open) return;
      (before.current as HTMLElement | null)?.focus();
      focusMainIfLost();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-label={title}
      data-testid={testId}
      // A popup that opened by itself had nothing focused to give the focus back to: the page's content
      // takes it, not the page's body (the browser gives it back before this event). One the page
      // still shows was closed by the browser, not by its button (walk F: it came back on every load,
      // unseen): it is shown again.
      onClose={() => {
        if (!dismissible && shownNow.current) ref.current?.showModal();
        else focusMainIfLost();
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (dismissible && event.target === ref.current) onClose();
      }}
    >
      <div className="modal-body">
        <header className="modal-header">
          <h2>{title}</h2>
          {dismissible ? (
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          ) : null}
        </header>
        <div className="modal-content">{children}</div>
        {footer ? <footer className="modal-footer">{footer}</footer> : null}
      </div>
    </dialog>
  );
}
