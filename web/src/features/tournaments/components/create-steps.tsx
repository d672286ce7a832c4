import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTRY_FEES, allowsEntryFee, isGame } from '@versus/domain/games/games';
import { isVerifiedGame } from '@versus/domain/games/game-accounts';
import {
  estimateHours,
  hasFinal,
  structurePreview,
  swissDefaultRounds,
  swissMaxRounds,
  type PlayPace,
} from '@versus/domain/tournaments/formats';
import {
  BEST_OF,
  BRACKETS,
  GAME_FORMATS,
  MIN_PARTICIPANTS,
  PLATFORMS,
  REGIONS,
  TEAM_SIZES,
  TOURNAMENT_SIZES,
  eliminates,
  playsMatches,
  payoutStructuresFor,
  type Bracket,
  type Platform,
} from '@versus/domain/tournaments/tournament';
import { CoinAmount } from '../../../components/coin-amount';
import { describedBy, errorAria, FieldError, FieldFrame } from '../../../components/form-fields';
import { RIOT_LICENCE_MAX, RIOT_LICENCE_SITE, needsRiotLicence } from '@versus/domain/tournaments/riot-licence';
import { LicenceCountries } from './licence-countries';
import { bothAbsentKey } from './match-names';
import { useDraft } from '../draft-store';
import { BOTH_ABSENT, CHECK_IN_MINUTES_CHOICES, type BothAbsent } from '@versus/domain/tournaments/play';

import { MIN_RELIABILITY_CHOICES } from '@versus/domain/users/reliability';

import '../tournaments.css';
import '../../../i18n/play-texts';

/**
 * The create wizard's format and entry steps (pages/create-tournament-page.tsx), with the chips
 * they choose from.
 */

/** The chosen bracket in a line, and what it will be at this size: rounds, matches, rough time. */
function BracketPreview({
  bracket,
  size,
  grandFinalReset,
  swissRounds,
  pace,
}: {
  bracket: Bracket;
  size: number;
  grandFinalReset: boolean;
  swissRounds: number | null;
  pace: PlayPace;
}) {
  const { t } = useTranslation();
  if (!(BRACKETS as readonly string[]).includes(bracket)) return null;
  const { rounds, matches, estimateMs } = structurePreview(bracket, size, grandFinalReset, swissRounds, pace);
  const hours = estimateHours(estimateMs);
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

export function Chips<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
  disabled,
  error,
  hint,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T | T[];
  onChange: (value: T) => void;
  label: (value: T) => ReactNode;
  disabled?: (value: T) => boolean;
  error?: string | null;
  /** A line under the choices: what the choice means beyond its words. */
  hint?: string;
}) {
  const multiple = Array.isArray(value);
  const chosen = (option: T) => (multiple ? value.includes(option) : value === option);
  return (
    // Its error is read with the group, and as it appears (walk AC: a plain line, read by no one).
    <fieldset
      className={`field ${error ? 'field-invalid' : ''}`}
      data-testid={`chips-${name}`}
      aria-describedby={describedBy(`chips-${name}`, error ?? null)}
    >
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
      {hint ? <p className="field-hint">{hint}</p> : null}
      <FieldError as="p" id={`chips-${name}`} error={error ?? null} />
    </fieldset>
  );
}

/** The wizard's format step: region, platforms, solo or team, size, bracket and its own settings. */
export function FormatStep({ shown }: { shown: (field: string) => string | null }) {
  const { t } = useTranslation();
  const draft = useDraft();
  return (
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
        pace={{ bestOf: draft.bestOf, finalBestOf: draft.finalBestOf, checkInMinutes: draft.checkInMinutes }}
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
      {playsMatches(draft.bracket as Bracket) ? (
        <>
          <Chips
            legend={t('tournaments.create.check-in')}
            name="checkInMinutes"
            options={[0, ...CHECK_IN_MINUTES_CHOICES]}
            value={draft.checkInMinutes ?? 0}
            onChange={(minutes) => draft.set({ checkInMinutes: minutes || null })}
            label={(minutes) =>
              minutes
                ? t('tournaments.create.check-in-minutes', { count: minutes })
                : t('tournaments.create.check-in-off')
            }
          />
          <p className="muted field-hint" data-testid="start-check-in-note">
            {t('tournaments.create.start-check-in-note')}
          </p>
          {draft.checkInMinutes ? (
            <>
              <p className="muted field-hint">{t('tournaments.create.check-in-hint')}</p>
              <Chips
                legend={t('tournaments.create.both-absent')}
                name="bothAbsent"
                options={BOTH_ABSENT}
                value={(draft.bothAbsent ?? 'HIGHER_SEED') as BothAbsent}
                onChange={(bothAbsent) => draft.set({ bothAbsent })}
                label={(choice) => t(`tournaments.create.both-absent-options.${choice}`)}
              />
              {/* What the choice means, the final included, as the tournament's page will say it. */}
              <p className="muted field-hint" data-testid="both-absent-meaning">
                {t(bothAbsentKey(draft.bracket as Bracket, draft.bothAbsent as BothAbsent | undefined))}
              </p>
            </>
          ) : null}
        </>
      ) : null}
      {draft.gameFormat === 'SOLO' ? (
        <Chips
          legend={t('tournaments.create.min-reliability')}
          name="minReliability"
          options={[0, ...MIN_RELIABILITY_CHOICES]}
          value={draft.minReliability ?? 0}
          onChange={(least) => draft.set({ minReliability: least || null })}
          label={(least) =>
            least
              ? t('tournaments.create.min-reliability-value', { percent: String(least) })
              : t('tournaments.create.min-reliability-none')
          }
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
        // The fewest it starts with, said where its size is chosen (a walk met it only on the preview).
        hint={t('tournaments.overview.min-entrants-free', { min: String(MIN_PARTICIPANTS) })}
      />
    </>
  );
}

/** The wizard's entry step: the fee, the payout, and Riot's licence where one is needed. */
export function EntryStep({ shown }: { shown: (field: string) => string | null }) {
  const { t } = useTranslation();
  const draft = useDraft();
  const wagerAllowed = (!isGame(draft.game) || allowsEntryFee(draft.game)) && draft.gameFormat !== 'TEAM';
  const structures = payoutStructuresFor(
    (BRACKETS as readonly string[]).includes(draft.bracket) ? (draft.bracket as Bracket) : 'ELIMINATION',
  );
  return (
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
            : t('tournaments.create.game-free', { game: t(`games.${draft.game as 'fortnite'}`) })}
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
          {/* A table can end level: how a tie pays was said only on the finished standings (walk AK). */}
          {!eliminates(draft.bracket as Bracket) ? (
            <p className="muted" data-testid="tie-note">
              {t('tournaments.create.tie-note')}
            </p>
          ) : null}
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
                {...errorAria('tournament-riot-licence', shown('riotLicence'))}
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
  );
}
