import dayjs from '../../../lib/dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { ENTRY_FEES, allowsEntryFee, isGame } from '@versus/domain/games/games';
import { isVerifiedGame } from '@versus/domain/games/game-accounts';
import { createTournamentSchema } from '@versus/domain/tournaments/schemas';
import {
  formatFields,
  hasFinal,
  structurePreview,
  swissDefaultRounds,
  swissMaxRounds,
} from '@versus/domain/tournaments/formats';
import {
  BEST_OF,
  BRACKETS,
  GAME_FORMATS,
  PLATFORMS,
  REGIONS,
  TEAM_SIZES,
  TOURNAMENT_DESCRIPTION_MAX,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_RULES_MAX,
  TOURNAMENT_SIZES,
  TOURNAMENT_START_MIN_AHEAD_MS,
  emptyPlatforms,
  gameCoverUrl,
  nameTokens,
  playsMatches,
  payoutStructuresFor,
  type Bracket,
  type Platform,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { CoinAmount } from '../../../components/coin-amount';
import { EmptyState } from '../../../components/feedback';
import { FieldFrame, FormError } from '../../../components/form-fields';
import {
  RIOT_LICENCE_MAX,
  RIOT_LICENCE_SITE,
  licenceTerritory,
  needsRiotLicence,
} from '@versus/domain/tournaments/riot-licence';
import { PageHeader } from '../../../components/page-header';
import { TOURNAMENT_DRAFT_KEY } from '../../../lib/storage-keys';
import { useLocalNavigate, useLocale, usePageTitle } from '../../../lib/navigation';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { createTournament, useMyFreeStarts, type TournamentForm } from '../api';
import { CoverPicker } from '../components/cover-picker';
import { DateTimePicker } from '../components/date-time-picker';
import { LicenceCountries } from '../components/licence-countries';
import { TournamentOverview } from '../components/tournament-overview';
import { useDraft, type TournamentDraft } from '../draft-store';
import { TournamentHeader } from './tournament-page';
import '../tournaments.css';
import '../../../i18n/play-texts';
import { useGameOptions } from '../../../lib/game-options';

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

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The chosen bracket in a line, and what it will be at this size: rounds, matches, rough time. */
function BracketPreview({
  bracket,
  size,
  grandFinalReset,
  swissRounds,
}: {
  bracket: Bracket;
  size: number;
  grandFinalReset: boolean;
  swissRounds: number | null;
}) {
  const { t } = useTranslation();
  if (!(BRACKETS as readonly string[]).includes(bracket)) return null;
  const { rounds, matches, estimateMs } = structurePreview(bracket, size, grandFinalReset, swissRounds);
  const hours = Math.max(1, Math.round(estimateMs / 3_600_000));
  return (
    <div className="bracket-preview muted" data-testid="bracket-preview">
      <p>{t(`tournaments.bracket-lines.${bracket}`)}</p>
      <p>
        {matches > 0
          ? t('tournaments.create.structure', { count: hours, rounds: String(rounds), matches: String(matches) })
          : t('tournaments.create.structure-points', { count: rounds })}
      </p>
    </div>
  );
}

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
  entryFee: draft.entryFee,
  riotLicence: needsRiotLicence(draft) ? (draft.riotLicence ?? '') : null,
  riotLicenceCountries: needsRiotLicence(draft) ? (draft.riotLicenceCountries ?? []) : null,
  payoutStructure: draft.payoutStructure,
  name: draft.name,
  description: draft.description,
  rules: draft.rules,
  startTime: draft.startTime,
  timeZone: timeZone(),
  coverImage: draft.cover ? { name: draft.cover.name, x: draft.cover.x, y: draft.cover.y } : null,
  terms: draft.terms,
});

/** Every problem of the form, by field (first message each), from the shared schema. */
function problemsOf(form: TournamentForm): Record<string, string> {
  try {
    createTournamentSchema.validateSync(form, { abortEarly: false, context: { now: Date.now() } });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const problems: Record<string, string> = {};
    for (const inner of error.inner) {
      const field = (inner.path ?? '_').replace(/\[\d+\]$/, '').split('.')[0]!;
      problems[field] ??= inner.message;
    }
    return problems;
  }
}

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
    timeZone: timeZone(),
    freeStartDay: null,
  };
}

function Chips<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
  disabled,
  error,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T | T[];
  onChange: (value: T) => void;
  label: (value: T) => ReactNode;
  disabled?: (value: T) => boolean;
  error?: string | null;
}) {
  const multiple = Array.isArray(value);
  const chosen = (option: T) => (multiple ? value.includes(option) : value === option);
  return (
    <fieldset className={`field ${error ? 'field-invalid' : ''}`} data-testid={`chips-${name}`}>
      <legend>
        {legend}
        <span className="required" aria-hidden>
          {' '}
          *
        </span>
      </legend>
      <div className="chip-row">
        {options.map((option) => (
          <label
            key={String(option)}
            className={`chip ${chosen(option) ? 'chip-active' : ''} ${disabled?.(option) ? 'chip-disabled' : ''}`}
          >
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={String(option)}
              checked={chosen(option)}
              disabled={disabled?.(option)}
              onChange={() => onChange(option)}
            />
            {label(option)}
          </label>
        ))}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/** /tournaments/add: the hosting wizard (SPEC §2, §5), its draft kept across reloads. */
export default function CreateTournamentPage() {
  const { t } = useTranslation();
  usePageTitle(t('tournaments.create.title'));
  const navigate = useLocalNavigate();
  const locale = useLocale();
  const draft = useDraft();
  const uid = useSession((state) => state.user?.uid);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const profile = useSession((state) => state.profile);
  const freeStarts = useMyFreeStarts(uid);
  const [shownStep, setShownStep] = useState<number | null>(null);
  const create = useCommand((_key, form: TournamentForm) => createTournament(form));

  // The layout's cancel removed the stored draft: start again rather than revive it from memory.
  useEffect(() => {
    if (localStorage.getItem(TOURNAMENT_DRAFT_KEY) === null) draft.reset();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const form = formOf(draft);
  const problems = useMemo(() => problemsOf(form), [JSON.stringify(form)]); // eslint-disable-line react-hooks/exhaustive-deps
  const takenDays = new Set(freeStarts.status === 'ready' ? freeStarts.items.map((item) => item.day) : []);
  const dayTaken =
    draft.entryFee === 0 && draft.startTime !== null && takenDays.has(dayjs(draft.startTime).format('YYYY-MM-DD'));
  const step = STEPS[draft.step] ?? 'game';
  // Step 1 lists the games as a compact grid with a search (a phone would otherwise scroll far).
  const [gameQuery, setGameQuery] = useState('');
  const needle = gameQuery.trim().toLocaleLowerCase(locale);
  const gameOptions = useGameOptions();
  const games = gameOptions
    .filter((game) => !needle || game.label.toLocaleLowerCase(locale).includes(needle))
    .map((game) => game.value);
  const stepProblems = (index: number) => {
    const found = STEP_FIELDS[STEPS[index]!].filter((field) => problems[field]);
    if (STEPS[index] === 'schedule' && dayTaken) found.push('startTime');
    return found;
  };
  const shown = (field: string) =>
    shownStep !== null && STEP_FIELDS[STEPS[shownStep]!].includes(field)
      ? field === 'startTime' && dayTaken
        ? t('date-picker.day-taken')
        : problems[field]
          ? t(problems[field] as never)
          : null
      : null;
  const next = () => {
    if (stepProblems(draft.step).length > 0) {
      setShownStep(draft.step);
      return;
    }
    setShownStep(null);
    draft.set({ step: Math.min(draft.step + 1, STEPS.length - 1) });
  };

  if (!verified) {
    return (
      <div className="page page-narrow">
        <PageHeader title={t('tournaments.create.title')} subtitle={t('tournaments.create.subtitle')} />
        <EmptyState title={t('battles.challenge.unverified.title')}>{t('user.email-not-verified-tooltip')}</EmptyState>
      </div>
    );
  }

  const wagerAllowed = (!isGame(draft.game) || allowsEntryFee(draft.game)) && draft.gameFormat !== 'TEAM';
  const structures = payoutStructuresFor(
    (BRACKETS as readonly string[]).includes(draft.bracket) ? (draft.bracket as Bracket) : 'ELIMINATION',
  );

  return (
    <div className="page create-tournament">
      <PageHeader title={t('tournaments.create.title')} subtitle={t('tournaments.create.subtitle')} />
      <ol className="wizard-steps" aria-label={t('tournaments.create.steps')}>
        {STEPS.map((name, index) => (
          <li key={name} className={index === draft.step ? 'current' : index < draft.step ? 'done' : ''}>
            <button
              type="button"
              disabled={index > draft.step}
              aria-current={index === draft.step ? 'step' : undefined}
              onClick={() => draft.set({ step: index })}
            >
              <span className="step-number">{index + 1}</span> {t(`tournaments.create.step.${name}`)}
            </button>
          </li>
        ))}
      </ol>

      <section className="card form wizard-body" data-testid={`wizard-${step}`}>
        {step === 'game' ? (
          <fieldset className="field">
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
            {games.length === 0 ? (
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
            {shown('game') ? <p className="field-error">{shown('game')}</p> : null}
          </fieldset>
        ) : null}

        {step === 'format' ? (
          <>
            <Chips
              legend={t('tournaments.facts.region')}
              name="region"
              options={REGIONS}
              value={draft.region as (typeof REGIONS)[number]}
              onChange={(region) => draft.set({ region })}
              label={(region) => t(`tournaments.regions.${region}`)}
              error={shown('region')}
            />
            <Chips
              legend={t('tournaments.facts.platforms')}
              name="platform"
              options={PLATFORMS}
              value={draft.platform as Platform[]}
              onChange={(platform) =>
                draft.set({
                  platform: draft.platform.includes(platform)
                    ? draft.platform.filter((item) => item !== platform)
                    : [...draft.platform, platform],
                })
              }
              label={(platform) => t(`tournaments.platforms.${platform}`)}
              error={shown('platform')}
            />
            <Chips
              legend={t('tournaments.facts.format')}
              name="gameFormat"
              options={GAME_FORMATS}
              value={draft.gameFormat as (typeof GAME_FORMATS)[number]}
              onChange={(gameFormat) =>
                draft.set(
                  gameFormat === 'TEAM'
                    ? { gameFormat, teamSize: Math.max(2, draft.teamSize), entryFee: 0 }
                    : { gameFormat, teamSize: 1 },
                )
              }
              label={(format) => t(`tournaments.formats.${format}`)}
            />
            {draft.gameFormat === 'TEAM' ? (
              <Chips
                legend={t('tournaments.create.team-size')}
                name="teamSize"
                options={TEAM_SIZES}
                value={draft.teamSize as (typeof TEAM_SIZES)[number]}
                onChange={(teamSize) => draft.set({ teamSize })}
                label={(size) => t('tournaments.create.team-size-value', { count: size })}
                error={shown('teamSize')}
              />
            ) : null}
            <Chips
              legend={t('tournaments.facts.bracket')}
              name="bracket"
              options={BRACKETS}
              value={draft.bracket as Bracket}
              onChange={(bracket) =>
                draft.set({
                  bracket,
                  ...(payoutStructuresFor(bracket).includes(draft.payoutStructure as never)
                    ? {}
                    : { payoutStructure: 'winner-takes-all' }),
                })
              }
              label={(bracket) => t(`tournaments.brackets.${bracket}`)}
            />
            <BracketPreview
              bracket={draft.bracket as Bracket}
              size={draft.size}
              grandFinalReset={draft.grandFinalReset ?? true}
              swissRounds={draft.swissRounds ?? null}
            />
            {draft.bracket === 'SWISS' ? (
              <Chips
                legend={t('tournaments.create.swiss-rounds')}
                name="swissRounds"
                options={[0, ...Array.from({ length: swissMaxRounds(draft.size) - 1 }, (_, index) => index + 2)]}
                value={draft.swissRounds ?? 0}
                onChange={(rounds) => draft.set({ swissRounds: rounds || null })}
                label={(rounds) =>
                  rounds
                    ? String(rounds)
                    : t('tournaments.create.swiss-rounds-default', { count: swissDefaultRounds(draft.size) })
                }
                error={shown('swissRounds')}
              />
            ) : null}
            {isVerifiedGame(draft.game) && playsMatches(draft.bracket as Bracket) ? (
              <div className="field field-checkbox">
                <label>
                  <input
                    type="checkbox"
                    checked={draft.verifiedOnly ?? false}
                    onChange={(event) => draft.set({ verifiedOnly: event.target.checked })}
                    data-testid="verified-only"
                  />
                  {t('tournaments.create.verified-only', { game: t(`games.${draft.game}`) })}
                </label>
              </div>
            ) : null}
            {playsMatches(draft.bracket as Bracket) ? (
              <Chips
                legend={t('tournaments.create.best-of')}
                name="bestOf"
                options={BEST_OF}
                value={(draft.bestOf ?? 1) as (typeof BEST_OF)[number]}
                onChange={(bestOf) => draft.set({ bestOf, finalBestOf: Math.max(bestOf, draft.finalBestOf ?? 1) })}
                label={(bestOf) => t('tournaments.series.best-of', { count: bestOf })}
              />
            ) : null}
            {hasFinal(draft.bracket as Bracket) ? (
              <Chips
                legend={t('tournaments.create.final-best-of')}
                name="finalBestOf"
                options={BEST_OF}
                value={(draft.finalBestOf ?? draft.bestOf ?? 1) as (typeof BEST_OF)[number]}
                onChange={(finalBestOf) => draft.set({ finalBestOf })}
                label={(bestOf) => t('tournaments.series.best-of', { count: bestOf })}
              />
            ) : null}
            {draft.bracket === 'DOUBLE_ELIMINATION' ? (
              <div className="field field-checkbox">
                <label>
                  <input
                    type="checkbox"
                    checked={draft.grandFinalReset ?? true}
                    onChange={(event) => draft.set({ grandFinalReset: event.target.checked })}
                    data-testid="grand-final-reset"
                  />
                  {t('tournaments.create.grand-final-reset')}
                </label>
              </div>
            ) : null}
            <Chips
              legend={t('tournaments.create.size')}
              name="size"
              options={TOURNAMENT_SIZES}
              value={draft.size as (typeof TOURNAMENT_SIZES)[number]}
              // A Swiss's rounds stay within what the new size allows.
              onChange={(size) =>
                draft.set({
                  size,
                  ...(draft.swissRounds && draft.swissRounds > swissMaxRounds(size) ? { swissRounds: null } : {}),
                })
              }
              label={(size) =>
                draft.gameFormat === 'TEAM'
                  ? t('tournaments.create.size-teams', { count: size })
                  : t('tournaments.create.size-value', { count: size })
              }
            />
          </>
        ) : null}

        {step === 'entry' ? (
          <>
            <Chips
              legend={t('tournaments.facts.entry-fee')}
              name="entryFee"
              options={ENTRY_FEES}
              value={draft.entryFee as (typeof ENTRY_FEES)[number]}
              onChange={(entryFee) => draft.set({ entryFee })}
              label={(fee) => (fee === 0 ? t('tournaments.free') : <CoinAmount value={fee} />)}
              disabled={(fee) => fee > 0 && !wagerAllowed}
              error={shown('entryFee')}
            />
            {!wagerAllowed ? (
              <p className="field-hint">
                {draft.gameFormat === 'TEAM'
                  ? t('tournaments.create.team-free')
                  : t('battles.challenge.free-only', { game: t(`games.${draft.game as 'fortnite'}`) })}
              </p>
            ) : null}
            {/* A free tournament has no pool to share: no payout to choose, no fees to explain. */}
            {draft.entryFee > 0 ? (
              <>
                <Chips
                  legend={t('tournaments.facts.payout')}
                  name="payoutStructure"
                  options={structures}
                  value={draft.payoutStructure as (typeof structures)[number]}
                  onChange={(payoutStructure) => draft.set({ payoutStructure })}
                  label={(structure) => t(`tournaments.payouts.${structure}`)}
                  error={shown('payoutStructure')}
                />
                <p className="muted">{t('tournaments.create.money-note')}</p>
                {needsRiotLicence(draft) ? (
                  <FieldFrame
                    id="tournament-riot-licence"
                    label={t('tournaments.create.riot-licence')}
                    required
                    error={shown('riotLicence')}
                    counter={{ length: (draft.riotLicence ?? '').length, max: RIOT_LICENCE_MAX }}
                  >
                    <input
                      id="tournament-riot-licence"
                      value={draft.riotLicence ?? ''}
                      maxLength={RIOT_LICENCE_MAX}
                      onChange={(event) => draft.set({ riotLicence: event.target.value })}
                    />
                  </FieldFrame>
                ) : null}
                {needsRiotLicence(draft) ? (
                  <LicenceCountries
                    value={draft.riotLicenceCountries ?? []}
                    onChange={(riotLicenceCountries) => draft.set({ riotLicenceCountries })}
                    error={shown('riotLicenceCountries')}
                  />
                ) : null}
                {needsRiotLicence(draft) ? (
                  <p className="field-hint">
                    {t('tournaments.create.riot-licence-hint')}{' '}
                    <a href={RIOT_LICENCE_SITE} target="_blank" rel="noreferrer">
                      riot.eurcommunitycompetition.com
                    </a>
                  </p>
                ) : null}
              </>
            ) : (
              <p className="muted" data-testid="free-note">
                {t('tournaments.create.free-note')}
              </p>
            )}
          </>
        ) : null}

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
              />
            </FieldFrame>
            <FieldFrame
              id="tournament-description"
              label={t('tournaments.create.description')}
              required
              error={shown('description')}
              counter={{ length: draft.description.length, max: TOURNAMENT_DESCRIPTION_MAX }}
            >
              <textarea
                id="tournament-description"
                rows={4}
                value={draft.description}
                maxLength={TOURNAMENT_DESCRIPTION_MAX}
                onChange={(event) => draft.set({ description: event.target.value })}
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
              dayProblem={(day) => (draft.entryFee === 0 && takenDays.has(day) ? 'date-picker.day-taken' : null)}
              timeProblem={(time) =>
                time < Date.now() + TOURNAMENT_START_MIN_AHEAD_MS ? 'date-picker.too-soon' : null
              }
            />
            <p className="field-hint">
              {draft.entryFee === 0 ? t('tournaments.create.free-day-rule') : t('tournaments.create.start-hint')}
            </p>
            {shown('startTime') ? <p className="field-error">{shown('startTime')}</p> : null}
          </div>
        ) : null}

        {step === 'review' ? (
          <>
            <p className="muted">{t('tournaments.create.preview-intro')}</p>
            <div className="tournament-preview" data-testid="tournament-preview">
              <TournamentHeader
                tournament={previewOf(draft, {
                  uid: uid ?? '',
                  displayName: profile?.displayName ?? '',
                  avatar: profile?.avatar ?? null,
                  avatarPlaceholder: profile?.avatarPlaceholder ?? 0,
                  trophies: profile?.trophies ?? 0,
                })}
                preview
              />
              <TournamentOverview
                tournament={previewOf(draft, {
                  uid: uid ?? '',
                  displayName: profile?.displayName ?? '',
                  avatar: profile?.avatar ?? null,
                  avatarPlaceholder: profile?.avatarPlaceholder ?? 0,
                  trophies: profile?.trophies ?? 0,
                })}
                preview
              />
            </div>
            <div className={`field field-checkbox ${shown('terms') ? 'field-invalid' : ''}`}>
              <label>
                <input
                  type="checkbox"
                  checked={draft.terms}
                  onChange={(event) => draft.set({ terms: event.target.checked })}
                  data-testid="terms"
                />
                {t('tournaments.create.terms')}{' '}
                <LocalLink to={paths.termsOfService.getHref()} target="_blank" rel="noreferrer">
                  {t('tournaments.create.terms-link')}
                </LocalLink>
              </label>
              {shown('terms') ? <p className="field-error">{shown('terms')}</p> : null}
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
                if (Object.keys(problems).length > 0 || dayTaken) {
                  setShownStep(draft.step);
                  return;
                }
                void create.run(form).then((done) => {
                  if (!done.ok) return;
                  draft.reset();
                  void navigate(paths.tournament.getHref(done.value.id));
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
