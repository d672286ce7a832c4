import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { swissTable } from '@versus/domain/tournaments/formats';
import { sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { EliminationBrackets, matchLabel } from './bracket';
import { RoundRobin } from './round-robin';
import '../../../i18n/play-texts';
import { ScrollBox } from '../../../components/scroll-box';
import { TabList, tabPanel } from '../../../components/tab-list';
import { entrantHeaderKey } from './match-names';

type Match = TournamentMatch & { id: string };

/** Points as the table shows them: whole, or with a half. */
const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/**
 * A Swiss as the page shows it (issue #21): the table with its tiebreaks (points, then Buchholz,
 * then the median) and the rounds, one at a time behind tabs, the round in play first. The viewer's
 * row and matches are highlighted; the host picks a match of the round in play to set its winner.
 */
export function Swiss({
  tournament,
  matches,
  highlight,
  onSelect,
}: {
  tournament: Pick<Tournament, 'participants' | 'seeds' | 'swissRounds' | 'gameFormat'>;
  matches: Match[];
  highlight?: string | null;
  onSelect?: (match: Match) => void;
}) {
  const { t } = useTranslation();
  const names = new Map(tournament.participants.map((entrant) => [entrant.id, entrant.displayName]));
  const rounds = [...new Set(matches.map((match) => match.round))].sort((a, b) => a - b);
  const latest = rounds.at(-1) ?? 0;
  const [selected, setSelected] = useState<number | null>(null);
  const shown = selected ?? latest;
  if (rounds.length === 0) return <p className="muted">{t('tournaments.bracket.empty')}</p>;
  const side = (match: Match, index: number) => {
    const id = match.participants[index];
    if (!id) return <span className="swiss-side empty">{t('tournaments.bracket.bye')}</span>;
    const won = match.winner === id;
    return (
      <span className={`swiss-side${won ? ' won' : ''}${id === highlight ? ' mine' : ''}`}>
        {names.get(id) ?? '?'}
        {match.state === 'COMPLETED' && match.score && (match.bestOf ?? 1) > 1 ? (
          <span className="swiss-games"> {match.score[index]}</span>
        ) : null}
        {won ? (
          <span>
            <span aria-hidden> ✓</span>
            <span className="visually-hidden">{t('tournaments.bracket.winner')}</span>
          </span>
        ) : null}
      </span>
    );
  };

  return (
    <div className="swiss" data-testid="swiss">
      <SwissTable tournament={tournament} matches={matches} highlight={highlight} />
      <p className="muted">
        {t('tournaments.swiss.progress', { round: String(latest), count: tournament.swissRounds ?? latest })}
      </p>
      <TabList
        id="swiss-round"
        className="bracket-tabs swiss-tabs"
        label={t('tournaments.bracket.rounds')}
        items={rounds}
        selected={shown}
        onSelect={setSelected}
        name={(round) => t('tournaments.bracket.round', { count: round })}
      />
      <ol className="plain-list swiss-round" data-testid={`swiss-round-${shown}`} {...tabPanel('swiss-round', shown)}>
        {matches
          .filter((match) => match.round === shown)
          .sort((a, b) => a.number - b.number)
          .map((match) => {
            const label = matchLabel(match);
            const mine = highlight ? match.participants.includes(highlight) : false;
            const body = (
              <>
                {side(match, 0)}
                <span className="muted"> {t('tournaments.match.versus')} </span>
                {side(match, 1)}
                {match.outcome === 'GAME_API' ? (
                  <span className="bracket-state state-decided">✓ {t('battles.game-check.verified')}</span>
                ) : (
                  <span className={`bracket-state state-${label}`}>{t(`tournaments.bracket.state.${label}`)}</span>
                )}
              </>
            );
            const selectable = onSelect && sidesOf(match).length === 2 && match.round === latest;
            return (
              <li key={match.id} className={`swiss-match${mine ? ' mine' : ''}`} data-testid={`match-${match.id}`}>
                {selectable ? (
                  <button type="button" className="swiss-match-button" onClick={() => onSelect(match)}>
                    {/* Its name is what it shows, after what it does (WCAG 2.5.3: say what you see). */}
                    <span className="visually-hidden">{t('tournaments.bracket.choose-winner')} </span>
                    {body}
                  </button>
                ) : (
                  body
                )}
              </li>
            );
          })}
      </ol>
    </div>
  );
}

/** A Swiss's table: score, wins and losses with byes, Buchholz and the median (the overview, the Standings tab). */
export function SwissTable({
  tournament,
  matches,
  highlight,
  testId = 'swiss-table',
}: {
  tournament: Pick<Tournament, 'participants' | 'seeds' | 'gameFormat'>;
  matches: Match[];
  highlight?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const names = new Map(tournament.participants.map((entrant) => [entrant.id, entrant.displayName]));
  const table = swissTable(matches, tournament.seeds ?? []);
  return (
    <>
      <ScrollBox label={t('tournaments.swiss.table')} kind="round-robin-scroll">
        <table className="standings swiss-table" data-testid={testId}>
          <caption className="visually-hidden">{t('tournaments.swiss.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tournaments.round-robin.rank')}</th>
              <th scope="col">{t(entrantHeaderKey(tournament, 'tournaments.round-robin.entrant'))}</th>
              <th scope="col">{t('tournaments.swiss.points')}</th>
              <th scope="col">{t('tournaments.swiss.record')}</th>
              <th scope="col">
                <abbr title={t('tournaments.swiss.buchholz-hint')}>{t('tournaments.swiss.buchholz')}</abbr>
              </th>
              <th scope="col">
                <abbr title={t('tournaments.swiss.median-hint')}>{t('tournaments.swiss.median')}</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {table.map((row) => (
              <tr key={row.participant} className={row.participant === highlight ? 'mine' : ''}>
                <td>{row.rank}</td>
                <td>{names.get(row.participant) ?? '?'}</td>
                <td>{points(row.score)}</td>
                <td>
                  {row.wins}–{row.losses}
                  {row.byes > 0 ? (
                    <span className="muted swiss-byes"> ({t('tournaments.swiss.byes', { count: row.byes })})</span>
                  ) : null}
                </td>
                <td>{points(row.buchholz)}</td>
                <td>{points(row.median)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {/* How the order is made, in words a phone shows (the headers' hints are hover-only), and why a
          bye ranks before its round is played (a walk read both as wrong; record 183). */}
      <p className="muted small swiss-how" data-testid="swiss-how">
        {t('tournaments.swiss.how-ranked')}
      </p>
    </>
  );
}

/** The heading of a tournament's play, by its bracket (the page's card, the embed's hidden heading). */
export const PLAY_HEADINGS = {
  ELIMINATION: 'tournaments.bracket.title',
  DOUBLE_ELIMINATION: 'tournaments.bracket.title',
  SWISS: 'tournaments.bracket.title-swiss',
  ROUND_ROBIN: 'tournaments.bracket.title-round-robin',
  POINTS: 'tournaments.standings.table',
} as const satisfies Record<Tournament['bracket'], string>;

/** The live view of any bracket played as matches: Swiss, round robin, or elimination (single or double). */
export function MatchesView(props: {
  tournament: Pick<Tournament, 'participants' | 'seeds' | 'swissRounds' | 'bracket' | 'gameFormat'>;
  matches: Match[];
  highlight?: string | null;
  onSelect?: (match: Match) => void;
}) {
  return props.tournament.bracket === 'SWISS' ? (
    <Swiss {...props} />
  ) : props.tournament.bracket === 'ROUND_ROBIN' ? (
    <RoundRobin {...props} />
  ) : (
    <EliminationBrackets {...props} />
  );
}
