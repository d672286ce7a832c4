import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASONING_MAX, adminMayDecide, battleDeadline, type Battle } from '@versus/domain/battles/battle';
import { Button } from '../../../components/button';
import { WinnerPicker } from '../../../components/winner-picker';
import { FieldFrame, FormError } from '../../../components/form-fields';
import { apiErrorText } from '../../../lib/api-error-text';
import { cancelBattle, decideBattle } from '../api';
import { Deadline } from '../../../components/countdown';
import '../battles.css';
import '../../../i18n/page-texts';

/** A platform admin's controls on one battle: decide a dispute (winner + reasoning) or cancel with refunds. */
export function AdminDecision({
  battle,
  now,
  onDone,
}: {
  battle: Battle;
  now: number;
  /** After the API took it: the winner's uid for a decision, null for a cancellation. */
  onDone?: (winner: string | null) => void;
}) {
  const { t } = useTranslation();
  const [winner, setWinner] = useState<string | null>(null);
  const [reasoning, setReasoning] = useState('');
  const [busy, setBusy] = useState<'decide' | 'cancel' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mayDecide = adminMayDecide(battle, now);
  const text = reasoning.trim();
  const run = (action: 'decide' | 'cancel') => {
    setBusy(action);
    setFailure(null);
    (action === 'decide' ? decideBattle(battle.id, winner!, text) : cancelBattle(battle.id, text))
      .then(() => onDone?.(action === 'decide' ? winner : null))
      .catch((error: unknown) => setFailure(apiErrorText(t, error)))
      .finally(() => setBusy(null));
  };
  return (
    <div className="admin-decision" data-testid="admin-decision">
      {battle.state === 'IN-DISPUTE' ? (
        <WinnerPicker
          legend={t('admin.decision.winner')}
          name={`winner-${battle.id}`}
          sides={battle.participants.map((uid) => ({ id: uid, label: battle.players[uid]?.displayName }))}
          value={winner}
          onChange={setWinner}
        >
          {mayDecide ? null : (
            <p className="muted">
              {t('admin.decision.not-yet')} <Deadline until={battleDeadline(battle)} now={now} />
            </p>
          )}
        </WinnerPicker>
      ) : null}
      <FieldFrame
        id={`reasoning-${battle.id}`}
        label={t('admin.decision.reasoning')}
        required
        error={null}
        hint={t('admin.decision.reasoning-hint')}
        counter={{ length: reasoning.length, max: ADMIN_REASONING_MAX }}
      >
        <textarea
          id={`reasoning-${battle.id}`}
          rows={3}
          maxLength={ADMIN_REASONING_MAX}
          value={reasoning}
          onChange={(event) => setReasoning(event.target.value)}
        />
      </FieldFrame>
      <FormError message={failure} />
      <div className="actions">
        {battle.state === 'IN-DISPUTE' ? (
          <Button
            busy={busy === 'decide'}
            disabled={busy !== null || !mayDecide || !winner || !text}
            onClick={() => run('decide')}
          >
            {t('admin.decision.decide')}
          </Button>
        ) : null}
        <Button
          variant="danger"
          busy={busy === 'cancel'}
          disabled={busy !== null || !text}
          onClick={() => run('cancel')}
        >
          {t('admin.decision.cancel')}
        </Button>
      </div>
    </div>
  );
}
