import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownClock } from '@versus/domain/battles/battle';
import { useSearchParamsQueued } from '../../../lib/use-search-params-queued';
import {
  CHECK_IN_CLOCK_GRACE_MS,
  checkInOpen,
  checkInRunOut,
  isPaused,
  presentSides,
  sidesOf,
  type TournamentMatch,
} from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { Deadline } from '../../../components/countdown';
import { FormError } from '../../../components/form-fields';
import { shownName } from '../../../lib/player-name';
import { useCommand } from '../../../lib/use-command';
import { checkInToMatch } from '../api';
import { entrantName } from './match-names';
import { focusMatchPanel } from './match-panel-focus';
import '../../../i18n/play-texts';

/** The address without its `?checkIn=`, where the page is (the match), not at the top of a new address. */
export const dropCheckIn = [
  (current: URLSearchParams) => {
    current.delete('checkIn');
    return current;
  },
  { replace: true, preventScrollReset: true },
] as const;

/**
 * Check-in per match (issue #60): while the match waits for its sides, the countdown to its close,
 * who is in (live, from the match document), and the button for a side not yet in. A report also
 * checks its side in, so the report form stays one step away. A push's "Check in" action
 * (public/sw.js) and a banner's (tournament-banner.tsx) open the page with `?checkIn={match}`: the
 * side's leader is checked in on arrival. In a
 * round robin one check-in counts for every match of the side still asking for one (`alsoOpen`,
 * record 176), and the prompt says so.
 */
export function MatchCheckIn({
  tournament,
  match,
  entrant,
  leader,
  now,
  alsoOpen = 0,
}: {
  tournament: Tournament;
  match: TournamentMatch & { id: string };
  entrant: string;
  leader: boolean;
  now: number;
  alsoOpen?: number;
}) {
  const { t } = useTranslation();
  const checkIn = useCommand(() => checkInToMatch(tournament.id, match.id));
  const [params, changeParams] = useSearchParamsQueued();
  const asked = params.get('checkIn') === match.id;
  const mine = presentSides(match).includes(entrant);
  const once = useRef(false);
  useEffect(() => {
    if (!asked || once.current) return;
    once.current = true;
    const done = () => changeParams(...dropCheckIn);
    if (checkInOpen(match) && !mine && leader) void checkIn.run().then(done);
    else done();
  }, [asked, checkIn, leader, match, mine, changeParams]);
  if (!checkInOpen(match)) return null;
  const present = presentSides(match);
  const opponent = sidesOf(match).find((side) => side !== entrant);
  // While the host holds the clock, its time is not running out: no countdown, but the time left once
  // it runs again (check-in is 5–30 minutes: mm:ss).
  const closes = isPaused(match) ? null : match.checkInCloses!;
  const deadline = closes ? <Deadline until={closes} now={now} /> : t('tournaments.match.check-in.when-it-runs');
  const held = closes === null && match.pausedDeadline ? countdownClock(match.pausedDeadline - match.pausedAt!) : null;
  const opponentName = shownName(t, entrantName(tournament, opponent));
  // The close has passed and the sweeper has not decided it yet (within a minute): no "in 00:00" and
  // no button the server refuses (`check-in-closed`); the result follows.
  const over = checkInRunOut(match, now - CHECK_IN_CLOCK_GRACE_MS);
  const member = leader ? '' : '-member';
  // A side in that reported the other as the winner conceded: at the close its report stands, and
  // the side away wins (closeCheckIn), so neither side reads that the one away forfeits.
  const conceded = (side: string | undefined) => {
    const report = side ? match.reports[side] : undefined;
    return report !== undefined && report.winner !== side;
  };
  return (
    <div className="match-check-in" data-testid="match-check-in">
      {over ? (
        <p data-testid="check-in-status">
          {mine
            ? t('tournaments.match.check-in.closed-waiting', { name: opponentName })
            : t('tournaments.match.check-in.closed-missed')}
        </p>
      ) : mine ? (
        <p data-testid="check-in-status">
          {t(leader ? 'tournaments.match.check-in.you-in' : 'tournaments.match.check-in.party-in')}{' '}
          {held ? (
            t('tournaments.match.check-in.held-waiting', { name: opponentName, clock: held })
          ) : (
            <>
              {t('tournaments.match.check-in.waiting-opponent', { name: opponentName })} {deadline}.
            </>
          )}{' '}
          {t(
            conceded(entrant)
              ? `tournaments.match.check-in.waiting-conceded${member}`
              : `tournaments.match.check-in.waiting-forfeit${member}`,
          )}
        </p>
      ) : (
        <p data-testid="check-in-status">
          {/* A party's member reads that its leader checks in for the party (record 128). */}
          {held ? (
            <>
              {t(`tournaments.match.check-in.held-prompt${member}`, { clock: held })}{' '}
              {t(
                conceded(opponent)
                  ? `tournaments.match.check-in.held-conceded${member}`
                  : `tournaments.match.check-in.held-forfeit${member}`,
              )}
            </>
          ) : (
            <>
              {t(`tournaments.match.check-in.prompt${member}`)} {deadline}{' '}
              {conceded(opponent)
                ? t(`tournaments.match.check-in.prompt-conceded${member}`)
                : t(`tournaments.match.check-in.prompt-forfeit${member}`)}
            </>
          )}
        </p>
      )}
      <ul className="plain-list check-in-sides" aria-label={t('tournaments.match.check-in.sides')}>
        {/* The viewer's side first, as the panel's "Ann vs Ben" above it. */}
        {[...sidesOf(match)]
          .sort((x, y) => Number(y === entrant) - Number(x === entrant))
          .map((side) => (
            <li key={side} data-testid={`check-in-side-${side}`} data-in={present.includes(side)}>
              <span aria-hidden>{present.includes(side) ? '✓' : '○'}</span>{' '}
              {shownName(t, entrantName(tournament, side))}:{' '}
              {t(
                present.includes(side)
                  ? 'tournaments.match.check-in.side-in'
                  : 'tournaments.match.check-in.side-waiting',
              )}
            </li>
          ))}
      </ul>
      {!mine && leader && !over ? (
        <>
          <FormError message={checkIn.error} />
          <Button
            busy={checkIn.busy}
            onClick={() => void checkIn.run().then((done) => done.ok && focusMatchPanel())}
            data-testid="match-check-in-button"
          >
            {t('tournaments.match.check-in.action')}
          </Button>
          {alsoOpen > 0 ? (
            <p className="muted" data-testid="check-in-for-all">
              {t('tournaments.match.check-in.for-all', { count: alsoOpen })}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
