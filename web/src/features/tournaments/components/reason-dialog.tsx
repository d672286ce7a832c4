import { useState, type ReactNode } from 'react';
import { DECISION_REASONING_MAX } from '@versus/domain/tournaments/play';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';

/**
 * A host's decision about an entrant that its players read the reason of (a disqualification, a
 * removal): what happens, the reason, and the confirming button. Pressed without a reason it says
 * one is needed (`required`) rather than sit greyed out; it closes once `onConfirm` has succeeded.
 */
export function ReasonDialog({
  title,
  testId,
  explanation,
  label,
  required,
  confirm,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  testId: string;
  explanation: ReactNode;
  label: string;
  required: string;
  confirm: string;
  busy: boolean;
  error: string | null;
  onConfirm: (reasoning: string) => Promise<{ ok: boolean }>;
  onClose: () => void;
}) {
  const [reasoning, setReasoning] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal open title={title} onClose={onClose} testId={testId}>
      <form
        className="form"
        onSubmit={async (event) => {
          event.preventDefault();
          const why = reasoning.trim();
          setMissing(!why);
          if (why && (await onConfirm(why)).ok) onClose();
        }}
      >
        <p>{explanation}</p>
        <label className="field">
          <span className="field-label">{label}</span>
          <textarea
            value={reasoning}
            maxLength={DECISION_REASONING_MAX}
            rows={3}
            aria-required="true"
            aria-invalid={missing || undefined}
            onChange={(event) => {
              setReasoning(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
          />
        </label>
        <FormError message={missing ? required : error} />
        <Button type="submit" variant="danger" busy={busy}>
          {confirm}
        </Button>
      </form>
    </Modal>
  );
}
