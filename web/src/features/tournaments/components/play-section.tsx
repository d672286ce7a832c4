import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entrantOf, playsMatches, type Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { ErrorPanel, Spinner } from '../../../components/feedback';
import { paths } from '../../../lib/paths';
import { useCopy } from '../../../lib/use-copy';
import { useSession } from '../../../lib/session/session-store';
import { useMatches, usePoints } from '../api';
import { MatchesView, PLAY_HEADINGS } from './swiss';
import { CurrentMatchPanel, HostAttention, awaitsHost } from './match-panel';
import { HostMatchDialog } from './host-match-dialog';
import { AutopilotPanel } from './autopilot-panel';
import { MyPointsPanel, PointsHostPanel, PointsStandings, pendingRounds } from './points-panel';
import '../../../i18n/play-texts';

/** The public embed's address and the iframe code a host pastes on their site (issue: "Beyond"). */
export const embedCode = (tournament: Pick<Tournament, 'id' | 'name'>, origin = window.location.origin) =>
  `<iframe src="${origin}${paths.embedTournament.getHref(tournament.id)}" title="${tournament.name.replaceAll('"', '&quot;')}" width="100%" height="640" style="border:0" loading="lazy"></iframe>`;

function CopyEmbed({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const copied = useCopy();
  const done = copied.result === 'copied';
  return (
    <Button
      variant="ghost"
      small
      data-testid="copy-embed"
      title={done ? t('common.copied') : t('common.copy')}
      onClick={() => void copied.copy(embedCode(tournament))}
    >
      {done ? t('common.copied') : t('tournaments.bracket.copy-embed')}
    </Button>
  );
}

/** The live play data of a started tournament: its matches or its points table (one listener each). */
export function usePlay(tournament: Tournament) {
  const started = tournament.state === 'ONGOING' || tournament.state === 'FINISHED';
  const elimination = playsMatches(tournament.bracket);
  const matches = useMatches(started && elimination ? tournament.id : undefined);
  const points = usePoints(started && !elimination ? tournament.id : undefined);
  return {
    started,
    loading: matches.status === 'loading' || points.status === 'loading',
    failed: matches.status === 'error' || points.status === 'error',
    matches: matches.status === 'ready' ? matches.items : [],
    points: points.status === 'ready' ? points.items : [],
  };
}
export type Play = ReturnType<typeof usePlay>;

/**
 * What waits for the host of a tournament under way (the pending tab's count): rounds to review in
 * a points table, or matches only the host can move on. For anyone else, or before the tournament
 * has loaded, it reads nothing. The same queries as the overview's, so the SDK listens once.
 */
export function usePendingCount(tournament: Tournament | null, uid: string | undefined): number {
  const active = !!tournament && tournament.state === 'ONGOING' && tournament.uid === uid;
  const elimination = !!tournament && playsMatches(tournament.bracket);
  const matches = useMatches(active && elimination ? tournament.id : undefined);
  const points = usePoints(active && !elimination ? tournament.id : undefined);
  if (elimination) return matches.status === 'ready' ? matches.items.filter(awaitsHost).length : 0;
  return points.status === 'ready' ? pendingRounds(points.items) : 0;
}

/** Beside the overview: the viewer's current match or rounds, and what the host must do. */
export function PlayAside({ tournament, play }: { tournament: Tournament; play: Play }) {
  const uid = useSession((state) => state.user?.uid);
  if (!uid || !play.started || play.loading) return null;
  const elimination = playsMatches(tournament.bracket);
  return (
    <>
      {uid === tournament.uid && tournament.state === 'ONGOING' && elimination ? (
        <>
          <HostAttention tournament={tournament} matches={play.matches} />
          <AutopilotPanel tournament={tournament} matches={play.matches} />
        </>
      ) : null}
      {uid === tournament.uid && tournament.state === 'ONGOING' && !elimination ? (
        <PointsHostPanel tournament={tournament} entries={play.points} />
      ) : null}
      {elimination ? (
        <CurrentMatchPanel tournament={tournament} matches={play.matches} uid={uid} />
      ) : (
        <MyPointsPanel tournament={tournament} entries={play.points} uid={uid} />
      )}
    </>
  );
}

/** What the play card is headed: a bracket, Swiss's rounds, round robin's groups, or a points table. */

/**
 * A tournament in play or finished, on its overview: the live bracket (ELIMINATION) or points
 * table (POINTS). The host picks a match in the bracket to set or change its winner.
 */
export function PlayMain({ tournament, play }: { tournament: Tournament; play: Play }) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  // The chosen match is looked up in the live list, so the dialog shows what happens meanwhile.
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = play.matches.find((match) => match.id === chosenId) ?? null;
  if (!play.started) return null;
  // As tall as an 8-player bracket, so the overview below does not jump when it arrives (issue #24, CLS).
  if (play.loading)
    return (
      <section className="card play-card play-card-loading">
        <Spinner label={t('common.loading')} />
      </section>
    );
  if (play.failed)
    return <ErrorPanel title={t('errors.could-not-load-page')} message={t('tournaments.bracket.failed')} />;
  const elimination = playsMatches(tournament.bracket);
  const isHost = uid === tournament.uid;
  const entrant = uid ? entrantOf(tournament, uid) : undefined;
  return (
    <section className="card play-card">
      <div className="play-card-head">
        <h2>{t(PLAY_HEADINGS[tournament.bracket])}</h2>
        {elimination ? <CopyEmbed tournament={tournament} /> : null}
      </div>
      {elimination ? (
        <>
          {isHost && tournament.state === 'ONGOING' ? (
            <p className="muted">{t('tournaments.host.bracket-hint')}</p>
          ) : null}
          <MatchesView
            tournament={tournament}
            matches={play.matches}
            highlight={entrant?.id ?? null}
            onSelect={isHost && tournament.state === 'ONGOING' ? (match) => setChosenId(match.id) : undefined}
          />
          {isHost ? <HostMatchDialog tournament={tournament} match={chosen} onClose={() => setChosenId(null)} /> : null}
        </>
      ) : (
        <PointsStandings tournament={tournament} entries={play.points} />
      )}
    </section>
  );
}
