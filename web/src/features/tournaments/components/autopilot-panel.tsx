import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { countdownClock } from '@versus/domain/battles/battle';
import {
  checkInOpen,
  higherSeed,
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
import { useNow } from '../../../lib/use-now';
import { pauseMatchClock } from '../api';
import { entrantName } from './match-names';
import '../../../i18n/play-texts';

type Match = TournamentMatch & { id: string };

/** When the clock next acts on a match: its deadline, or the one it holds while paused. */
/** What a held clock leaves once it runs again: mm:ss under an hour, else whole minutes, never fewer than left. */
const heldText = (t: TFunction, left: number) => {
  const clock = countdownClock(left);
  return clock
    ? t('tournaments.autopilot.paused-clock', { clock })
    : t('tournaments.autopilot.paused', { count: Math.ceil(left / 60_000) });
};

const dueAt = (match: Match) => match.deadline ?? match.pausedDeadline ?? Number.MAX_SAFE_INTEGER;

/**
 * The host's autopilot (issue #60): what the clock will do next to each ready match, soonest first
 * (check-ins closing and who would forfeit, reports that will stand, silent matches coming back to
 * the host), and a way to hold one match's clock and let it run again.
 */
export function AutopilotPanel({ tournament, matches }: { tournament: Tournament; matches: Match[] }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const waiting = matches
    .filter((match) => match.state === 'READY' && (match.deadline || isPaused(match)))
    .sort((a, b) => dueAt(a) - dueAt(b));
  return (
    <section className="card autopilot" data-testid="autopilot">
      <h2>{t('tournaments.autopilot.title')}</h2>
      {/* A walk met "Autopilot" and "Hold the clock" with nothing saying what they are. */}
      <p className="muted" data-testid="autopilot-intro">
        {t('tournaments.autopilot.intro')}
      </p>
      {waiting.length === 0 ? <p className="muted">{t('tournaments.autopilot.none')}</p> : null}
      <ul className="plain-list autopilot-list">
        {waiting.map((match) => (
          <AutopilotLine key={match.id} tournament={tournament} match={match} now={now} />
        ))}
      </ul>
    </section>
  );
}

function AutopilotLine({ tournament, match, now }: { tournament: Tournament; match: Match; now: number }) {
  const { t } = useTranslation();
  const hold = useCommand((_key, paused: boolean) => pauseMatchClock(tournament.id, match.id, paused));
  const name = (id: string | null | undefined) => shownName(t, entrantName(tournament, id));
  const [first, second] = sidesOf(match);
  const paused = isPaused(match);
  return (
    <li data-testid={`autopilot-${match.id}`} data-paused={paused}>
      <strong>
        {name(first)} – {name(second)}
      </strong>
      <br />
      {paused && (match.pausedDeadline ?? null) === null ? (
        <span>{t('tournaments.autopilot.paused-no-deadline')}</span>
      ) : paused ? (
        <span>{heldText(t, match.pausedDeadline! - match.pausedAt!)}</span>
      ) : (
        <span>
          {t(checkInOpen(match) ? 'tournaments.autopilot.check-in-closes' : 'tournaments.autopilot.window-closes')}{' '}
          <Deadline until={match.deadline!} now={now} />: <NextStep tournament={tournament} match={match} />.
        </span>
      )}
      <FormError message={hold.error} />
      <Button
        small
        variant="secondary"
        busy={hold.busy}
        onClick={() => void hold.run(!paused)}
        data-testid={`autopilot-${paused ? 'resume' : 'pause'}-${match.id}`}
      >
        {t(paused ? 'tournaments.autopilot.resume' : 'tournaments.autopilot.pause')}
      </Button>
    </li>
  );
}

/** What the clock's next act decides: as match-clock.ts and the report window (play.ts) will. */
function NextStep({ tournament, match }: { tournament: Tournament; match: Match }) {
  const { t } = useTranslation();
  const name = (id: string | null | undefined) => shownName(t, entrantName(tournament, id));
  if (checkInOpen(match)) {
    const present = presentSides(match);
    if (present.length === 1) return <>{t('tournaments.autopilot.then-wins', { name: name(present[0]) })}</>;
    const higher = higherSeed(sidesOf(match), tournament.seeds ?? []);
    return tournament.bothAbsent === 'BOTH_FORFEIT' && tournament.bracket !== 'DOUBLE_ELIMINATION' ? (
      <>{t('tournaments.autopilot.then-both-forfeit')}</>
    ) : (
      <>{t('tournaments.autopilot.then-higher-seed', { name: name(higher) })}</>
    );
  }
  const reports = Object.values(match.reports);
  return reports.length === 1 ? (
    <>{t('tournaments.autopilot.then-report-stands', { name: name(reports[0]!.winner) })}</>
  ) : (
    <>{t('tournaments.autopilot.then-host')}</>
  );
}
