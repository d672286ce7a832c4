import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INACTIVITY_WARNING_MS,
  MIN_PARTICIPANTS,
  checkInOpensAt,
  entrantOf,
  isCheckInOpen,
  playsMatches,
  prizeSplit,
  type Tournament,
  type TournamentViewState,
} from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { CoinAmount } from '../../../components/coin-amount';
import { Countdown, Deadline } from '../../../components/countdown';
import { FormError } from '../../../components/form-fields';
import { PlayerChip } from '../../../components/player-chip';
import { Tooltip } from '../../../components/tooltip';
import { formatCoins, mediumDateTime, fullDateTime } from '../../../lib/locale';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { useNow } from '../../../lib/use-now';
import { checkIn, extendTournament, joinTournament, leaveTournament, useMyInvites } from '../api';
import { apiPath } from '@versus/domain/platform/api-path';
import { entrantName } from './match-panel';
import { PlayAside, PlayMain, usePlay } from './play-section';
import { DiscordChannel } from './discord-channel';
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
              bothAbsent: t(`tournaments.facts.deadline-both-absent.${tournament.bothAbsent ?? 'HIGHER_SEED'}`),
            })} `
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
  const shown = prizeSplit(
    filling || tournament.prizePool <= 0 ? tournament.entryFee * tournament.size : tournament.prizePool,
    tournament.payoutStructure,
  );
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
      {tournament.entryFee > 0 ? (
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
            <dt>{t(filling ? 'tournaments.facts.split-when-full' : 'tournaments.facts.split')}</dt>
            <dd>
              <ol className="prize-split" data-testid="prize-split">
                {shown.places.map((amount, index) => (
                  <li key={index}>
                    {t('tournaments.facts.place', { count: index + 1, ordinal: true })}: <CoinAmount value={amount} />
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

/** The one thing that matters now for the viewer, with its button (issue: "your status"). */
function StatusPanel({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useNow(1000);
  const uid = useSession((state) => state.user?.uid);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const funds = useSession((state) => state.account?.funds ?? 0);
  const join = useCommand((key, id: string) => joinTournament(id, key), { idempotent: true });
  const leave = useCommand((_key, id: string) => leaveTournament(id));
  const checkInCommand = useCommand((_key, id: string) => checkIn(id));
  const extend = useCommand((_key, id: string) => extendTournament(id));
  const error = join.error ?? leave.error ?? checkInCommand.error ?? extend.error;
  const isHost = uid === tournament.uid;
  const entrant = uid ? entrantOf(tournament, uid) : undefined;
  const partyId = uid ? tournament.usersInParties?.[uid] : undefined;
  // A team tournament's player in no party yet, whom the tournament lists as invited: who invited
  // them (one document, read only then).
  const invites = useMyInvites(
    tournament.gameFormat === 'TEAM' &&
      tournament.state === 'OPEN' &&
      !entrant &&
      !partyId &&
      (tournament.invitesForUsers?.[uid ?? '']?.length ?? 0) > 0
      ? tournament.id
      : undefined,
    uid,
  );
  const invitedTo = invites.status === 'ready' ? Object.values(invites.data.parties ?? {}) : [];

  let body: ReactNode;
  if (tournament.state === 'CANCELLED') {
    body = (
      <p data-testid="tournament-status">
        {t(
          `tournaments.status-text.cancelled-${tournament.cancelReason ?? 'host'}${tournament.entryFee > 0 ? '' : '-free'}`,
        )}
      </p>
    );
  } else if (tournament.state === 'FINISHED') {
    // Who won, with the way to the table (a walk found only "finished" here).
    const winners = Object.entries(tournament.placings ?? {})
      .filter(([, place]) => place === 1)
      .map(([id]) => entrantName(tournament, id));
    body = (
      <>
        <p data-testid="tournament-status">
          {t('tournaments.status-text.finished')}{' '}
          {winners.length > 0 ? (
            <strong data-testid="tournament-winner">
              {entrant && tournament.placings?.[entrant.id] === 1
                ? t('tournaments.status-text.won-you')
                : t('tournaments.status-text.won-by', { count: winners.length, names: winners.join(', ') })}
            </strong>
          ) : null}
        </p>
        <LocalLink to={paths.tournament.getHref(tournament.id, 'standings')}>
          {t('tournaments.status-text.see-standings')}
        </LocalLink>
      </>
    );
  } else if (tournament.state === 'ONGOING') {
    const timingOut = tournament.timesOut - now <= INACTIVITY_WARNING_MS;
    body = (
      <>
        <p data-testid="tournament-status">{t('tournaments.status-text.ongoing')}</p>
        {isHost && timingOut ? (
          <div className="notice" data-testid="about-to-be-cancelled">
            <p>
              {t('tournaments.status-text.about-to-be-cancelled')} <Deadline until={tournament.timesOut} now={now} />
            </p>
            <Button busy={extend.busy} onClick={() => void extend.run(tournament.id)}>
              {t('tournaments.actions.extend')}
            </Button>
          </div>
        ) : null}
      </>
    );
  } else if (!uid) {
    body = (
      <LocalLink className="btn btn-primary" to={paths.login.getHref()}>
        {t('tournaments.actions.login-to-join')}
      </LocalLink>
    );
  } else if (entrant) {
    const leader = entrant.uid === uid;
    const open = isCheckInOpen(tournament, now);
    const team = entrant.kind === 'PARTY';
    const leaderName = entrant.members.find((member) => member.uid === entrant.uid)?.displayName ?? '';
    body = (
      <>
        {team ? (
          <p data-testid="your-team">
            {t(leader ? 'tournaments.status-text.team-you-lead' : 'tournaments.status-text.team-member', {
              team: entrant.displayName,
              leader: leaderName,
            })}
          </p>
        ) : null}
        <p data-testid="tournament-status">
          {entrant.checkedIn
            ? t('tournaments.status-text.checked-in')
            : open
              ? team && !leader
                ? t('tournaments.status-text.leader-checks-in', { leader: leaderName })
                : t('tournaments.status-text.check-in-now')
              : t(team && !leader ? 'tournaments.status-text.joined-member' : 'tournaments.status-text.joined', {
                  time: mediumDateTime(locale).format(checkInOpensAt(tournament)),
                  leader: leaderName,
                })}
        </p>
        <div className="row wrap">
          {open && !entrant.checkedIn && leader ? (
            <Button
              busy={checkInCommand.busy}
              onClick={() => void checkInCommand.run(tournament.id)}
              data-testid="check-in"
            >
              {t('tournaments.actions.check-in')}
            </Button>
          ) : null}
          {entrant.kind === 'PLAYER' ? (
            <Button
              variant="secondary"
              busy={leave.busy}
              onClick={() => void leave.run(tournament.id)}
              data-testid="leave"
            >
              {tournament.entryFee > 0
                ? t('tournaments.actions.leave-refund', { fee: formatCoins(locale, tournament.entryFee) })
                : t('tournaments.actions.leave')}
            </Button>
          ) : null}
        </div>
      </>
    );
  } else if (tournament.gameFormat === 'TEAM') {
    body = (
      <>
        <p data-testid="tournament-status">
          {partyId
            ? t('tournaments.status-text.party-forming')
            : invitedTo.length > 0
              ? t('tournaments.status-text.team-invited', {
                  count: invitedTo.length,
                  team: invitedTo[0]!.teamName,
                  leader: invitedTo[0]!.leaderName,
                })
              : t('tournaments.status-text.team-how')}
        </p>
        <LocalLink className="btn btn-primary" to={paths.tournament.getHref(tournament.id, 'participants')}>
          {partyId
            ? t('tournaments.actions.my-party')
            : invitedTo.length > 0
              ? t('tournaments.actions.answer-invite', { count: invitedTo.length })
              : t('tournaments.actions.create-or-join-party')}
        </LocalLink>
      </>
    );
  } else if (isHost && tournament.entryFee > 0) {
    body = <p data-testid="tournament-status">{t('tournaments.status-text.host-cannot-play')}</p>;
  } else if (tournament.participantCount >= tournament.size) {
    body = <p data-testid="tournament-status">{t('tournaments.status-text.full')}</p>;
  } else {
    const short = tournament.entryFee > funds;
    body = (
      <>
        {short ? (
          <div className="form-error" role="alert" data-testid="not-enough-coins">
            {t('tournaments.status-text.not-enough-coins', {
              fee: formatCoins(locale, tournament.entryFee),
              funds: formatCoins(locale, funds),
            })}{' '}
            <LocalLink to={paths.checkout.getHref()}>{t('battles.challenge.get-coins')}</LocalLink>
          </div>
        ) : null}
        <Tooltip text={t('user.email-not-verified-tooltip')} enabled={!verified}>
          <Button
            busy={join.busy}
            disabled={!verified || short}
            onClick={() => void join.run(tournament.id)}
            data-testid="join"
          >
            {tournament.entryFee > 0
              ? t('tournaments.actions.join-fee', { fee: formatCoins(locale, tournament.entryFee) })
              : t('tournaments.actions.join-free')}
          </Button>
        </Tooltip>
      </>
    );
  }
  // A visitor who did not play a tournament under way or over reads its status, not "Your place".
  const heading = isHost
    ? t('tournaments.overview.you-host')
    : entrant || tournament.state === 'OPEN'
      ? t('tournaments.overview.your-status')
      : t('tournaments.overview.status');
  return (
    <section className="card status-panel" aria-label={heading}>
      <h2>{heading}</h2>
      {body}
      <FormError message={error} />
    </section>
  );
}

/** The overview tab: what, when, how much, the rules, the host and the viewer's next step. */
export function TournamentOverview({ tournament, preview = false }: { tournament: Tournament; preview?: boolean }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const locale = useLocale();
  const start = fullDateTime(locale).format(tournament.startTime);
  const play = usePlay(tournament);
  // Checked in (a join in the last 30 minutes checks in at once): the rule to check in is done with.
  const uid = useSession((state) => state.user?.uid);
  const checkedIn = uid ? entrantOf(tournament, uid)?.checkedIn === true : false;
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
                  <Countdown until={tournament.startTime} now={now} />
                </>
              ) : null}
            </p>
            {tournament.state === 'OPEN' && !checkedIn ? (
              <p className="muted" data-testid="check-in-note">
                {tournament.entryFee > 0
                  ? t('tournaments.overview.check-in-note')
                  : t('tournaments.overview.check-in-note-free')}
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
                href={apiPath(`/calendar/tournaments/${encodeURIComponent(tournament.id)}.ics`)}
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
            <StatusPanel tournament={tournament} />
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
