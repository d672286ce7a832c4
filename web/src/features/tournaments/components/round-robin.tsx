import { useTranslation } from 'react-i18next';
import { roundRobinTables, type RoundRobinRow } from '@versus/domain/tournaments/formats';
import { sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { formatSigned } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { matchLabel } from './bracket';
import '../../../i18n/play-texts';
import { ScrollBox } from '../../../components/scroll-box';
import { entrantHeaderKey } from './match-names';

type Match = TournamentMatch & { id: string };

const GROUP_NAMES = 'ABCDEFGH';

/**
 * A round robin as the page shows it (issue #21): each group's grid of results (row against
 * column: won, lost, or still to play) and its table (wins, head to head, game difference). The
 * viewer's row and matches are highlighted; the host picks a match from the grid to set its winner.
 */
export function RoundRobin({
  tournament,
  matches,
  highlight,
  onSelect,
}: {
  tournament: Pick<Tournament, 'participants' | 'seeds' | 'gameFormat'>;
  matches: Match[];
  highlight?: string | null;
  onSelect?: (match: Match) => void;
}) {
  const { t } = useTranslation();
  const names = new Map(tournament.participants.map((entrant) => [entrant.id, entrant.displayName]));
  const tables = roundRobinTables(matches, tournament.seeds ?? []);
  if (tables.length === 0) return <p className="muted">{t('tournaments.bracket.empty')}</p>;
  const between = (a: string, b: string) =>
    matches.find((match) => match.participants.includes(a) && match.participants.includes(b));

  return (
    <div className="round-robin" data-testid="round-robin">
      {tables.map(({ pool, rows }) => {
        const members = rows
          .map((row) => row.participant)
          .sort((a, b) => (tournament.seeds ?? []).indexOf(a) - (tournament.seeds ?? []).indexOf(b));
        const title =
          tables.length > 1
            ? t('tournaments.round-robin.group', { name: GROUP_NAMES[pool - 1] ?? String(pool) })
            : null;
        return (
          <section
            key={pool}
            className="round-robin-group"
            data-testid={`group-${pool}`}
            aria-label={title ?? undefined}
          >
            {title ? <h3 className="bracket-section-title">{title}</h3> : null}
            <ScrollBox label={t('tournaments.round-robin.grid')} kind="round-robin-scroll">
              <table className="round-robin-grid">
                <caption className="visually-hidden">{t('tournaments.round-robin.grid')}</caption>
                <thead>
                  <tr>
                    <td />
                    {members.map((id, index) => (
                      <th key={id} scope="col" title={names.get(id)}>
                        {index + 1}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {members.map((row, index) => (
                    <tr key={row} className={row === highlight ? 'mine' : ''}>
                      <th scope="row">
                        {index + 1}. {names.get(row) ?? '?'}
                      </th>
                      {members.map((column) => {
                        if (row === column) return <td key={column} className="self" aria-hidden />;
                        const match = between(row, column);
                        if (!match) return <td key={column} />;
                        const label = matchLabel(match);
                        // Decided with no winner: neither side checked in, and the table counts it
                        // lost for both. It read "still to play" on a finished table (walk AK).
                        const outcome =
                          match.winner === row
                            ? 'won'
                            : match.winner
                              ? 'lost'
                              : match.state === 'COMPLETED'
                                ? 'both-out'
                                : 'open';
                        const mark = outcome === 'won' ? '✓' : outcome === 'open' ? '·' : '✗';
                        const text = t(`tournaments.round-robin.cell.${outcome}`, {
                          a: names.get(row) ?? '',
                          b: names.get(column) ?? '',
                        });
                        const selectable = onSelect && sidesOf(match).length === 2;
                        return (
                          <td key={column} className={`state-${label}`} data-testid={`cell-${row}-${column}`}>
                            {selectable ? (
                              <button
                                type="button"
                                className="cell-button"
                                onClick={() => onSelect(match)}
                                aria-label={text}
                              >
                                {mark}
                              </button>
                            ) : (
                              // The mark is seen, its words read: a label on a plain span is not announced.
                              <>
                                <span aria-hidden>{mark}</span>
                                <span className="visually-hidden">{text}</span>
                              </>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
            <GroupTable
              rows={rows}
              names={names}
              entrant={t(entrantHeaderKey(tournament, 'tournaments.round-robin.entrant'))}
              highlight={highlight}
              testId={`table-${pool}`}
            />
          </section>
        );
      })}
      <HowRanked groups={tables.length} />
    </div>
  );
}

/** How the tables order their entrants, in words, as a Swiss's table says its own (record 192). */
function HowRanked({ groups }: { groups: number }) {
  const { t } = useTranslation();
  return (
    <p className="muted small" data-testid="round-robin-how">
      {t('tournaments.round-robin.how-ranked')}
      {groups > 1 ? ` ${t('tournaments.round-robin.how-ranked-groups')}` : ''}
    </p>
  );
}

/** A group's table: played, wins, losses and game difference, ranked (head to head breaks a tie). */
function GroupTable({
  rows,
  names,
  entrant,
  highlight,
  testId,
}: {
  rows: RoundRobinRow[];
  /** The entrants' column header ("Team" in a team tournament). */
  entrant: string;
  names: Map<string, string>;
  highlight?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ScrollBox label={t('tournaments.standings.table')} kind="round-robin-scroll">
      <table className="standings round-robin-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('tournaments.round-robin.rank')}</th>
            <th scope="col">{entrant}</th>
            {(['played', 'wins', 'losses'] as const).map((column) => (
              <th scope="col" key={column}>
                {/* Its word, and on a phone its letter; a screen reader reads the word either way. */}
                <span className="visually-hidden">{t(`tournaments.round-robin.${column}`)}</span>
                <span className="column-word" aria-hidden="true">
                  {t(`tournaments.round-robin.${column}`)}
                </span>
                <abbr className="column-letter" title={t(`tournaments.round-robin.${column}`)} aria-hidden="true">
                  {t(`tournaments.round-robin.${column}-letter`)}
                </abbr>
              </th>
            ))}
            <th scope="col">{t('tournaments.round-robin.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={item.participant} className={item.participant === highlight ? 'mine' : ''}>
              <td>{item.rank}</td>
              <td>{names.get(item.participant) ?? '?'}</td>
              <td>{item.played}</td>
              <td>{item.wins}</td>
              <td>{item.losses}</td>
              <td>{formatSigned(locale, item.difference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** Every group's table, titled when there are several (the Standings tab of a round robin in play). */
export function RoundRobinTables({
  tournament,
  matches,
  highlight,
}: {
  tournament: Pick<Tournament, 'participants' | 'seeds' | 'gameFormat'>;
  matches: Match[];
  highlight?: string | null;
}) {
  const { t } = useTranslation();
  const names = new Map(tournament.participants.map((entrant) => [entrant.id, entrant.displayName]));
  const tables = roundRobinTables(matches, tournament.seeds ?? []);
  return (
    <>
      {tables.map(({ pool, rows }) => (
        <section key={pool} className="round-robin-group" data-testid={`standings-group-${pool}`}>
          {tables.length > 1 ? (
            <h3 className="bracket-section-title">
              {t('tournaments.round-robin.group', { name: GROUP_NAMES[pool - 1] ?? String(pool) })}
            </h3>
          ) : null}
          <GroupTable
            rows={rows}
            names={names}
            entrant={t(entrantHeaderKey(tournament, 'tournaments.round-robin.entrant'))}
            highlight={highlight}
            testId={`standings-table-${pool}`}
          />
        </section>
      ))}
      <HowRanked groups={tables.length} />
    </>
  );
}
