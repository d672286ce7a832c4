import { useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  TOURNAMENT_DESCRIPTION_MAX,
  TOURNAMENT_DESCRIPTION_MIN,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_RULES_MAX,
  TOURNAMENT_START_MIN_AHEAD_MS,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { DECISION_REASONING_MAX } from '@versus/domain/tournaments/play';
import { Button } from '../../../components/button';
import { FieldFrame, FormError } from '../../../components/form-fields';
import { LocalLink, useLocale, useLocalePath } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { schemaProblems } from '../../../lib/schema-problems';
import { focusFirstError } from '../../../lib/focus-first-error';
import { tournamentTextsSchema } from '@versus/domain/tournaments/schemas';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { browserTimeZone } from '../../../lib/zone-name';
import {
  cancelTournament,
  editTournament,
  finishTournament,
  useMyFreeStarts,
  usePoints,
  type TournamentEditForm,
} from '../api';
import { freeDaysHere } from '../free-days';
import { pendingRounds } from './points-panel';
import { CoverPicker, type CoverValue } from './cover-picker';
import { DateTimePicker } from './date-time-picker';
import dayjs from '../../../lib/dayjs';
import '../../../i18n/play-texts';
import { useStepFocus } from '../../../lib/use-step-focus';

/** A host action that asks once more before it runs: cancelling, finishing. */
function ConfirmedAction({
  title,
  text,
  start,
  confirm,
  run,
  danger = false,
  blocked = null,
  warning = null,
  onDone,
  testId,
  children,
}: {
  title: string;
  text: string;
  start: string;
  confirm: string;
  run: () => Promise<unknown>;
  danger?: boolean;
  /** Why it cannot run yet, said before anyone asks (the start is off meanwhile). */
  blocked?: ReactNode;
  /** What it would leave undone, said before anyone asks (it may still run). */
  warning?: ReactNode;
  onDone?: () => void;
  testId: string;
  /** Asked with the question, above its buttons (the cancel's word to the players). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  // A question asked, then blocked (a round sent meanwhile), is withdrawn: it is asked again, not shown again.
  if (confirming && blocked) setConfirming(false);
  const focus = useQuestionFocus(confirming);
  const textId = useId();
  const warningId = useId();
  const command = useCommand(run);
  const variant = danger ? 'danger' : 'primary';
  return (
    <section className={`card${danger ? ' danger-zone' : ''}`}>
      <h2>{title}</h2>
      <p id={textId}>{text}</p>
      {blocked ?? (warning ? <div id={warningId}>{warning}</div> : null)}
      {confirming ? (
        <div
          className="stack"
          ref={focus.question}
          tabIndex={-1}
          role="group"
          aria-label={title}
          aria-describedby={warning && !blocked ? `${textId} ${warningId}` : textId}
        >
          {children}
          <div className="row">
            <Button
              variant={variant}
              busy={command.busy}
              onClick={() => void command.run().then((result) => (result.ok ? onDone?.() : undefined))}
              data-testid={`confirm-${testId}`}
            >
              {confirm}
            </Button>
            <Button variant="ghost" disabled={command.busy} onClick={() => setConfirming(false)}>
              {t('common.back')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant={variant}
          ref={focus.start}
          disabled={!!blocked}
          onClick={() => setConfirming(true)}
          data-testid={`${testId}-tournament`}
        >
          {start}
        </Button>
      )}
      <FormError message={command.error} />
    </section>
  );
}

/** Cancel with every fee refunded (before or during play), with a word to the players if the host likes. */
function CancelSection({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const noteId = useId();
  return (
    <ConfirmedAction
      danger
      title={t('tournaments.settings.cancel-title')}
      text={tournament.entryFee > 0 ? t('tournaments.settings.cancel-refund') : t('tournaments.settings.cancel-free')}
      start={t('tournaments.settings.cancel')}
      confirm={t('tournaments.settings.cancel-confirm')}
      run={() => cancelTournament(tournament.id, note)}
      testId="cancel"
    >
      <FieldFrame
        id={noteId}
        label={t('tournaments.settings.cancel-note')}
        error={null}
        hint={t('tournaments.settings.cancel-note-hint')}
        counter={{ length: note.length, max: DECISION_REASONING_MAX }}
      >
        <textarea
          id={noteId}
          value={note}
          maxLength={DECISION_REASONING_MAX}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          data-testid="cancel-note"
        />
      </FieldFrame>
    </ConfirmedAction>
  );
}

/** Up to this many unplaced entrants are named before a finish; more are counted. */
const UNPLACED_NAMED = 3;

/**
 * A points tournament ends when its host says so: payouts follow the standings (SPEC §6 host:
 * finish). What the API would refuse (rounds awaiting review, nobody placed) is said before the
 * host asks, with the way to the rounds; once finished, the host goes to the standings it paid.
 */
function FinishSection({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const locale = useLocale();
  const points = usePoints(tournament.id);
  const entries = points.status === 'ready' ? points.items : [];
  const waiting = pendingRounds(entries);
  const placed = entries.some((entry) => entry.total > 0);
  const blocked =
    points.status !== 'ready' ? null : waiting > 0 ? (
      <p className="row wrap" data-testid="finish-blocked">
        <span>{t('tournaments.settings.finish-pending', { count: waiting })}</span>
        <LocalLink className="btn btn-small btn-primary" to={paths.tournament.getHref(tournament.id, 'pending')}>
          {t('tournaments.settings.review-rounds')}
        </LocalLink>
      </p>
    ) : !placed ? (
      <p data-testid="finish-blocked">{t('tournaments.settings.finish-no-scores')}</p>
    ) : null;
  // Entrants without accepted points are not placed (DESIGN §9): named before the host asks, as
  // finishing early is the host's to choose.
  const unplaced = tournament.participants.filter(
    (entrant) => !entries.some((entry) => entry.participant === entrant.id && entry.total > 0),
  );
  const warning =
    points.status !== 'ready' || unplaced.length === 0 ? null : (
      <p data-testid="finish-unplaced">
        {unplaced.length > UNPLACED_NAMED
          ? t('tournaments.settings.finish-unplaced-many', { count: unplaced.length })
          : t('tournaments.settings.finish-unplaced', {
              count: unplaced.length,
              names: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
                unplaced.map((entrant) => entrant.displayName),
              ),
            })}
      </p>
    );
  return (
    <ConfirmedAction
      title={t('tournaments.settings.finish-title')}
      text={t('tournaments.settings.finish-text')}
      start={t('tournaments.settings.finish')}
      confirm={t('tournaments.settings.finish-confirm')}
      run={() => finishTournament(tournament.id)}
      blocked={blocked}
      warning={warning}
      onDone={() => void navigate(toPath(paths.tournament.getHref(tournament.id, 'standings')))}
      testId="finish"
    />
  );
}

/** The host's settings: edit the texts, the start and the cover; cancel with refunds. */
export function SettingsTab({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const freeStarts = useMyFreeStarts(uid);
  const [name, setName] = useState(tournament.name);
  const [description, setDescription] = useState(tournament.description);
  const [rules, setRules] = useState(tournament.rules);
  const [startTime, setStartTime] = useState(tournament.startTime);
  const [cover, setCover] = useState<CoverValue | null>(
    tournament.coverImage ? { ...tournament.coverImage, url: tournament.coverImage.downloadUrl } : null,
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const save = useCommand((_key, edit: TournamentEditForm) => editTournament(tournament.id, edit));
  // A cancel or a finish takes its button away with the tab's form: the keyboard goes on from what
  // the tab says now.
  const tab = useStepFocus<HTMLDivElement>(tournament.state);

  if (tournament.state === 'ONGOING') {
    return (
      <div className="settings-tab" ref={tab} tabIndex={-1}>
        {tournament.bracket === 'POINTS' ? <FinishSection tournament={tournament} /> : null}
        <CancelSection tournament={tournament} />
      </div>
    );
  }
  if (tournament.state === 'FINISHED') {
    return (
      <section className="card stack" ref={tab} tabIndex={-1}>
        <p>{t('tournaments.settings.finished')}</p>
        <LocalLink className="btn btn-secondary" to={paths.tournament.getHref(tournament.id, 'standings')}>
          {t('tournaments.status-text.see-standings')}
        </LocalLink>
      </section>
    );
  }
  if (tournament.state !== 'OPEN') {
    return (
      <section className="card" ref={tab} tabIndex={-1}>
        <p>{t(tournament.state === 'CANCELLED' ? 'tournaments.settings.cancelled' : 'tournaments.settings.closed')}</p>
      </section>
    );
  }
  const takenDays = freeDaysHere(freeStarts, (claim) => claim.tournamentId === tournament.id);
  const fieldError = (key: string) => (fields[key] ? t(fields[key] as never) : null);

  return (
    <div className="settings-tab" ref={tab} tabIndex={-1}>
      <form
        ref={form}
        className="card form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(false);
          // The texts' rules said before the edit goes, as the wizard says them (the API checks all).
          const problems = schemaProblems(tournamentTextsSchema, { name, description, rules });
          setFields(problems);
          if (Object.keys(problems).length > 0) {
            // On a phone the first one can be a screen above the button (as the wizard's).
            requestAnimationFrame(() => focusFirstError(form.current));
            return;
          }
          void save
            .run({
              name,
              description,
              rules,
              startTime,
              // The zone goes with a moved start only: a name changed while away must not move its free day.
              ...(startTime !== tournament.startTime ? { timeZone: browserTimeZone() } : {}),
              coverImage: cover ? { name: cover.name, x: cover.x, y: cover.y } : null,
            })
            .then((done) => {
              setFields(done.ok ? {} : (done.error.fields ?? {}));
              setSaved(done.ok);
              if (!done.ok && done.error.fields) requestAnimationFrame(() => focusFirstError(form.current));
            });
        }}
      >
        <h2>{t('tournaments.settings.title')}</h2>
        <FieldFrame
          id="edit-name"
          label={t('tournaments.create.name')}
          required
          error={fieldError('name')}
          counter={{ length: name.length, max: TOURNAMENT_NAME_MAX }}
        >
          <input
            id="edit-name"
            value={name}
            maxLength={TOURNAMENT_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
          />
        </FieldFrame>
        <FieldFrame
          id="edit-description"
          label={t('tournaments.create.description')}
          required
          error={fieldError('description')}
          hint={t('tournaments.create.description-hint', { min: String(TOURNAMENT_DESCRIPTION_MIN) })}
          counter={{ length: description.length, max: TOURNAMENT_DESCRIPTION_MAX }}
        >
          <textarea
            id="edit-description"
            rows={4}
            value={description}
            maxLength={TOURNAMENT_DESCRIPTION_MAX}
            onChange={(event) => setDescription(event.target.value)}
          />
        </FieldFrame>
        <FieldFrame
          id="edit-rules"
          label={t('tournaments.create.rules')}
          required
          error={fieldError('rules')}
          counter={{ length: rules.length, max: TOURNAMENT_RULES_MAX }}
        >
          <textarea
            id="edit-rules"
            rows={5}
            value={rules}
            maxLength={TOURNAMENT_RULES_MAX}
            onChange={(event) => setRules(event.target.value)}
          />
        </FieldFrame>
        <div className="field">
          <span className="label">{t('tournaments.create.start')}</span>
          <DateTimePicker
            value={startTime}
            onDone={setStartTime}
            dayProblem={(day) => (tournament.entryFee === 0 && takenDays.has(day) ? 'date-picker.day-taken' : null)}
            timeProblem={(time) =>
              time < dayjs().valueOf() + TOURNAMENT_START_MIN_AHEAD_MS ? 'date-picker.too-soon' : null
            }
          />
          {fieldError('startTime') ? <p className="field-error">{fieldError('startTime')}</p> : null}
        </div>
        <CoverPicker value={cover} game={tournament.game} onChange={setCover} />
        {tournament.participantCount > 0 ? <p className="muted">{t('tournaments.settings.locked')}</p> : null}
        <FormError message={save.error} />
        {saved ? (
          <p className="notice" role="status" data-testid="settings-saved">
            {/* With no one entered, no one was told. */}
            {t(tournament.participantCount > 0 ? 'tournaments.settings.saved' : 'tournaments.settings.saved-no-one')}
          </p>
        ) : null}
        <Button type="submit" busy={save.busy} data-testid="save-settings">
          {t('tournaments.settings.save')}
        </Button>
      </form>
      <CancelSection tournament={tournament} />
    </div>
  );
}
