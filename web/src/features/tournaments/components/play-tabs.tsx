import { useTranslation } from 'react-i18next';
import {
  eliminationRanking,
  eliminationPlaces,
  howOut,
  lastLossOf,
  pointsStandings,
  roundLabel,
  type RoundLabel,
  type TournamentMatch,
} from '@versus/domain/tournaments/play';
import {
  doubleEliminationPlaces,
  finishedPlace,
  roundRobinPlaces,
  roundRobinTables,
  swissPlaces,
  swissTable,
} from '@versus/domain/tournaments/formats';
import { eliminates, playsMatches, type Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { CoinAmount } from '../../../components/coin-amount';
import { EmptyState, Spinner } from '../../../components/feedback';
import { useSession } from '../../../lib/session/session-store';
import { useMatches, usePoints } from '../api';
import { entrantHeaderKey, entrantName } from './match-names';
import { PointsStandings } from './points-panel';
import { RoundRobinTables } from './round-robin';
import { SwissTable } from './swiss';
import '../../../i18n/play-texts';

/** The standings' "out in …" key of a round, as the bracket names it (round numbers skip the rounds of byes). */
const outKey = ({ stage }: RoundLabel) =>
  stage === 'semi-final'
    ? 'out-in-semi-final'
    : stage === 'final' || stage === 'winners-final'
      ? 'out-in-final'
      : stage === 'losers-final'
        ? 'out-in-losers-final'
        : stage === 'losers-round'
          ? 'out-in-losers'
          : stage === 'grand-final' || stage === 'reset'
            ? 'out-in-grand-final'
            : 'out-in';

/**
 * Where each entrant of an elimination bracket is: still in (in double elimination, which bracket,
 * or the grand final), or the round they went out in; the winner first.
 */
function eliminationStandings(tournament: Tournament, matches: TournamentMatch[]) {
  const double = tournament.bracket === 'DOUBLE_ELIMINATION';
  const decided = double ? doubleEliminationPlaces(matches) : null;
  const ranking = double
    ? [...(decided ?? [])].filter(([, { place }]) => place <= 2).map(([id]) => id)
    : eliminationRanking(matches);
  const reached = new Map<string, number>();
  for (const match of matches)
    for (const side of match.participants)
      if (side && match.state !== 'BYE') reached.set(side, Math.max(reached.get(side) ?? 0, match.round));
  const losses = (id: string) =>
    matches.filter((match) => match.state === 'COMPLETED' && match.participants.includes(id) && match.winner !== id)
      .length;
  // Out: after one loss, two in double elimination (or once the grand final is decided).
  const stillIn = (id: string) =>
    double ? losses(id) < 2 && (!decided || decided.get(id)?.place === 1) : losses(id) === 0;
  const inFinal = (id: string) =>
    matches.some((match) => match.group === 'FINAL' && match.state !== 'COMPLETED' && match.participants.includes(id));
  /** Double elimination: the bracket an entrant still in plays in. */
  const bracketOf = (id: string): 'winners' | 'losers' | 'grand-final' | null =>
    !double || !stillIn(id) || decided ? null : inFinal(id) ? 'grand-final' : losses(id) === 0 ? 'winners' : 'losers';
  return tournament.participants
    .map((entrant) => {
      const loss = stillIn(entrant.id) ? undefined : lastLossOf(matches, entrant.id);
      return {
        id: entrant.id,
        place: ranking.indexOf(entrant.id) + 1 || null,
        round: reached.get(entrant.id) ?? 0,
        // A disqualified entrant is out at once, even with no match of theirs decided yet.
        alive: stillIn(entrant.id) && !tournament.disqualified?.[entrant.id],
        bracket: bracketOf(entrant.id),
        /** The round they went out in, as the bracket names it. */
        outIn: loss ? roundLabel(matches, loss) : null,
        how: howOut(tournament.disqualified, loss, entrant.id),
      };
    })
    .sort(
      (a, b) =>
        (a.place ?? 99) - (b.place ?? 99) ||
        Number(b.alive) - Number(a.alive) ||
        b.round - a.round ||
        (tournament.seeds ?? []).indexOf(a.id) - (tournament.seeds ?? []).indexOf(b.id),
    );
}

const csvCell = (value: string | number) => {
  // A number is written as it is (a round robin's difference of -2 stays a number in a spreadsheet).
  if (typeof value === 'number') return String(value);
  const text = value;
  // Quote, and defuse spreadsheet formulas in names (=, +, -, @ at the start).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * The standings tab: results with prizes once finished; before, the format's own table (a Swiss's
 * with its tiebreaks, a round robin's groups, a points table) or, in elimination, who is still in
 * (in double elimination, in which bracket). The host's CSV export is the same table.
 */
export function StandingsTab({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const points = usePoints(tournament.bracket === 'POINTS' ? tournament.id : undefined);
  const matches = useMatches(playsMatches(tournament.bracket) ? tournament.id : undefined);
  if (tournament.state === 'OPEN' || tournament.state === 'CANCELLED')
    return (
      <EmptyState title={t('tournaments.page.tab.standings')}>{t('tournaments.standings.not-started')}</EmptyState>
    );
  if (points.status === 'loading' || matches.status === 'loading') return <Spinner label={t('common.loading')} />;
  const results = tournament.results ?? [];
  // Below the paid places, an elimination bracket ranks by the round lost in: both semi-final
  // losers are 3–4, the quarter-final losers 5–8 (a points table ranks everyone).
  const items = matches.status === 'ready' ? matches.items : [];
  // Double elimination ranks by the losers-bracket round lost in, once its grand final is decided.
  // A round robin ranks by its tables as they stand.
  const shared =
    tournament.bracket === 'DOUBLE_ELIMINATION'
      ? (doubleEliminationPlaces(items) ?? new Map<string, { place: number; to: number }>())
      : tournament.bracket === 'ROUND_ROBIN'
        ? roundRobinPlaces(items, tournament.seeds ?? []).places
        : tournament.bracket === 'SWISS'
          ? swissPlaces(items, tournament.seeds ?? [])
          : eliminationPlaces(items);
  const placeOf = (id: string, place: number | undefined): { sort: number; label: string } => {
    // The places the finish gave (a shared place's range, a lone semi-final loser 3rd, as the status
    // panel and the player's history say); else the paid place, else the bracket's range.
    const range =
      finishedPlace(tournament, playsMatches(tournament.bracket) ? shared : null, id) ??
      (place ? { place, to: place } : playsMatches(tournament.bracket) ? shared.get(id) : undefined);
    if (range)
      return { sort: range.place, label: range.to > range.place ? `${range.place}–${range.to}` : String(range.place) };
    return { sort: 999, label: '—' };
  };
  const elimination = eliminates(tournament.bracket);
  const rows =
    tournament.state === 'FINISHED'
      ? tournament.participants
          .map((entrant) => {
            const result = results.find((item) => item.participant === entrant.id);
            const place = placeOf(entrant.id, result?.place);
            // Out without a match played: named beside the place (a Swiss or round robin plays on after a no-show).
            // The winner was never out (in double elimination they may have lost once, even by no-show).
            const loss = elimination ? lastLossOf(items, entrant.id) : undefined;
            const how = place.sort === 1 ? null : howOut(tournament.disqualified, loss, entrant.id);
            return { id: entrant.id, place: place.label, sort: place.sort, amount: result?.amount ?? 0, how };
          })
          .sort((a, b) => a.sort - b.sort)
      : null;
  const paid = tournament.entryFee > 0;
  /** The first shared place the results show (1–3), which their note takes as its example. */
  const sharedRange = rows?.find((row) => row.place.includes('–'))?.place;
  /** The viewer's entrant (their row is highlighted). */
  const mine = tournament.participants.find((entrant) => entrant.members.some((member) => member.uid === uid))?.id;
  const statusOf = (row: ReturnType<typeof eliminationStandings>[number]) => {
    if (row.how === 'disqualified') return t('tournaments.disqualify.badge');
    if (row.bracket) return t(`tournaments.bracket.${row.bracket}`);
    if (row.alive || !row.outIn) return t('tournaments.standings.still-in');
    const out = t(`tournaments.standings.${outKey(row.outIn)}`, { count: row.outIn.number });
    return row.how === 'no-show' ? `${out} (${t('tournaments.standings.note-no-show')})` : out;
  };
  const formatted = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  /** The table the tab shows, as the CSV's header and lines: the places once finished, else the format's own. */
  const exported = (): { header: string[]; lines: (string | number)[][] } => {
    const entries = points.status === 'ready' ? points.items : [];
    if (tournament.bracket === 'ROUND_ROBIN' && !rows) {
      const tables = roundRobinTables(items, tournament.seeds ?? []);
      return {
        header: [
          t('tournaments.round-robin.rank'),
          ...(tables.length > 1 ? [t('tournaments.standings.group')] : []),
          t(entrantHeaderKey(tournament, 'tournaments.round-robin.entrant')),
          t('tournaments.round-robin.played'),
          t('tournaments.round-robin.wins'),
          t('tournaments.round-robin.losses'),
          t('tournaments.round-robin.difference'),
        ],
        lines: tables.flatMap(({ pool, rows: table }) =>
          table.map((row) => [
            row.rank,
            ...(tables.length > 1 ? ['ABCDEFGH'[pool - 1] ?? String(pool)] : []),
            entrantName(tournament, row.participant),
            row.played,
            row.wins,
            row.losses,
            row.difference,
          ]),
        ),
      };
    }
    if (tournament.bracket === 'SWISS' && !rows)
      return {
        header: [
          t('tournaments.standings.place'),
          t(entrantHeaderKey(tournament, 'tournaments.round-robin.entrant')),
          t('tournaments.swiss.points'),
          t('tournaments.round-robin.wins'),
          t('tournaments.round-robin.losses'),
          t('tournaments.standings.byes'),
          t('tournaments.swiss.buchholz'),
          t('tournaments.swiss.median'),
        ],
        lines: swissTable(items, tournament.seeds ?? []).map((row) => [
          row.rank,
          entrantName(tournament, row.participant),
          formatted(row.score),
          row.wins,
          row.losses,
          row.byes,
          formatted(row.buchholz),
          formatted(row.median),
        ]),
      };
    if (playsMatches(tournament.bracket) && !rows)
      return {
        header: [
          t(entrantHeaderKey(tournament, 'tournaments.standings.participant')),
          t('tournaments.standings.status'),
        ],
        lines: eliminationStandings(tournament, items).map((row) => [entrantName(tournament, row.id), statusOf(row)]),
      };
    const totalOf = (id: string) => entries.find((entry) => entry.participant === id)?.total ?? '';
    const header = [
      t('tournaments.standings.place'),
      t(entrantHeaderKey(tournament, 'tournaments.standings.participant')),
      t('tournaments.standings.points'),
      t('tournaments.standings.prize'),
    ];
    const lines: (string | number)[][] = rows
      ? rows.map((row) => [row.place, entrantName(tournament, row.id), totalOf(row.id), row.amount])
      : pointsStandings(entries, tournament.seeds ?? []).map((row) => [
          row.rank,
          entrantName(tournament, row.participant),
          row.total,
          '',
        ]);
    // Only a points table has points, and only a paid tournament prizes: their columns are left out otherwise.
    const keep = (_: unknown, index: number) =>
      (index !== 2 || tournament.bracket === 'POINTS') && (index !== 3 || paid);
    return { header: header.filter(keep), lines: lines.map((line) => line.filter(keep)) };
  };
  const download = () => {
    const { header, lines } = exported();
    const csv = [header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
    link.download = `${tournament.name.replace(/[^\p{L}\p{N}]+/gu, '-')}-standings.csv`;
    link.click();
    // Some browsers still read the URL after click() returns: free it a moment later.
    window.setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  return (
    <div className="standings-tab" data-testid="standings-tab">
      {uid === tournament.uid ? (
        <div className="row">
          <Button variant="secondary" small onClick={download} data-testid="export-csv">
            {t('tournaments.standings.export')}
          </Button>
        </div>
      ) : null}
      {rows ? (
        <section className="card">
          <h2>{t('tournaments.standings.results')}</h2>
          <table className="standings standings-narrow" data-testid="results">
            <thead>
              <tr>
                <th>{t('tournaments.standings.place')}</th>
                <th>{t(entrantHeaderKey(tournament, 'tournaments.standings.participant'))}</th>
                {paid ? <th>{t('tournaments.standings.prize')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.place}</td>
                  <td>
                    {entrantName(tournament, row.id)}
                    {row.how ? (
                      <span className="muted" data-testid={`out-how-${row.id}`}>
                        {' '}
                        ({t(`tournaments.standings.note-${row.how === 'no-show' ? 'no-show-out' : row.how}`)})
                      </span>
                    ) : null}
                  </td>
                  {paid ? <td>{row.amount > 0 ? <CoinAmount value={row.amount} /> : '—'}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
          {/* A shared place says why it is shared (a walk read a finished Swiss's 3–4 and a round robin's
              three winners with nothing to tell why; record 192); a points table says it below its own. */}
          {tournament.bracket !== 'POINTS' && sharedRange ? (
            <p className="muted small" data-testid="shared-places">
              {t(elimination ? 'tournaments.standings.shared-round' : 'tournaments.standings.shared-table', {
                range: sharedRange,
              })}
              {paid ? ` ${t('tournaments.standings.shared-prizes')}` : ''}
            </p>
          ) : null}
          {tournament.hostShare ? (
            <p className="muted">
              {t('tournaments.standings.host-share')} <CoinAmount value={tournament.hostShare} />
            </p>
          ) : null}
        </section>
      ) : null}
      {tournament.bracket === 'POINTS' && points.status === 'ready' ? (
        <section className="card">
          <h2>{t('tournaments.standings.table')}</h2>
          <PointsStandings tournament={tournament} entries={points.items} />
        </section>
      ) : null}
      {/* A Swiss's and a round robin's table stay once finished: they are why the places are as they are. */}
      {tournament.bracket === 'SWISS' && matches.status === 'ready' ? (
        <section className="card">
          <h2>{t('tournaments.standings.table')}</h2>
          <SwissTable tournament={tournament} matches={items} highlight={mine} testId="standings-swiss" />
        </section>
      ) : null}
      {tournament.bracket === 'ROUND_ROBIN' && matches.status === 'ready' ? (
        <section className="card">
          <h2>{t('tournaments.standings.table')}</h2>
          <RoundRobinTables tournament={tournament} matches={items} highlight={mine} />
        </section>
      ) : null}
      {elimination && matches.status === 'ready' && !rows ? (
        <section className="card">
          <h2>{t('tournaments.standings.table')}</h2>
          <table className="standings standings-narrow" data-testid="elimination-standings">
            <thead>
              <tr>
                <th>{t(entrantHeaderKey(tournament, 'tournaments.standings.participant'))}</th>
                <th>{t('tournaments.standings.status')}</th>
              </tr>
            </thead>
            <tbody>
              {eliminationStandings(tournament, items).map((row) => (
                <tr key={row.id} className={row.id === mine ? 'mine' : ''}>
                  <td>{entrantName(tournament, row.id)}</td>
                  <td>{statusOf(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
