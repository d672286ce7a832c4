import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Question } from '../../../components/question';
import { useQuestionFocus } from '../../../lib/use-question-focus';

/**
 * A message's Remove, by its sender or the host, asked once more: the room then shows it removed,
 * to everyone, with no way back (walk Z: the host's removed at the first press). `label` names whose
 * message and when, for a screen reader; `onRemove` answers whether it was removed.
 */
export function RemoveMessage({
  label,
  busy,
  onRemove,
}: {
  label: string;
  busy: boolean;
  onRemove: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const focus = useQuestionFocus(asking);
  if (!asking)
    return (
      <button
        type="button"
        className="link-button"
        ref={focus.start}
        onClick={() => setAsking(true)}
        aria-label={label}
      >
        {t('rooms.remove')}
      </button>
    );
  return (
    <Question
      ref={focus.question}
      className="chat-remove-question"
      testId="chat-remove-question"
      text={t('rooms.remove-question')}
      busy={busy}
      onBack={() => setAsking(false)}
    >
      <Button
        small
        variant="danger"
        busy={busy}
        onClick={() => void onRemove().then((done) => done || setAsking(false))}
      >
        {t('rooms.remove-yes')}
      </Button>
    </Question>
  );
}
