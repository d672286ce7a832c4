import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import * as yup from 'yup';
import {
  DISPUTE_STORY_MAX,
  battleDeadline,
  battleIsOver,
  battleStage,
  adminMayDecide,
  opponentOf,
  type Battle,
  type BattleStage,
} from '@versus/domain/battles/battle';
import { Button } from '../../../components/button';
import { WinnerPicker } from '../../../components/winner-picker';
import { CoinAmount } from '../../../components/coin-amount';
import { EmptyState, Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { Question } from '../../../components/question';
import { formatCoins } from '../../../lib/locale';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { StoryProofForm } from '../../../components/story-proof-form';
import { PageHeader } from '../../../components/page-header';
import { apiErrorText } from '../../../lib/api-error-text';
import { LocalLink, useLocale, usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { checkGame, confirmResult, disputeResult, submitWinner, uploadProof, useBattle } from '../api';
import { GameCheck } from '../../../components/game-check';
import { isBattleVerifiedGame } from '@versus/domain/games/game-accounts';
import { AdminDecision } from '../components/admin-decision';
import { Deadline } from '../../../components/countdown';
import { useCommand } from '../../../lib/use-command';
import { useNow } from '../../../lib/use-now';
import { DisputeStories } from '../components/dispute-stories';
import { OpponentAccounts } from '../components/opponent-accounts';
import { PlayerChip } from '../../../components/player-chip';
import { paths } from '../../../lib/paths';
import '../battles.css';
import '../../../i18n/page-texts';

/**
 * "Who won?", then once more: the report names the winner and what follows, since a report cannot be
 * changed and an unanswered one stands (record 130). Another pick puts the question away.
 */
function WinnerForm({
  battle,
  uid,
  focus,
  onSending,
}: {
  battle: Battle;
  uid: string;
  focus: boolean;
  onSending: (sending: boolean) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [winner, setWinner] = useState<string | null>(null);
  // Opened by its button, which is gone: the keyboard goes on at "Who won?", not at the page's top.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focus) form.current?.querySelector('input')?.focus();
  }, [focus]);
  const [asking, setAsking] = useState(false);
  const question = useQuestionFocus(asking);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const opponent = battle.players[opponentOf(battle, uid)]!.displayName;
  const side = winner === uid ? 'self' : 'opponent';
  const report = () => {
    setBusy(true);
    setFailure(null);
    onSending(true);
    submitWinner(battle.id, winner!)
      .catch((error: unknown) => {
        onSending(false);
        setFailure(apiErrorText(t, error));
      })
      .finally(() => {
        setBusy(false);
        setAsking(false);
      });
  };
  return (
    <form
      ref={form}
      className="winner-form"
      data-testid="winner-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (winner) setAsking(true);
      }}
    >
      <WinnerPicker
        legend={t('battles.battle.who-won')}
        name="winner"
        sides={battle.participants.map((player) => ({
          id: player,
          label:
            player === uid
              ? t('battles.battle.me', { name: battle.players[player]!.displayName })
              : battle.players[player]!.displayName,
        }))}
        value={winner}
        onChange={(next) => {
          setWinner(next);
          setAsking(false);
        }}
      />
      <FormError message={failure} />
      {asking && winner ? (
        <Question
          ref={question.question}
          testId="report-question"
          text={t(`battles.battle.report-question.${side}${battle.prize > 0 ? '' : '-free'}`, {
            name: opponent,
            prize: formatCoins(locale, battle.prize),
            count: battle.prize,
          })}
          busy={busy}
          onBack={() => setAsking(false)}
        >
          <Button busy={busy} onClick={report}>
            {t(`battles.battle.report-yes.${side}`, { name: opponent })}
          </Button>
        </Question>
      ) : (
        <Button type="submit" ref={question.start} disabled={!winner}>
          {t('battles.battle.submit-result')}
        </Button>
      )}
    </form>
  );
}

function DisputeForm({
  battle,
  onCancel,
  onSending,
}: {
  battle: Battle;
  onCancel?: () => void;
  onSending: (sending: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <StoryProofForm
      story={yup
        .string()
        .trim()
        .required('validation.required')
        .max(DISPUTE_STORY_MAX, 'battles.errors.story-too-long')}
      maxLength={DISPUTE_STORY_MAX}
      texts={{
        story: t('battles.battle.story'),
        placeholder: t('battles.battle.story-placeholder'),
        proof: t('battles.battle.proof'),
        proofHint: t('battles.battle.proof-hint'),
        proofRequired: t('battles.errors.proof-required'),
        submit: t('battles.battle.send-dispute'),
      }}
      testId="dispute-form"
      send={async (story, file) => {
        onSending(true);
        try {
          await disputeResult(battle.id, story, (await uploadProof(file)).path);
        } catch (error) {
          onSending(false);
          throw error;
        }
      }}
      onCancel={onCancel}
    />
  );
}

function AnswerPanel({ battle, onSending }: { battle: Battle; onSending: (sending: boolean) => void }) {
  const { t } = useTranslation();
  const [disputing, setDisputing] = useState(false);
  const confirm = useCommand((key, id: string) => confirmResult(id, key), { idempotent: true });
  const submitter = battle.players[battle.submitterId!]!;
  return (
    <div data-testid="answer-panel">
      <p>
        {t(
          battle.submittedWinner === battle.submitterId
            ? 'battles.battle.opponent-reported.self'
            : 'battles.battle.opponent-reported.you',
          { name: submitter.displayName },
        )}
      </p>
      {disputing ? (
        <DisputeForm battle={battle} onCancel={() => setDisputing(false)} onSending={onSending} />
      ) : (
        <>
          <FormError message={confirm.error} />
          <div className="actions">
            <Button busy={confirm.busy} onClick={() => void confirm.run(battle.id)}>
              {t('battles.battle.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setDisputing(true)}>
              {t('battles.battle.dispute')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * What this player does next, by the battle's stage. A report or a dispute sent from here takes away
 * the form that had the keyboard: once the battle's next stage has come (before or after the
 * command's answer: the live battle may come first), the keyboard goes on at what the panel says
 * now ("You reported that you won …"), read out as it is focused, not at the page's top. A stage
 * that changes by the other side's doing moves nothing.
 */
function StagePanel(props: { battle: Battle; stage: BattleStage; uid: string; now: number }) {
  const panel = useRef<HTMLDivElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (!sent.current) return;
    sent.current = false;
    panel.current?.focus();
  }, [props.stage]);
  return (
    <div ref={panel} tabIndex={-1} className="stage-panel" data-testid="stage-panel">
      <StageContent {...props} onSending={(sending) => (sent.current = sending)} />
    </div>
  );
}

function StageContent({
  battle,
  stage,
  uid,
  now,
  onSending,
}: {
  battle: Battle;
  stage: BattleStage;
  uid: string;
  now: number;
  onSending: (sending: boolean) => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The flag opens the form however the page was reached (a banner link may change only the query).
  const [opened, setShowForm] = useState(false);
  const showForm = opened || params.get('showWinnerSubmitForm') === 'true';
  const deadline = battleDeadline(battle);
  const opponent = battle.players[opponentOf(battle, uid)]!;
  const until = (key: 'submit' | 'answer' | 'stands' | 'dispute') => (
    <p className="muted">
      {t(`battles.battle.deadline.${key}`)} <Deadline until={deadline} now={now} />
    </p>
  );
  switch (stage) {
    case 'submit':
      return (
        <>
          <p>{t('battles.battle.play-then-report', { name: opponent.displayName })}</p>
          {until('submit')}
          {showForm ? (
            <WinnerForm battle={battle} uid={uid} focus={opened} onSending={onSending} />
          ) : (
            <Button onClick={() => setShowForm(true)}>{t('battles.battle.submit-result')}</Button>
          )}
        </>
      );
    case 'waiting-for-answer':
      return (
        <>
          <p>
            {t(
              battle.submittedWinner === uid
                ? 'battles.battle.you-reported.self'
                : 'battles.battle.you-reported.opponent',
              { name: opponent.displayName },
            )}
          </p>
          {until('stands')}
        </>
      );
    case 'answer':
      return (
        <>
          <AnswerPanel battle={battle} onSending={onSending} />
          {until('answer')}
        </>
      );
    case 'add-story':
      return (
        <>
          <p>{t('battles.battle.opponent-disputed', { name: opponent.displayName })}</p>
          {until('dispute')}
          <DisputeForm battle={battle} onSending={onSending} />
        </>
      );
    case 'waiting-for-admin': {
      // What the admin will decide on, and what it waits for: the other side's story while its window
      // is open, then nothing (record 124).
      const reported = battle.submittedWinner ? battle.players[battle.submittedWinner] : undefined;
      const waiting = !adminMayDecide(battle, now);
      return (
        <div data-testid="waiting-for-admin">
          {reported ? (
            <p>
              {t('battles.battle.reported-winner', {
                name:
                  battle.submittedWinner === uid
                    ? t('battles.battle.me', { name: reported.displayName })
                    : reported.displayName,
              })}
            </p>
          ) : null}
          {waiting ? (
            <p>
              {t('battles.battle.other-side-until', { name: opponent.displayName })}{' '}
              <Deadline until={deadline} now={now} />
            </p>
          ) : null}
          <p>{t(waiting ? 'battles.battle.admin-decides-then' : 'battles.battle.waiting-for-admin')}</p>
        </div>
      );
    }
    case 'closing':
      return <p>{t('battles.battle.closing')}</p>;
    default:
      return null;
  }
}

/**
 * League of Legends and Dota 2 (issue #22): the game can decide the battle. "Check with the game"
 * asks now; what it found, or why it could not, is said in a line, and reports go on meanwhile.
 */
function BattleGameCheck({ battle }: { battle: Battle }) {
  const { t } = useTranslation();
  return (
    <GameCheck
      game={battle.game}
      decides={isBattleVerifiedGame(battle.game)}
      linkFirst={t('battles.game-check.link-first')}
      recorded={battle.gameAccounts}
      notRecorded={t('battles.game-check.not-recorded')}
      check={() => checkGame(battle.id)}
    />
  );
}

/** "Verified by the game", with a link to the game's record (issue #22). */
function GameVerified({ battle }: { battle: Battle }) {
  const { t } = useTranslation();
  // A battle never shows Riot's data (issue #58), also one the game decided before that rule.
  if (battle.outcome !== 'GAME_API' || !battle.evidence || !isBattleVerifiedGame(battle.game)) return null;
  return (
    <p className="verified-mark" data-testid="verified-by-game">
      <span className="chip chip-ok">✓ {t('battles.game-check.verified')}</span>{' '}
      <a href={battle.evidence.url} target="_blank" rel="noreferrer">
        {t('battles.game-check.see-match', { id: battle.evidence.matchId })}
      </a>{' '}
      <span className="muted">{t('legal.game-data-source', { source: 'OpenDota' })}</span>
    </p>
  );
}

function Outcome({ battle, uid }: { battle: Battle; uid: string }) {
  const { t } = useTranslation();
  if (battle.state === 'CANCELLED') {
    return (
      <div className="battle-outcome" data-testid="battle-outcome">
        <h2>{t('battles.battle.cancelled')}</h2>
        <p>
          {t(
            battle.outcome === 'NO_SUBMISSION'
              ? 'battles.battle.cancelled-no-result'
              : 'battles.battle.cancelled-by-admin',
          )}
        </p>
        {battle.reasoning ? <blockquote>{battle.reasoning}</blockquote> : null}
      </div>
    );
  }
  const won = battle.winner?.id === uid;
  // An admin or other onlooker sees the result without "you won" or "you lost".
  const player = battle.participants.includes(uid);
  return (
    <div className={`battle-outcome ${player ? (won ? 'won' : 'lost') : ''}`} data-testid="battle-outcome">
      <h2>{t(!player ? 'battles.battle.result' : won ? 'battles.result.won' : 'battles.result.lost')}</h2>
      <p>{t('battles.battle.winner', { name: battle.players[battle.winner!.id]!.displayName })}</p>
      <GameVerified battle={battle} />
      {won && battle.prize > 0 ? (
        <p>
          {t('battles.result.prize')} <CoinAmount value={battle.prize} />
        </p>
      ) : null}
      {battle.reasoning ? (
        <>
          <h3>{t('battles.result.reasoning')}</h3>
          <blockquote>{battle.reasoning}</blockquote>
        </>
      ) : null}
    </div>
  );
}

/** The stages in which a player may still need to reach the other side (docs/decisions/0155). */
const PLAYING_STAGES: BattleStage[] = ['submit', 'waiting-for-answer', 'answer'];

export default function BattlePage() {
  const { t } = useTranslation();
  usePageTitle(t('battles.battle.title'));
  const { id } = useParams();
  const uid = useSession((state) => state.user?.uid);
  const admin = useSession((state) => state.user?.admin === true);
  const battle = useBattle(id);
  const now = useNow();

  if (battle.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (battle.status !== 'ready' || !uid) {
    return (
      <div className="page page-narrow">
        <PageHeader title={t('battles.battle.title')} />
        <EmptyState
          title={t('battles.battle.missing.title')}
          action={
            <LocalLink className="btn btn-secondary" to={paths.battles.getHref()}>
              {t('nav.battles')}
            </LocalLink>
          }
        >
          {t('battles.battle.missing.body')}
        </EmptyState>
      </div>
    );
  }
  const { data } = battle;
  const stage = battleStage(data, uid, now);
  const [first, second] = data.participants;
  return (
    <div className="page page-narrow">
      <PageHeader title={t('battles.battle.title')} subtitle={t(`games.${data.game}`)} />
      <section className="card battle-card" data-testid="battle-card" data-state={data.state} data-stage={stage}>
        <div className="versus-row">
          <PlayerChip player={data.players[first]!} size={48} />
          <span className="versus-mark">{t('battles.vs')}</span>
          <PlayerChip player={data.players[second]!} size={48} />
        </div>
        <dl className="battle-terms">
          <dt>{t('battles.entry-fee')}</dt>
          <dd>{data.entryFee > 0 ? <CoinAmount value={data.entryFee} /> : t('battles.free')}</dd>
          <dt>{t('battles.prize')}</dt>
          <dd data-testid="battle-prize">
            {data.prize > 0 ? <CoinAmount value={data.prize} /> : t('battles.no-prize')}
          </dd>
          <dt>{t('battles.state')}</dt>
          <dd>
            <span className={`status status-${data.state.toLowerCase()}`} data-testid="battle-state">
              {/* Reported and waiting for the answer reads so, not "Ongoing" (a walk's question). */}
              {t(`battles.states.${data.state === 'ONGOING' && data.submitterId ? 'REPORTED' : data.state}`)}
            </span>
          </dd>
        </dl>
        {battleIsOver(data) ? (
          <Outcome battle={data} uid={uid} />
        ) : (
          <>
            <StagePanel battle={data} stage={stage} uid={uid} now={now} />
            {data.participants.includes(uid) ? <BattleGameCheck battle={data} /> : null}
            {/* While the game is to be played or its result answered: where to find the other side. */}
            {PLAYING_STAGES.includes(stage) ? (
              <OpponentAccounts game={data.game} opponent={data.players[opponentOf(data, uid)]!} />
            ) : null}
          </>
        )}
      </section>
      <DisputeStories battle={data} />
      {admin && !battleIsOver(data) ? (
        <section className="card">
          <h2>{t('admin.title')}</h2>
          {/* Who was reported the winner, as the admin's list says it (record 128). */}
          {data.submittedWinner ? (
            <p data-testid="admin-reported-winner">
              {t('admin.disputes.reported', { winner: data.players[data.submittedWinner]?.displayName ?? '' })}
            </p>
          ) : null}
          <AdminDecision battle={data} now={now} />
        </section>
      ) : null}
    </div>
  );
}
