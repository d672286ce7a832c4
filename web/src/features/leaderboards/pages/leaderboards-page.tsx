import { useEffect, useRef, useState } from 'react';
import { useSearchParamsQueued } from '../../../lib/use-search-params-queued';
import { useTranslation } from 'react-i18next';
import { getCountFromServer, getDocs } from 'firebase/firestore';
import {
  DEFAULT_LEADERBOARD,
  LEADERBOARD_IDS,
  LEADERBOARDS,
  statsMonth,
  trophiesForPlace,
  type Leaderboard,
  type LeaderboardPeriod,
  type PlayerStatistics,
} from '@versus/domain/users/statistics';
import type { PublicProfile } from '@versus/domain/users/types';
import { Avatar } from '../../../components/avatar';
import { CoinAmount } from '../../../components/coin-amount';
import { EmptyState, ErrorPanel, PageSkeleton } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { TabList, tabPanel } from '../../../components/tab-list';
import { db } from '../../../lib/firebase';
import { LocalLink, useLocale, usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { formatCoins, mediumDateTime } from '../../../lib/locale';
import { useSession } from '../../../lib/session/session-store';
import { useLiveDocument } from '../../../lib/use-live-document';
import { useLiveQuery } from '../../../lib/use-live-query';
import { useServedQuery, useServedNow } from '../../../lib/served-data';
import { liveKeys } from '@versus/domain/platform/served-data';
import { monthEnd } from '@versus/domain/campaigns/campaign';
import { monthName } from '../../../lib/month-name';
import { aheadOfQuery, leaderboardQuery, ownStandingDoc, profilesQuery } from '../queries';
import '../../../i18n/standing-texts';
import '../leaderboards.css';

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const PERIODS: LeaderboardPeriod[] = ['all-time', 'this-month'];
const COIN_BOARDS: Leaderboard[] = ['earned-player', 'earned-host', 'earned-battle'];
type Summary = Pick<
  PublicProfile,
  'uid' | 'displayName' | 'avatar' | 'avatarPlaceholder' | 'trophies' | 'team' | 'anonymised'
>;

/**
 * The user summaries of a board (SPEC §3), read once per set of players, 30 at a time; on a page
 * served with its data, as they were served (liveKeys.players).
 */
function useSummaries(uids: string[]): Map<string, Summary> {
  const key = liveKeys.players(uids);
  const served = useServedQuery(key);
  const [summaries, setSummaries] = useState(
    () => new Map((served ?? []).map((summary) => [summary.id, summary as unknown as Summary])),
  );
  const held = useRef(served === undefined ? null : key);
  useEffect(() => {
    if (uids.length === 0 || held.current === key) return;
    let current = true;
    const chunks = Array.from({ length: Math.ceil(uids.length / 30) }, (_, index) =>
      uids.slice(index * 30, index * 30 + 30),
    );
    void Promise.all(chunks.map((chunk) => getDocs(profilesQuery(db, chunk))))
      .then((snapshots) => {
        if (!current) return;
        const found = new Map<string, Summary>();
        for (const snapshot of snapshots) for (const item of snapshot.docs) found.set(item.id, item.data() as Summary);
        setSummaries(found);
      })
      .catch((error: unknown) => console.warn('could not load the players of a board', error));
    return () => {
      current = false;
    };
    // The key says when the set of players really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return summaries;
}

/** Everyone above a value, plus one: the signed-in player's rank even outside the top 50. */
function useRankOf(board: Leaderboard, period: LeaderboardPeriod, month: string, value: number | undefined) {
  const [rank, setRank] = useState<number | null>(null);
  useEffect(() => {
    setRank(null);
    if (!value) return;
    let current = true;
    void getCountFromServer(aheadOfQuery(db, board, period, month, value))
      .then((count) => {
        if (current) setRank(count.data().count + 1);
      })
      .catch((error: unknown) => console.warn('could not count a rank', error));
    return () => {
      current = false;
    };
  }, [board, period, month, value]);
  return rank;
}

/** Default board: top players, all time (SPEC §9); the choice lives in the URL. */
export default function LeaderboardsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageTitle(t('leaderboards.title'));
  const [params, changeParams] = useSearchParamsQueued();
  const asked = params.get('board') as Leaderboard | null;
  const board = asked && LEADERBOARD_IDS.includes(asked) ? asked : DEFAULT_LEADERBOARD;
  const period: LeaderboardPeriod = params.get('period') === 'this-month' ? 'this-month' : 'all-time';
  // A board and a period chosen quickly both hold.
  const choose = (next: { board?: string; period?: string }) =>
    changeParams(
      (current) => {
        current.set('board', next.board ?? current.get('board') ?? board);
        current.set('period', next.period ?? current.get('period') ?? period);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  const month = statsMonth(useServedNow());
  const field = LEADERBOARDS[board];
  const trophiesShown = !(field === 'trophies' && period === 'all-time');
  // A player's trophies are of all time: beside a month's figure they say so.
  const trophiesKey = period === 'this-month' ? 'standing.trophies-in-all' : 'standing.trophies';
  const uid = useSession((state) => state.user?.uid);

  const entries = useLiveQuery<PlayerStatistics>(liveKeys.leaderboard(board, period, month), () =>
    leaderboardQuery(db, board, period, month),
  );
  const items = entries.status === 'ready' ? entries.items : [];
  const summaries = useSummaries(items.map((item) => item.uid));
  const own = useLiveDocument<PlayerStatistics>(uid ? ownStandingDoc(db, period, month, uid) : null);
  // No figures of theirs (a month they have not played yet) is a figure of 0: not on this board.
  const ownValue = own.status === 'ready' ? (own.data[field] ?? 0) : own.status === 'missing' ? 0 : undefined;
  const ownRank = useRankOf(board, period, month, ownValue);
  const show = (value: number) =>
    COIN_BOARDS.includes(board) ? <CoinAmount value={value} /> : formatCoins(locale, value);
  // Ties share a rank: the place of the first entry with the same value.
  const rankAt = (index: number) => items.findIndex((item) => (item[field] ?? 0) === (items[index]![field] ?? 0)) + 1;

  return (
    <div className="page">
      <PageHeader title={t('leaderboards.title')} subtitle={t('leaderboards.subtitle')} />
      <div className="toolbar">
        <TabList
          id="period"
          className="segmented"
          label={t('leaderboards.period')}
          items={PERIODS}
          selected={period}
          onSelect={(value) => choose({ period: value })}
          name={(value) => t(`leaderboards.periods.${value}`)}
        />
        <label className="inline-field">
          <span>{t('leaderboards.board')}</span>
          <select value={board} onChange={(event) => choose({ board: event.target.value })} data-testid="board">
            {LEADERBOARD_IDS.map((value) => (
              <option key={value} value={value}>
                {t(`leaderboards.boards.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted" data-testid="board-about">
        {t(`standing.about.${board}`, {
          first: trophiesForPlace(1),
          second: trophiesForPlace(2),
          semi: trophiesForPlace(3),
          quarter: trophiesForPlace(5),
        })}
      </p>
      <div {...tabPanel('period', period)}>
        {period === 'this-month' ? (
          // The month is UTC's (the statistics' month): named, with the moment it starts afresh in the
          // reader's own time, so a player in New York on the evening of the 31st knows it has turned.
          <p className="muted" data-testid="board-month">
            {t('standing.month', {
              month: capitalised(monthName(locale, month)),
              next: mediumDateTime(locale).format(monthEnd(month)),
            })}
          </p>
        ) : null}
        {/* Not on an empty board goes without saying: its "No entries yet" says it once. */}
        {uid && ownValue !== undefined && (ownValue > 0 || items.length > 0) ? (
          <p className="card own-rank" data-testid="own-rank">
            {/* On the board: its value at once, its rank once counted (not "not on this board" meanwhile). */}
            {ownValue > 0 ? (
              <>
                {ownRank !== null ? <strong>{t('standing.your-rank', { rank: ownRank })}</strong> : null}
                <span>
                  {t(`standing.values.${board}`)}: {show(ownValue)}
                </span>
              </>
            ) : (
              <span className="muted">{t('standing.not-ranked')}</span>
            )}
          </p>
        ) : null}
        {entries.status === 'loading' ? (
          <PageSkeleton label={t('common.loading')} shape="rows" />
        ) : entries.status === 'error' ? (
          <ErrorPanel title={t('leaderboards.title')} message={t('standing.load-failed')} />
        ) : items.length === 0 ? (
          <EmptyState title={t('leaderboards.empty.title')}>{t(`leaderboards.empty.body.${board}`)}</EmptyState>
        ) : (
          <table className="leaderboard card" data-testid="leaderboard">
            <thead>
              <tr>
                <th scope="col">{t('standing.rank')}</th>
                <th scope="col">{t('standing.player')}</th>
                <th scope="col" className="numeric">
                  {t(`standing.values.${board}`)}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => {
                const summary = summaries.get(item.uid);
                // A deleted account keeps its place (its games happened), without its name.
                const name = summary?.anonymised ? t('standing.deleted') : (summary?.displayName ?? '…');
                return (
                  <tr key={item.uid} className={item.uid === uid ? 'is-own' : undefined}>
                    <td className="rank">{rankAt(index)}</td>
                    <td>
                      <LocalLink to={paths.user.getHref(item.uid)} className="board-player">
                        <Avatar url={summary?.avatar} placeholder={summary?.avatarPlaceholder} size={32} />
                        <span>
                          <strong>{name}</strong>
                          {item.uid === uid ? <span className="chip chip-ok">{t('standing.you')}</span> : null}
                          {/* The all-time trophies board has them in its own column: not twice on a row. */}
                          {trophiesShown || summary?.team?.name ? (
                            <>
                              <br />
                              <span className="muted">
                                {[
                                  trophiesShown ? t(trophiesKey, { count: summary?.trophies ?? 0 }) : null,
                                  summary?.team?.name,
                                ]
                                  .filter(Boolean)
                                  .join(' · ')}
                              </span>
                            </>
                          ) : null}
                        </span>
                      </LocalLink>
                    </td>
                    <td className="numeric">{show(item[field] ?? 0)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
