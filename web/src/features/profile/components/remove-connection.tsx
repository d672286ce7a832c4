import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Question } from '../../../components/question';
import { apiErrorText } from '../../../lib/api-error-text';
import { useQuestionFocus } from '../../../lib/use-question-focus';

/**
 * A connection's Remove (or PayPal's Disconnect), which asks first (record 170): a linked game
 * account comes back only by signing in to the game's service again, and withdrawals stop without
 * PayPal. Failures go to the card's error line. Removed, the keyboard goes to the card's heading
 * (the pressed button is gone): the next Tab reaches what links the account again. `about` names
 * the account for a screen reader: four buttons all read "Remove" (walk AC).
 */
export function RemoveConnection({
  remove,
  label,
  about,
  question,
  yes,
  onError,
}: {
  remove: () => Promise<unknown>;
  label: string;
  about: string;
  question: string;
  yes: string;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const focus = useQuestionFocus(asking);
  const [removed, setRemoved] = useState(false);
  const heading = useRef<HTMLElement | null>(null);
  if (removed) return null;
  if (!asking)
    return (
      <Button small variant="ghost" ref={focus.start} onClick={() => setAsking(true)}>
        {label}
        <span className="visually-hidden"> {about}</span>
      </Button>
    );
  return (
    <Question
      ref={focus.question}
      testId="remove-connection-question"
      text={question}
      busy={removing}
      onBack={() => setAsking(false)}
    >
      <Button
        small
        variant="danger"
        busy={removing}
        onClick={(event) => {
          // The card outlives this button, which goes once the live profile no longer has the account.
          heading.current = event.currentTarget.closest('section')?.querySelector<HTMLElement>('h2') ?? null;
          setRemoving(true);
          onError(null);
          remove()
            .then(
              () => {
                heading.current?.focus();
                setRemoved(true);
              },
              (error: unknown) => onError(apiErrorText(t, error)),
            )
            .finally(() => {
              setRemoving(false);
              setAsking(false);
            });
        }}
      >
        {yes}
      </Button>
    </Question>
  );
}
