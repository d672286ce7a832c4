import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkInOpen,
  isPaused,
  howOut,
  isOut,
  lastLossOf,
  openMatchesOf,
  matchStage,
  sidesOf,
  type TournamentMatch,
} from '@versus/domain/tournaments/play';
import { roundLabel } from '@versus/domain/tournaments/round-labels';
import { eliminates, entrantOf, type Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { Deadline } from '../../../components/countdown';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { shownName } from '../../../lib/player-name';
import { useFollowedAnchor } from '../../../lib/use-followed-anchor';
import { useNow } from '../../../lib/use-now';
import { useSearchParamsQueued } from '../../../lib/use-search-params-queued';
import { LastResult } from './last-result';
import { MatchCheckIn, dropCheckIn } from './match-check-in';
import { entrantName, scoreText } from './match-names';
import { DisputeForm, MatchGameCheck, ReportForm } from './match-report';
import { useMatchPanelFocus } from './match-panel-focus';
import '../../../i18n/play-texts';

type Match = TournamentMatch & { id: string };

/** "Verified by the game" with the record's page, on a match the game decided (issue #22). */
export function MatchVerified({ match }: { match: Pick<TournamentMatch, 'outcome' | 'evidence'> }) {
  const { t } = useTranslation();
  if (match.outcome !== 'GAME_API' || !match.evidence) return null;
  return (
    <a
      className="verified-link"
      href={match.evidence.url}
      target="_blank"
      rel="noreferrer"
      data-testid="match-verified"
      title={`${t('battles.game-check.see-match', { id: match.evidence.matchId })} · ${t('legal.game-data-source', {
        source: match.evidence.game === 'dota-2' ? 'OpenDota' : 'Riot Games',
      })}`}
    >
      ✓ {t('battles.game-check.verified')}
    </a>
  );
}

/**
 * A round robin's side that came to none of its matches: each was lost without it (a walk read
 * "played"). A match neither side came to that the higher seed took is not lost.
 */
const noShowEvery = (matches: Match[], entrant: string) => {
  const decided = matches.filter((item) => item.state === 'COMPLETED' && item.participants.includes(entrant));
  return decided.length > 0 && decided.every((item) => item.forfeited?.includes(entrant) && item.winner !== entrant);
};

/** The panel's step, for the heading's focus after the player's own act (useMatchPanelFocus). */
function PanelFocus({ step }: { step: string }) {
  useMatchPanelFocus(step);
  return null;
}

/**
 * The viewer's current match (SPEC §4: the READY match containing them or their party): the one
 * thing the page pushes them to, with what they can do about it now.
 */
export function CurrentMatchPanel({
  tournament,
  matches,
  uid,
}: {
  tournament: Tournament;
  matches: Match[];
  uid: string;
}) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const [chosen, setChosen] = useState<string | null>(null);
  // A banner's or a push's "Check in" names its match (`?checkIn=`): that one is shown, once (a round
  // robin's banners each name a match); the player's own choice of a match then stands.
  const [params, changeParams] = useSearchParamsQueued();
  const asked = params.get('checkIn');
  const [taken, setTaken] = useState<string | null>(null);
  if (asked !== taken) {
    setTaken(asked);
    if (asked) setChosen(asked);
  }
  const entrant = entrantOf(tournament, uid);
  // One naming no open match of the viewer's (decided meanwhile, or not theirs) leaves the address
  // too: it stayed, and asked again on every reload (MatchCheckIn drops one it checked in to). The
  // matches are this tournament's: a new one's load from its first render (useLiveQuery, record 179).
  const stale =
    !!asked &&
    !(
      entrant &&
      tournament.state === 'ONGOING' &&
      openMatchesOf(matches, entrant.id).some((item) => item.id === asked)
    );
  useEffect(() => {
    if (stale) changeParams(...dropCheckIn);
  }, [stale, changeParams]);
  // A banner's "Check in" or "Report" leads here (#current-match), pressed again on this page too.
  const panel = useRef<HTMLElement>(null);
  useFollowedAnchor('#current-match', panel, !!entrant && tournament.state === 'ONGOING');
  if (!entrant || tournament.state !== 'ONGOING') return null;
  // A round robin's matches are all open at once: the one shown is the one chosen, else the first
  // that waits on the viewer (one slow opponent must not hide the others), else the first open.
  const open = openMatchesOf(matches, entrant.id);
  const waitsOnMe = (item: Match) => ['check-in', 'report', 'add-story'].includes(matchStage(item, entrant.id));
  const match = open.find((item) => item.id === chosen) ?? open.find(waitsOnMe) ?? open[0];
  // The match shown stays shown once reported ("Waiting for your opponent"), until it is decided.
  if (match && match.id !== chosen) setChosen(match.id);
  const leader = entrant.uid === uid;
  // A host who plays too (free tournaments only) reads what the host does as their own doing.
  const hostPlays = tournament.uid === uid;
  if (!match) {
    // Out by a check-in missed or by the host (issue #60): the panel says so, not only the notification.
    const loss = lastLossOf(matches, entrant.id);
    const how = howOut(tournament.disqualified, loss, entrant.id);
    // Double elimination: the first loss drops the player into the losers bracket; the second is out.
    const double = tournament.bracket === 'DOUBLE_ELIMINATION';
    // A round robin's matches are all ready from the start: none left means all played.
    const status =
      how === 'disqualified'
        ? t('tournaments.match.out-disqualified')
        : tournament.bracket === 'ROUND_ROBIN'
          ? t(noShowEvery(matches, entrant.id) ? 'tournaments.match.all-no-show' : 'tournaments.match.all-played')
          : tournament.bracket === 'SWISS'
            ? matches.some(
                (item) =>
                  item.state === 'BYE' &&
                  item.participants[0] === entrant.id &&
                  item.round === Math.max(...matches.map((other) => other.round)),
              )
              ? t('tournaments.match.swiss-bye')
              : t('tournaments.match.swiss-next')
            : isOut(tournament, matches, entrant.id)
              ? t(how === 'no-show' ? 'tournaments.match.out-no-show' : 'tournaments.match.out')
              : double && loss
                ? t('tournaments.match.losers-bracket')
                : t('tournaments.match.waiting-next');
    return (
      <section className="card match-panel" data-testid="current-match" id="current-match" ref={panel}>
        <h2 tabIndex={-1}>{t('tournaments.match.title')}</h2>
        <PanelFocus step="none" />
        <p data-testid="match-status">{status}</p>
        <LastResult matches={matches} entrant={entrant.id} nameOf={(id) => entrantName(tournament, id)} />
      </section>
    );
  }
  const opponent = sidesOf(match).find((side) => side !== entrant.id);
  const stage = matchStage(match, entrant.id);
  const mine = match.reports[entrant.id];
  const round = eliminates(tournament.bracket) ? roundLabel(matches, match) : null;
  return (
    <section className="card match-panel highlight" data-testid="current-match" id="current-match" ref={panel}>
      {/* Focused when a report, a check-in or a story sent takes its button away (focusMatchPanel). */}
      <h2 tabIndex={-1}>{t('tournaments.match.title')}</h2>
      <PanelFocus step={`${match.id}:${stage}`} />
      {open.length > 1 ? (
        <div
          className="row wrap open-matches"
          role="group"
          aria-label={t('tournaments.match.open-matches')}
          data-testid="open-matches"
        >
          {open.map((item) => (
            <Button
              key={item.id}
              small
              variant={item.id === match.id ? 'primary' : 'secondary'}
              aria-pressed={item.id === match.id}
              onClick={() => setChosen(item.id)}
            >
              {t('tournaments.match.against', {
                name: entrantName(
                  tournament,
                  sidesOf(item).find((side) => side !== entrant.id),
                ),
              })}
              {waitsOnMe(item) ? (
                <>
                  <span aria-hidden> •</span>
                  <span className="visually-hidden">{t('tournaments.match.your-turn')}</span>
                </>
              ) : null}
            </Button>
          ))}
        </div>
      ) : null}
      <p className="match-versus">
        <strong>{shownName(t, entrant.displayName)}</strong> {t('tournaments.match.versus')}{' '}
        <strong>{shownName(t, entrantName(tournament, opponent))}</strong>
        {/* Which round (a double elimination's winners final and grand final had read the same). */}
        {round ? (
          <span className="muted" data-testid="match-round">
            {' '}
            · {t(`tournaments.match.stage.${round.stage}`, { count: round.number })}
          </span>
        ) : null}
        {(match.bestOf ?? 1) > 1 ? (
          <span className="muted"> · {t('tournaments.series.best-of', { count: match.bestOf })}</span>
        ) : null}
      </p>
      {isPaused(match) ? (
        <p className="muted" data-testid="match-paused">
          {t(`tournaments.match.paused${hostPlays ? '-host' : ''}`)}
        </p>
      ) : null}
      <MatchCheckIn
        key={match.id}
        tournament={tournament}
        match={match}
        entrant={entrant.id}
        leader={leader}
        now={now}
        alsoOpen={
          tournament.bracket === 'ROUND_ROBIN'
            ? open.filter((item) => item.id !== match.id && matchStage(item, entrant.id) === 'check-in').length
            : 0
        }
      />
      {stage === 'report' && leader ? (
        <>
          {match.deadline && !checkInOpen(match) ? (
            <p className="muted">
              {t('tournaments.match.report-by')} <Deadline until={match.deadline} now={now} />
            </p>
          ) : null}
          {opponent && match.reports[opponent] ? (
            <p data-testid="opponent-reported">
              {(match.bestOf ?? 1) > 1 && match.reports[opponent].score
                ? t(
                    match.reports[opponent].winner === opponent
                      ? 'tournaments.match.opponent-reported.self-score'
                      : 'tournaments.match.opponent-reported.you-score',
                    { name: entrantName(tournament, opponent), score: match.reports[opponent].score.join('–') },
                  )
                : t(
                    match.reports[opponent].winner === opponent
                      ? 'tournaments.match.opponent-reported.self'
                      : 'tournaments.match.opponent-reported.you',
                    { name: entrantName(tournament, opponent) },
                  )}
            </p>
          ) : null}
          {/* Checked in while the other side is not: the form is for a match already played (a report
              counts as a check-in), which a walk read as premature right under "not yet". */}
          {checkInOpen(match) ? (
            <p className="muted report-after-play" data-testid="report-after-play">
              {t('tournaments.match.check-in.report-after-play')}
            </p>
          ) : null}
          {/* Each form is its match's (key): what was chosen or written in one open match stays there. */}
          <ReportForm key={match.id} tournament={tournament} match={match} entrant={entrant.id} />
        </>
      ) : null}
      {stage === 'report' || stage === 'wait-opponent' || stage === 'add-story' ? (
        <MatchGameCheck tournament={tournament} match={match} />
      ) : null}
      {/* A party's member: once both sides are in, and until a side reports, the match is on. */}
      {stage === 'report' && !leader ? (
        <p data-testid="match-status">
          {t(
            checkInOpen(match) || Object.keys(match.reports).length > 0
              ? 'tournaments.match.leader-reports'
              : 'tournaments.match.member-plays',
          )}
        </p>
      ) : null}
      {stage === 'wait-opponent' ? (
        <p data-testid="match-status">
          {/* A party's member did not report: their leader did, for the party. */}
          {/* "You reported that you won", not the player's own name as the winner's. */}
          {mine?.winner === entrant.id
            ? t(leader ? 'tournaments.match.reported-self' : 'tournaments.match.reported-by-leader-self', {
                score: scoreText(match, mine.score),
              })
            : t(leader ? 'tournaments.match.reported' : 'tournaments.match.reported-by-leader', {
                winner: `${entrantName(tournament, mine?.winner)}${scoreText(match, mine?.score)}`,
              })}{' '}
          {match.deadline ? (
            <>
              {t('tournaments.match.stands-at')} <Deadline until={match.deadline} now={now} />.
            </>
          ) : null}
        </p>
      ) : null}
      {stage === 'add-story' ? (
        <>
          <p className="form-error" role="status" data-testid="match-status">
            {t(`tournaments.match.conflict${hostPlays ? '-host' : ''}`)}
          </p>
          {leader ? (
            <DisputeForm key={match.id} tournament={tournament} match={match} />
          ) : (
            <p>{t('tournaments.match.leader-reports')}</p>
          )}
        </>
      ) : null}
      {stage === 'wait-host' ? (
        <p data-testid="match-status">{t(`tournaments.match.host-decides${hostPlays ? '-host' : ''}`)}</p>
      ) : null}
      {/* Below the match to play: a walk read "Your last match" first, above the one at hand. */}
      <LastResult matches={matches} entrant={entrant.id} nameOf={(id) => entrantName(tournament, id)} />
    </section>
  );
}

/**
 * A match only the host can move on: disputed, or silent past its deadline with the host asked (the
 * pending tab and its count). Here, not in domain/tournaments/play, whose module the landing loads.
 */
export const awaitsHost = (match: Pick<Match, 'state' | 'hostAskedAt'>): boolean =>
  match.state === 'DISPUTED' || (match.state === 'READY' && !!match.hostAskedAt);

/** The host's matches that need them: open disputes and silent matches whose window closed. */
export function HostAttention({ tournament, matches }: { tournament: Tournament; matches: Match[] }) {
  const { t } = useTranslation();
  const disputes = matches.filter((match) => match.state === 'DISPUTED');
  const silent = matches.filter((match) => match.state === 'READY' && match.hostAskedAt);
  if (disputes.length + silent.length === 0) return null;
  const label = (match: Match) =>
    `${entrantName(tournament, match.participants[0])} – ${entrantName(tournament, match.participants[1])}`;
  return (
    <section className="card" data-testid="host-attention">
      <h2>{t('tournaments.host.needs-you')}</h2>
      <ul className="plain-list">
        {disputes.map((match) => (
          <li key={match.id}>
            {t('tournaments.host.dispute', { match: label(match) })}{' '}
            <LocalLink
              className="btn btn-small btn-primary"
              to={paths.resolveConflict.getHref(tournament.id, match.id)}
              data-testid={`resolve-${match.id}`}
            >
              {t('tournaments.host.resolve')}
            </LocalLink>
          </li>
        ))}
        {silent.map((match) => (
          <li key={match.id}>{t('tournaments.host.silent', { match: label(match) })}</li>
        ))}
      </ul>
    </section>
  );
}
