import dayjs from '../../../lib/dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstError } from '../../../lib/focus-first-error';
import { allowsEntryFee, isGame } from '@versus/domain/games/games';
import { isVerifiedGame } from '@versus/domain/games/game-accounts';
import { createTournamentSchema } from '@versus/domain/tournaments/schemas';
import { formatFields } from '@versus/domain/tournaments/formats';
import {
  TOURNAMENT_DESCRIPTION_MAX,
  TOURNAMENT_DESCRIPTION_MIN,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_RULES_MAX,
  TOURNAMENT_START_MIN_AHEAD_MS,
  TOURNAMENT_START_SOON_MS,
  MIN_PARTICIPANTS,
  emptyPlatforms,
  gameCoverUrl,
  nameTokens,
  type Platform,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/feedback';
import { describedBy, errorAria, FieldError, FieldFrame, FormError } from '../../../components/form-fields';
import { licenceTerritory, needsRiotLicence } from '@versus/domain/tournaments/riot-licence';
import { PageHeader } from '../../../components/page-header';
import { TOURNAMENT_DRAFT_KEY } from '../../../lib/storage-keys';
import { useLocale, usePageTitle } from '../../../lib/navigation';
import { useFocusedLeave } from '../../../lib/focused-page';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { schemaProblems } from '../../../lib/schema-problems';
import { browserTimeZone } from '../../../lib/zone-name';
import { createTournament, useMyFreeStarts, type TournamentForm } from '../api';
import { freeDaysHere } from '../free-days';
import { CoverPicker } from '../components/cover-picker';
import { DateTimePicker } from '../components/date-time-picker';
import { EntryStep, FormatStep } from '../components/create-steps';
import { TournamentOverview } from '../components/tournament-overview';
import { useDraft, type TournamentDraft } from '../draft-store';
import { useWizardHistory } from '../use-wizard-history';
import { DiscardDraftQuestion, ResumedDraft } from '../components/discard-draft';
import { TournamentHeader } from './tournament-page';
import '../tournaments.css';
import '../../../i18n/play-texts';
import { useGameOptions } from '../../../lib/game-options';
import { useStepFocus } from '../../../lib/use-step-focus';
const STEPS = ['game', 'format', 'entry', 'details', 'schedule', 'review'] as const;

/** The schema fields each step answers for; Next shows only these. */
const STEP_FIELDS: Record<(typeof STEPS)[number], string[]> = {
  game: ['game'],
  format: [
    'region',
    'platform',
    'gameFormat',
    'teamSize',
    'bracket',
    'grandFinalReset',
    'swissRounds',
    'bestOf',
    'finalBestOf',
    'size',
  ],
  entry: ['entryFee', 'riotLicence', 'riotLicenceCountries', 'payoutStructure'],
  details: ['name', 'description', 'rules', 'coverImage'],
  schedule: ['startTime', 'timeZone'],
  review: ['terms'],
};

const formOf = (draft: TournamentDraft): TournamentForm => ({
  game: draft.game,
  region: draft.region,
  platform: draft.platform,
  gameFormat: draft.gameFormat,
  teamSize: draft.teamSize,
  size: draft.size,
  bracket: draft.bracket,
  // The format's own settings only (a draft saved before the formats existed has none).
  ...formatFields(draft),
  ...(draft.verifiedOnly && isVerifiedGame(draft.game) ? { verifiedOnly: true } : {}),
  ...(draft.minReliability && draft.gameFormat === 'SOLO' ? { minReliability: draft.minReliability } : {}),
  entryFee: draft.entryFee,
  riotLicence: needsRiotLicence(draft) ? (draft.riotLicence ?? '') : null,
  riotLicenceCountries: needsRiotLicence(draft) ? (draft.riotLicenceCountries ?? []) : null,
  payoutStructure: draft.payoutStructure,
  name: draft.name,
  description: draft.description,
  rules: draft.rules,
  startTime: draft.startTime,
  timeZone: browserTimeZone(),
  coverImage: draft.cover ? { name: draft.cover.name, x: draft.cover.x, y: draft.cover.y } : null,
  terms: draft.terms,
});

/** Every problem of the form, by field (first message each), from the shared schema. */
const problemsOf = (form: TournamentForm) => schemaProblems(createTournamentSchema, form, { now: Date.now() });

/** The wizard's tournament as the page will show it, state PREVIEW (never stored). */
function previewOf(draft: TournamentDraft, owner: Tournament['owner']): Tournament {
  const platforms = emptyPlatforms();
  for (const platform of draft.platform) platforms[platform as Platform] = true;
  return {
    id: 'preview',
    uid: owner.uid,
    owner,
    game: (isGame(draft.game) ? draft.game : 'other-games') as Tournament['game'],
    region: draft.region as Tournament['region'],
    platform: draft.platform as Platform[],
    platforms,
    gameFormat: draft.gameFormat as Tournament['gameFormat'],
    teamSize: draft.teamSize,
    size: draft.size as Tournament['size'],
    bracket: draft.bracket as Tournament['bracket'],
    ...formatFields(draft),
    ...(draft.verifiedOnly && isVerifiedGame(draft.game) ? { verifiedOnly: true } : {}),
    ...(draft.minReliability && draft.gameFormat === 'SOLO' ? { minReliability: draft.minReliability } : {}),
    name: draft.name.trim(),
    nameTokens: nameTokens(draft.name),
    description: draft.description.trim(),
    rules: draft.rules.trim(),
    entryFee: draft.entryFee,
    riotLicence: needsRiotLicence(draft) ? (draft.riotLicence ?? '').trim() : null,
    riotLicenceCountries: needsRiotLicence(draft) ? licenceTerritory(draft.riotLicenceCountries ?? []) : null,
    payoutStructure: draft.payoutStructure as Tournament['payoutStructure'],
    startTime: draft.startTime ?? Date.now(),
    coverImage: draft.cover ? { ...draft.cover, downloadUrl: draft.cover.url } : null,
    coverPlaceholder: (isGame(draft.game) ? draft.game : 'other-games') as Tournament['game'],
    state: 'OPEN',
    archived: false,
    created: Date.now(),
    lastActivityAt: Date.now(),
    timesOut: 0,
    warnedAt: null,
    participants: [],
    memberUids: [],
    participantCount: 0,
    spotsLeft: draft.size,
    prizePool: 0,
    usersInParties: {},
    joinedParties: {},
    invitesForUsers: {},
    seeds: null,
    startedAt: null,
    endedAt: null,
    cancelReason: null,
    chat: null,
    timeZone: browserTimeZone(),
    freeStartDay: null,
  };
}

/** /tournaments/add: the hosting wizard (SPEC §2, §5), its draft kept across reloads. */
export default function CreateTournamentPage() {
  const { t } = useTranslation();
  usePageTitle(t('tournaments.create.title'));
  const locale = useLocale();
  const draft = useDraft();
  const uid = useSession((state) => state.user?.uid);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const profile = useSession((state) => state.profile);
  const freeStarts = useMyFreeStarts(uid);
  const [shownStep, setShownStep] = useState<number | null>(null);
  const create = useCommand((key, form: TournamentForm) => createTournament(form, key), { idempotent: true });
  const [lostStart, setLostStart] = useState<number | null>(null);

  // The layout's cancel removed the stored draft: start again rather than revive it from memory.
  useEffect(() => {
    if (localStorage.getItem(TOURNAMENT_DRAFT_KEY) === null) draft.reset();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const form = formOf(draft);
  // Read again when the form changes, and when Create reads it afresh (a start time goes stale unchanged).
  const [checkedAt, setCheckedAt] = useState(0);
  const problems = useMemo(() => problemsOf(form), [JSON.stringify(form), checkedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  // A claim at the start of a Create whose answer was lost may be its own: the server judges (walk AH).
  const takenDays = freeDaysHere(freeStarts, (claim) => claim.startTime === lostStart);
  const dayTaken =
    draft.entryFee === 0 && draft.startTime !== null && takenDays.has(dayjs(draft.startTime).format('YYYY-MM-DD'));
  const step = STEPS[draft.step] ?? 'game';
  // Next, Back or the stepper: the keyboard goes on at the new step's top. Not on arrival.
  const body = useStepFocus<HTMLElement>(draft.step, true);
  // Step 1 lists the games as a compact grid with a search (a phone would otherwise scroll far).
  const [gameQuery, setGameQuery] = useState('');
  const needle = gameQuery.trim().toLocaleLowerCase(locale);
  const gameOptions = useGameOptions();
  const matching = gameOptions
    .filter((game) => !needle || game.label.toLocaleLowerCase(locale).includes(needle))
    .map((game) => game.value);
  // Nothing matches: Other games, which the hint names, stays there to choose.
  const games = matching.length > 0 ? matching : (['other-games'] as const);
  const stepProblems = (index: number, of: Record<string, string> = problems) => {
    const found = STEP_FIELDS[STEPS[index]!].filter((field) => of[field]);
    if (STEPS[index] === 'schedule' && dayTaken) found.push('startTime');
    return found;
  };
  // The review step's tournament as players will see it, hosted by this player (built on that step only).
  const preview =
    step === 'review'
      ? previewOf(draft, {
          uid: uid ?? '',
          displayName: profile?.displayName ?? '',
          avatar: profile?.avatar ?? null,
          avatarPlaceholder: profile?.avatarPlaceholder ?? 0,
          trophies: profile?.trophies ?? 0,
        })
      : null;
  const shown = (field: string) =>
    shownStep !== null && STEP_FIELDS[STEPS[shownStep]!].includes(field)
      ? field === 'startTime' && dayTaken
        ? t('date-picker.day-taken')
        : problems[field]
          ? t(problems[field] as never)
          : null
      : null;
  // A refused Next brings its first problem into view, as a refused form does (CheckedForm).
  const page = useRef<HTMLDivElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstError(page.current);
  }, [refusals]);
  const next = () => {
    if (stepProblems(draft.step).length > 0) {
      setShownStep(draft.step);
      setRefusals((count) => count + 1);
      return;
    }
    setShownStep(null);
    const step = Math.min(draft.step + 1, STEPS.length - 1);
    draft.set({ step, reached: Math.max(step, draft.reached ?? 0) });
  };
  // The stepper opens every step before this one, and a later one already reached while each step
  // before it holds (after going back to change the game, the way on is not Next four times).
  const opens = (index: number) =>
    index <= draft.step ||
    (index <= (draft.reached ?? 0) && STEPS.slice(0, index).every((_, before) => stepProblems(before).length === 0));
  // Once made, the wizard leaves its steps' entries in the history for the tournament's page.
  const [leaving, setLeaving] = useState(false);
  const leaveFor = useFocusedLeave();
  useWizardHistory({
    step: draft.step,
    latest: () => useDraft.getState().step,
    go: (step) => draft.set({ step }),
    opens,
    paused: leaving,
  });

  if (!verified) {
    return (
      <div className="page page-narrow">
        <PageHeader title={t('tournaments.create.title')} subtitle={t('tournaments.create.subtitle')} />
        <EmptyState title={t('battles.challenge.unverified.title')} />
      </div>
    );
  }

  return (
    <div className="page create-tournament" ref={page}>
      <PageHeader title={t('tournaments.create.title')} subtitle={t('tournaments.create.subtitle')} />
      <DiscardDraftQuestion sending={create.busy} />
      <ResumedDraft />
      <ol className="wizard-steps" aria-label={t('tournaments.create.steps')}>
        {STEPS.map((name, index) => (
          <li key={name} className={index === draft.step ? 'current' : opens(index) ? 'done' : ''}>
            <button
              type="button"
              disabled={!opens(index)}
              aria-current={index === draft.step ? 'step' : undefined}
              onClick={() => draft.set({ step: index })}
            >
              <span className="step-number">{index + 1}</span> {t(`tournaments.create.step.${name}`)}
            </button>
          </li>
        ))}
      </ol>

      <section
        className="card form wizard-body"
        data-testid={`wizard-${step}`}
        ref={body}
        tabIndex={-1}
        aria-label={t(`tournaments.create.step.${step}`)}
      >
        {step === 'game' ? (
          <fieldset className="field" aria-describedby={describedBy('tournament-game', shown('game'))}>
            <legend>{t('tournaments.create.game')}</legend>
            <input
              type="search"
              className="game-search"
              value={gameQuery}
              onChange={(event) => setGameQuery(event.target.value)}
              placeholder={t('tournaments.create.game-search')}
              aria-label={t('tournaments.create.game-search')}
              data-testid="game-search"
            />
            {matching.length === 0 ? (
              <p className="muted">{t('tournaments.create.game-none', { query: gameQuery.trim() })}</p>
            ) : null}
            <div className="game-grid">
              {games.map((game) => (
                <label key={game} className={`game-option ${draft.game === game ? 'game-option-chosen' : ''}`}>
                  <input
                    type="radio"
                    name="game"
                    value={game}
                    checked={draft.game === game}
                    onChange={() => draft.set({ game, ...(allowsEntryFee(game) ? {} : { entryFee: 0 }) })}
                  />
                  <img src={gameCoverUrl(game)} alt="" loading="lazy" />
                  <span>{t(`games.${game}`)}</span>
                </label>
              ))}
            </div>
            <FieldError as="p" id="tournament-game" error={shown('game')} />
          </fieldset>
        ) : null}

        {step === 'format' ? <FormatStep shown={shown} /> : null}
        {step === 'entry' ? <EntryStep shown={shown} /> : null}
        {step === 'details' ? (
          <>
            <FieldFrame
              id="tournament-name"
              label={t('tournaments.create.name')}
              required
              error={shown('name')}
              counter={{ length: draft.name.length, max: TOURNAMENT_NAME_MAX }}
            >
              <input
                id="tournament-name"
                value={draft.name}
                maxLength={TOURNAMENT_NAME_MAX}
                onChange={(event) => draft.set({ name: event.target.value })}
                {...errorAria('tournament-name', shown('name'))}
              />
            </FieldFrame>
            <FieldFrame
              id="tournament-description"
              label={t('tournaments.create.description')}
              required
              error={shown('description')}
              hint={t('tournaments.create.description-hint', { min: String(TOURNAMENT_DESCRIPTION_MIN) })}
              counter={{ length: draft.description.length, max: TOURNAMENT_DESCRIPTION_MAX }}
            >
              <textarea
                id="tournament-description"
                rows={4}
                value={draft.description}
                maxLength={TOURNAMENT_DESCRIPTION_MAX}
                onChange={(event) => draft.set({ description: event.target.value })}
                {...errorAria('tournament-description', shown('description'))}
              />
            </FieldFrame>
            <FieldFrame
              id="tournament-rules"
              label={t('tournaments.create.rules')}
              required
              error={shown('rules')}
              hint={t('tournaments.create.rules-hint')}
              counter={{ length: draft.rules.length, max: TOURNAMENT_RULES_MAX }}
            >
              <textarea
                id="tournament-rules"
                rows={5}
                value={draft.rules}
                maxLength={TOURNAMENT_RULES_MAX}
                onChange={(event) => draft.set({ rules: event.target.value })}
                {...errorAria('tournament-rules', shown('rules'))}
              />
            </FieldFrame>
            <CoverPicker
              value={draft.cover}
              game={draft.game || 'other-games'}
              onChange={(cover) => draft.set({ cover })}
            />
          </>
        ) : null}

        {step === 'schedule' ? (
          <div className="field">
            <span className="label">
              {t('tournaments.create.start')}
              <span className="required" aria-hidden>
                {' '}
                *
              </span>
            </span>
            <DateTimePicker
              value={draft.startTime}
              onDone={(startTime) => draft.set({ startTime })}
              describedBy={describedBy('tournament-start', shown('startTime'))}
              dayProblem={(day) => (draft.entryFee === 0 && takenDays.has(day) ? 'date-picker.day-taken' : null)}
              timeProblem={(time) =>
                time < Date.now() + TOURNAMENT_START_MIN_AHEAD_MS ? 'date-picker.too-soon' : null
              }
            />
            <p className="field-hint" data-testid="start-hint">
              {t('tournaments.create.start-hint', { minutes: String(TOURNAMENT_START_MIN_AHEAD_MS / 60_000) })}
              {draft.entryFee === 0 ? ` ${t('tournaments.create.free-day-rule')}` : null}
            </p>
            <FieldError as="p" id="tournament-start" error={shown('startTime')} />
            {/* A start within two hours leaves little time to fill it (a walk's cup, 17 minutes ahead,
                was cancelled with 2 of 4). */}
            {draft.startTime &&
            draft.startTime >= Date.now() + TOURNAMENT_START_MIN_AHEAD_MS &&
            draft.startTime < Date.now() + TOURNAMENT_START_SOON_MS ? (
              <p className="field-hint" data-testid="start-soon-note">
                {t(draft.entryFee === 0 ? 'tournaments.create.start-soon-free' : 'tournaments.create.start-soon', {
                  min: String(MIN_PARTICIPANTS),
                })}
              </p>
            ) : null}
          </div>
        ) : null}

        {preview ? (
          <>
            <p className="muted">{t('tournaments.create.preview-intro')}</p>
            <div className="tournament-preview" data-testid="tournament-preview">
              <TournamentHeader tournament={preview} preview />
              <TournamentOverview tournament={preview} preview />
            </div>
            <div className={`field field-checkbox ${shown('terms') ? 'field-invalid' : ''}`}>
              <label>
                <input
                  type="checkbox"
                  checked={draft.terms}
                  onChange={(event) => draft.set({ terms: event.target.checked })}
                  data-testid="terms"
                  {...errorAria('tournament-terms', shown('terms'))}
                />
                {t('tournaments.create.terms')}{' '}
                <LocalLink to={paths.termsOfService.getHref()} target="_blank" rel="noreferrer">
                  {t('tournaments.create.terms-link')}
                </LocalLink>
              </label>
              <FieldError as="p" id="tournament-terms" error={shown('terms')} />
            </div>
            {Object.keys(problems).some((field) => field !== 'terms') ? (
              <p className="form-error" role="alert">
                {t('tournaments.create.fix-steps')}
              </p>
            ) : null}
          </>
        ) : null}

        <FormError message={create.error} />
        <div className="row wizard-nav">
          {draft.step > 0 ? (
            <Button variant="secondary" onClick={() => draft.set({ step: draft.step - 1 })}>
              {t('tournaments.create.back')}
            </Button>
          ) : null}
          {step !== 'review' ? (
            <Button onClick={next} data-testid="wizard-next">
              {t('tournaments.create.next')}
            </Button>
          ) : (
            <Button
              busy={create.busy}
              data-testid="create-tournament"
              onClick={() => {
                // Read afresh: a start chosen 16 minutes ahead is under the 15 once the preview is read (a
                // walk saw "fix the marked fields", none marked), as is a draft of another day. Its step opens.
                const now = problemsOf(form);
                setCheckedAt(Date.now());
                const first = STEPS.findIndex((_, index) => index < draft.step && stepProblems(index, now).length > 0);
                if (first >= 0) {
                  draft.set({ step: first });
                  setShownStep(first);
                  setRefusals((count) => count + 1);
                  return;
                }
                if (Object.keys(now).length > 0 || dayTaken) {
                  setShownStep(draft.step);
                  setRefusals((count) => count + 1);
                  return;
                }
                void create.run(form).then(async (done) => {
                  if (!done.ok) return setLostStart(done.error.code === 'network' ? form.startTime : null);
                  setLeaving(true);
                  await leaveFor(paths.tournament.getHref(done.value.id));
                  draft.reset();
                });
              }}
            >
              {t('tournaments.create.create')}
            </Button>
          )}
        </div>
      </section>
    </div>
  );
}
