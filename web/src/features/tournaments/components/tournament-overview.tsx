import { useTranslation } from 'react-i18next';
import {
  MIN_PARTICIPANTS,
  entrantOf,
  playsMatches,
  prizeSplit,
  type Tournament,
  type TournamentViewState,
} from '@versus/domain/tournaments/tournament';
import { paidPlaces } from '@versus/domain/tournaments/placings';
import { CoinAmount } from '../../../components/coin-amount';
import { Countdown } from '../../../components/countdown';
import { PlayerChip } from '../../../components/player-chip';
import { shownName } from '../../../lib/player-name';
import { fullDateTime } from '../../../lib/locale';
import { zoneName } from '../../../lib/zone-name';
import { useLocale } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { useNow } from '../../../lib/use-now';
import { apiPath } from '@versus/domain/platform/api-path';
import { PlayAside, PlayMain, usePlay } from './play-section';
import { DiscordChannel } from './discord-channel';
import { StatusPanel } from './status-panel';
import { bothAbsentKey } from './match-names';
import '../../../i18n/play-texts';

export type ViewedTournament = Tournament & { viewState?: TournamentViewState };

/** What happens at each deadline of a match, in plain words (issue #60): the platform's rules beside the host's. */
function DeadlineRules({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  if (!playsMatches(tournament.bracket)) return null;
  return (
    <>
      <h3>{t('tournaments.facts.deadlines')}</h3>
      <p data-testid="deadline-rules">
        {tournament.checkInMinutes
          ? `${t('tournaments.facts.deadline-check-in', {
              count: tournament.checkInMinutes,
              bothAbsent: t(bothAbsentKey(tournament.bracket, tournament.bothAbsent)),
            })} `
          : null}
        {tournament.checkInMinutes && tournament.bracket === 'ROUND_ROBIN'
          ? `${t('tournaments.facts.deadline-check-in-all')} `
          : null}
        {t('tournaments.facts.deadline-report')}
      </p>
    </>
  );
}

/** Game, region, platforms, format, bracket, size and money at a glance. */
export function TournamentFacts({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  // While places are open the pool still grows: the prizes shown are those of a full tournament
  // (its current pool's split named places nobody could win yet, 2nd and 3rd with one entrant).
  const filling = tournament.state === 'OPEN' && tournament.participantCount < tournament.size;
  const split = prizeSplit(
    filling || tournament.prizePool <= 0 ? tournament.entryFee * tournament.size : tournament.prizePool,
    tournament.payoutStructure,
  );
  // Finished, what was paid: with fewer placed than the split's places, the first took the rest
  // (a walk read "1st: ◎235" beside a paid 328). A place several share is one line, with what they
  // shared together (a tie's odd coin made their amounts differ, and the line showed one of them).
  const paid = tournament.state === 'FINISHED' && tournament.results ? paidPlaces(tournament.results) : null;
  const shown = paid
    ? { places: paid, host: tournament.hostShare ?? split.host }
    : { places: split.places.map((amount, index) => ({ place: index + 1, to: index + 1, amount })), host: split.host };
  return (
    <dl className="tournament-facts" data-testid="tournament-facts">
      <div>
        <dt>{t('tournaments.facts.game')}</dt>
        <dd>{t(`games.${tournament.game}`)}</dd>
      </div>
      <div>
        <dt>{t('tournaments.facts.region')}</dt>
        <dd>{t(`tournaments.regions.${tournament.region}`)}</dd>
      </div>
      <div>
        <dt>{t('tournaments.facts.platforms')}</dt>
        <dd>{tournament.platform.map((platform) => t(`tournaments.platforms.${platform}`)).join(', ')}</dd>
      </div>
      <div>
        <dt>{t('tournaments.facts.format')}</dt>
        <dd>
          {tournament.gameFormat === 'TEAM'
            ? t('tournaments.formats.TEAM-size', { count: tournament.teamSize })
            : t('tournaments.formats.SOLO')}
        </dd>
      </div>
      <div>
        <dt>{t('tournaments.facts.bracket')}</dt>
        <dd>
          {t(`tournaments.brackets.${tournament.bracket}`)}
          {tournament.bracket === 'SWISS'
            ? ` · ${
                tournament.swissRounds
                  ? t('tournaments.facts.swiss-rounds', { count: tournament.swissRounds })
                  : t('tournaments.facts.swiss-rounds-default')
              }`
            : null}
          {tournament.bracket === 'DOUBLE_ELIMINATION'
            ? ` · ${t(
                tournament.grandFinalReset === false
                  ? 'tournaments.facts.no-grand-final-reset'
                  : 'tournaments.facts.grand-final-reset',
              )}`
            : null}
          {(tournament.bestOf ?? 1) > 1 || (tournament.finalBestOf ?? 1) > 1 ? (
            <span data-testid="series">
              {' · '}
              {t('tournaments.series.best-of', { count: tournament.bestOf ?? 1 })}
              {(tournament.finalBestOf ?? tournament.bestOf ?? 1) !== (tournament.bestOf ?? 1)
                ? `, ${t('tournaments.series.final', { count: tournament.finalBestOf })}`
                : null}
            </span>
          ) : null}
        </dd>
      </div>
      {tournament.minReliability ? (
        <div>
          <dt>{t('tournaments.facts.min-reliability')}</dt>
          <dd data-testid="min-reliability">
            {t('tournaments.facts.min-reliability-value', { percent: String(tournament.minReliability) })}
          </dd>
        </div>
      ) : null}
      {tournament.verifiedOnly ? (
        <div>
          <dt>{t('tournaments.facts.results')}</dt>
          <dd data-testid="verified-only">{t('tournaments.facts.verified-only')}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t(tournament.gameFormat === 'TEAM' ? 'tournaments.facts.spots-teams' : 'tournaments.facts.spots')}</dt>
        <dd data-testid="participant-count">
          {t('tournaments.facts.spots-value', {
            joined: String(tournament.participantCount),
            size: String(tournament.size),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('tournaments.facts.entry-fee')}</dt>
        <dd>{tournament.entryFee > 0 ? <CoinAmount value={tournament.entryFee} /> : t('tournaments.free')}</dd>
      </div>
      {/* A cancelled tournament refunded every fee: no pool or prizes left to show. */}
      {tournament.entryFee > 0 && tournament.state !== 'CANCELLED' ? (
        <>
          <div>
            <dt>{t('tournaments.facts.prize-pool')}</dt>
            <dd data-testid="prize-pool">
              <CoinAmount value={tournament.prizePool} />
              {tournament.state === 'OPEN' && tournament.participantCount < tournament.size ? (
                <>
                  {' '}
                  {/* In brackets: "◎0 when full: ◎1,040" read as one phrase (a new-user walk). */}
                  <span className="muted">
                    ({t('tournaments.facts.pool-when-full')}{' '}
                    <CoinAmount value={tournament.entryFee * tournament.size} />)
                  </span>
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>
              {t(
                filling
                  ? 'tournaments.facts.split-when-full'
                  : paid
                    ? 'tournaments.facts.split-paid'
                    : 'tournaments.facts.split',
              )}
            </dt>
            <dd>
              <ol className="prize-split" data-testid="prize-split">
                {shown.places.map(({ place, to, amount }) => (
                  <li key={place}>
                    {/* "1st:", Finnish "1. sija:" (a bare "1.:" read oddly); a shared place "1st–2nd, shared:". */}
                    {to > place
                      ? t('tournaments.facts.prize-shared', {
                          place: t('tournaments.facts.place', { count: place, ordinal: true }),
                          to: t('tournaments.facts.place', { count: to, ordinal: true }),
                        })
                      : t('tournaments.facts.prize-place', {
                          place: t('tournaments.facts.place', { count: place, ordinal: true }),
                        })}{' '}
                    <CoinAmount value={amount} />
                  </li>
                ))}
                <li className="muted">
                  {t('tournaments.facts.host-share')}: <CoinAmount value={shown.host} />
                </li>
              </ol>
            </dd>
          </div>
          {/* A free tournament has no pool to pay out: no payout line (its wizard says so too). */}
          <div>
            <dt>{t('tournaments.facts.payout')}</dt>
            <dd data-testid="payout">{t(`tournaments.payouts.${tournament.payoutStructure}`)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}

/** The overview tab: what, when, how much, the rules, the host and the viewer's next step. */
export function TournamentOverview({ tournament, preview = false }: { tournament: Tournament; preview?: boolean }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const locale = useLocale();
  // With the viewer's zone ("PST", "UTC+2"): players in different zones agree on a time by it (walk AH).
  const start = `${fullDateTime(locale).format(tournament.startTime)} ${zoneName(locale, tournament.startTime, 'short')}`;
  const play = usePlay(tournament);
  // Checked in (a join in the last 30 minutes checks in at once): the rule to check in is done with.
  const uid = useSession((state) => state.user?.uid);
  const entrant = uid ? entrantOf(tournament, uid) : undefined;
  const checkedIn = entrant?.checkedIn === true;
  // Whose check-in the note names: the host reads the rule, a team's leader checks the team in (a
  // team tournament is free, SPEC §5).
  const free = tournament.entryFee > 0 ? '' : '-free';
  const note =
    tournament.gameFormat !== 'TEAM'
      ? (`check-in-note${uid === tournament.uid ? '-host' : ''}${free}` as const)
      : uid === tournament.uid
        ? 'check-in-note-host-team'
        : !entrant
          ? 'check-in-note-team'
          : entrant.uid === uid
            ? 'check-in-note-leader'
            : 'check-in-note-member';
  return (
    <>
      {play.started ? (
        <div className="tournament-play">
          <div className="tournament-play-side">
            <PlayAside tournament={tournament} play={play} />
          </div>
          <PlayMain tournament={tournament} play={play} />
        </div>
      ) : null}
      <div className="tournament-overview">
        <div className="tournament-main">
          <section className="card">
            <h2>
              {tournament.state === 'OPEN'
                ? t('tournaments.overview.start')
                : tournament.state === 'CANCELLED' && !tournament.startedAt
                  ? t('tournaments.overview.was-to-start')
                  : t('tournaments.overview.started')}
            </h2>
            <p>
              <time dateTime={new Date(tournament.startTime).toISOString()} data-testid="start-time">
                {start}
              </time>
              {tournament.state === 'OPEN' && tournament.startTime > now ? (
                <>
                  {' · '}
                  <Countdown until={tournament.startTime} now={now} phrased />
                </>
              ) : null}
            </p>
            {tournament.state === 'OPEN' && !checkedIn ? (
              <p className="muted" data-testid="check-in-note">
                {t(`tournaments.overview.${note}`, {
                  leader: shownName(t, entrant?.members.find((member) => member.uid === entrant.uid)?.displayName),
                })}
              </p>
            ) : null}
            {tournament.state === 'OPEN' ? (
              // A host and players learn it before the start, not from the cancellation.
              <p className="muted" data-testid="min-entrants-note">
                {tournament.entryFee > 0
                  ? t('tournaments.overview.min-entrants', { min: String(MIN_PARTICIPANTS) })
                  : t('tournaments.overview.min-entrants-free', { min: String(MIN_PARTICIPANTS) })}
              </p>
            ) : null}
            {!preview && tournament.state === 'OPEN' ? (
              <a
                className="btn btn-ghost btn-small"
                href={apiPath(
                  `/calendar/tournaments/${encodeURIComponent(tournament.id)}.ics?lang=${encodeURIComponent(locale)}`,
                )}
                download={`${tournament.name}.ics`}
                data-testid="add-to-calendar"
              >
                {t('tournaments.overview.add-to-calendar')}
              </a>
            ) : null}
          </section>
          <section className="card">
            <h2>{t('tournaments.overview.about')}</h2>
            <p className="prewrap" data-testid="tournament-description">
              {tournament.description}
            </p>
          </section>
          <section className="card">
            <h2>{t('tournaments.overview.rules')}</h2>
            <p className="prewrap">{tournament.rules}</p>
            <DeadlineRules tournament={tournament} />
          </section>
        </div>
        <aside className="tournament-side">
          {preview ? (
            <section className="card status-panel">
              <p>{t('tournaments.overview.preview-note')}</p>
            </section>
          ) : (
            <StatusPanel tournament={tournament} matches={play.loading ? undefined : play.matches} />
          )}
          <section className="card">
            <h2>{t('tournaments.overview.details')}</h2>
            <TournamentFacts tournament={tournament} />
          </section>
          <section className="card">
            <h2>{t('tournaments.overview.host')}</h2>
            <PlayerChip player={tournament.owner} link={!preview} />
          </section>
          {!preview && uid === tournament.uid && (tournament.state === 'OPEN' || tournament.state === 'ONGOING') ? (
            <DiscordChannel tournament={tournament} />
          ) : null}
        </aside>
      </div>
    </>
  );
}
