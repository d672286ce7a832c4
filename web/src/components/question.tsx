import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * The question a button gives way to before something that cannot be taken back (a withdrawal, a
 * redemption, leaving a party): its text, the answer (`children`) and Back. A group named by its
 * text, focusable without being a button, so useQuestionFocus can put the keyboard there (its text
 * is read, and a second Enter does not answer it). Back is off while the answer runs (`busy`);
 * Escape anywhere in it is Back, as it closes a dialog.
 */
export function Question({
  text,
  children,
  onBack,
  busy = false,
  className = 'stack',
  textClassName,
  testId,
  ref,
}: {
  text: string;
  children: ReactNode;
  onBack: () => void;
  busy?: boolean;
  className?: string;
  textClassName?: string;
  testId: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <div
      className={className}
      data-testid={testId}
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={textId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Its own while the answer runs too: a room or a dialog around it stays open.
        event.preventDefault();
        if (!busy) onBack();
      }}
    >
      <p id={textId} className={textClassName}>
        {text}
      </p>
      <div className="row wrap">
        {children}
        <Button variant="ghost" disabled={busy} onClick={onBack}>
          {t('common.back')}
        </Button>
      </div>
    </div>
  );
}
