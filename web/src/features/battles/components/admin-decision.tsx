import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASONING_MAX, adminMayDecide, battleDeadline, type Battle } from '@versus/domain/battles/battle';
import { Button } from '../../../components/button';
import { Question } from '../../../components/question';
import { formatCoins } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { shownName } from '../../../lib/player-name';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { WinnerPicker } from '../../../components/winner-picker';
import { FieldFrame, FormError } from '../../../components/form-fields';
import { apiErrorText } from '../../../lib/api-error-text';
import { cancelBattle, decideBattle } from '../api';
import { Deadline } from '../../../components/countdown';
import '../battles.css';
import '../../../i18n/page-texts';

/**
 * A platform admin's controls on one battle: decide a dispute (winner + reasoning) or cancel with
 * refunds. Either moves coins for good, so each asks once more, naming who gets what (record 124);
 * another winner or reasoning puts the question away.
 */
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
  const locale = useLocale();
  const [winner, setWinner] = useState<string | null>(null);
  const [reasoning, setReasoning] = useState('');
  const [busy, setBusy] = useState<'decide' | 'cancel' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<'decide' | 'cancel' | null>(null);
  const focus = useQuestionFocus(asking);
  const mayDecide = adminMayDecide(battle, now);
  const text = reasoning.trim();
  const winnerName = shownName(t, winner ? battle.players[winner]?.displayName : undefined);
  const run = (action: 'decide' | 'cancel') => {
    setBusy(action);
    setFailure(null);
    (action === 'decide' ? decideBattle(battle.id, winner!, text) : cancelBattle(battle.id, text))
      .then(() => onDone?.(action === 'decide' ? winner : null))
      .catch((error: unknown) => setFailure(apiErrorText(t, error)))
      .finally(() => {
        setBusy(null);
        setAsking(null);
      });
  };
  return (
    <div className="admin-decision" data-testid="admin-decision">
      {battle.state === 'IN-DISPUTE' ? (
        <WinnerPicker
          legend={t('admin.decision.winner')}
          name={`winner-${battle.id}`}
          sides={battle.participants.map((uid) => ({ id: uid, label: battle.players[uid]?.displayName }))}
          value={winner}
          onChange={(next) => {
            setWinner(next);
            setAsking(null);
          }}
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
          onChange={(event) => {
            setReasoning(event.target.value);
            setAsking(null);
          }}
        />
      </FieldFrame>
      <FormError message={failure} />
      {asking ? (
        <Question
          ref={focus.question}
          testId="admin-decision-question"
          text={
            asking === 'decide'
              ? t('admin.decision.decide-question', {
                  winner: winnerName,
                  prize: formatCoins(locale, battle.prize),
                  count: battle.prize,
                })
              : t('admin.decision.cancel-question', {
                  fee: formatCoins(locale, battle.entryFee),
                  count: battle.entryFee,
                })
          }
          busy={busy !== null}
          onBack={() => setAsking(null)}
        >
          <Button variant={asking === 'cancel' ? 'danger' : 'primary'} busy={busy !== null} onClick={() => run(asking)}>
            {asking === 'decide'
              ? t('admin.decision.decide-yes', { winner: winnerName })
              : t('admin.decision.cancel-yes')}
          </Button>
        </Question>
      ) : (
        <div className="actions">
          {battle.state === 'IN-DISPUTE' ? (
            <Button
              ref={focus.start}
              disabled={busy !== null || !mayDecide || !winner || !text}
              onClick={() => setAsking('decide')}
            >
              {t('admin.decision.decide')}
            </Button>
          ) : null}
          <Button variant="danger" disabled={busy !== null || !text} onClick={() => setAsking('cancel')}>
            {t('admin.decision.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}
