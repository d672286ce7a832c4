import dayjs from '../../../lib/dayjs';
import { useTranslation } from 'react-i18next';
import { placeText } from '@versus/domain/notifications/alert-lines';
import { HISTORY_PAGE_SIZE, type HistoryEntry } from '@versus/domain/users/history';
import {
  BADGES,
  countersOf,
  progressOf,
  type PlayerStatistics,
  type StatCounters,
} from '@versus/domain/users/statistics';
import { Button } from '../../../components/button';
import { CoinAmount } from '../../../components/coin-amount';
import { db } from '../../../lib/firebase';
import { formatCoins, numberFormat } from '../../../lib/locale';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { shownName } from '../../../lib/player-name';
import { paths } from '../../../lib/paths';
import { useGrowingLiveQuery } from '../../../lib/use-live-query';
import { historyQuery } from '../queries';
import { useShownDay } from '../../../lib/served-dates';
import { liveKeys } from '@versus/domain/platform/served-data';
import '../../../i18n/standing-texts';

/** Battles, victories, win rate, tournaments played and won, coins won (issue 14). */
export function StatsGrid({ counters }: { counters: StatCounters }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rate = counters.battlesPlayed > 0 ? counters.battleVictories / counters.battlesPlayed : null;
  const cells: [string, React.ReactNode][] = [
    [t('standing.stats.trophies'), formatCoins(locale, counters.trophies)],
    [t('standing.stats.battles'), formatCoins(locale, counters.battlesPlayed)],
    [t('standing.stats.victories'), formatCoins(locale, counters.battleVictories)],
    [
      t('standing.stats.win-rate'),
      rate === null ? '—' : numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate),
    ],
    [t('standing.stats.tournaments-played'), formatCoins(locale, counters.tournamentsPlayed)],
    [t('standing.stats.tournaments-won'), formatCoins(locale, counters.tournamentsWon)],
    [
      t('standing.stats.coins-won'),
      <CoinAmount key="coins" value={counters.battleCoinsWon + counters.tournamentCoinsWon} />,
    ],
    [t('standing.stats.hosted'), formatCoins(locale, counters.tournamentsHosted)],
  ];
  return (
    <section aria-label={t('user.stats')} data-testid="stats">
      {/* Terms and their figures: a screen reader says "Trophies, 10", where the cards' text alone
          ran together as "10 Trophies 4 Battles 3 Victories…" (walk AB). The figure shows first. */}
      <dl className="stat-grid stat-grid-4">
        {cells.map(([label, value]) => (
          <div className="card stat" key={label}>
            <dt>{label}</dt>
            <dd className="big-number">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const BADGE_ICONS: Record<(typeof BADGES)[number], string> = {
  alpha: 'α',
  'first-win': '★',
  'ten-wins': '✪',
  champion: '♛',
  'host-five': '⚑',
  creator: '✎',
};

/** Earned badges with their dates, in a fixed order. */
export function Badges({ stats }: { stats: PlayerStatistics | undefined }) {
  const { t } = useTranslation();
  const earned = BADGES.filter((badge) => stats?.badges?.[badge] !== undefined);
  return (
    <section className="card" data-testid="badges">
      <h2>{t('standing.badges.title')}</h2>
      {earned.length === 0 ? <p className="muted">{t('standing.badges.none')}</p> : null}
      <ul className="badges">
        {earned.map((badge) => (
          <li key={badge} className="earned-badge" data-badge={badge}>
            <span className="badge-icon" aria-hidden>
              {BADGE_ICONS[badge]}
            </span>
            <span>
              <strong>{t(`standing.badges.${badge}.name`)}</strong>
              <br />
              <span className="muted">{t(`standing.badges.${badge}.body`)}</span>
              <br />
              <span className="muted small">
                {t('standing.badges.earned', { date: dayjs(stats!.badges![badge]).format('LL') })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The owner's class (SPEC §3 progress) and the way to the next. */
export function ProgressCard({ stats }: { stats: PlayerStatistics | undefined }) {
  const { t } = useTranslation();
  const progress = progressOf(countersOf(stats));
  const className = t(`standing.progress.classes.${progress.class}`);
  return (
    <section className="card" data-testid="progress">
      <h2>{t('standing.progress.title')}</h2>
      <p>
        <strong>{t('standing.progress.class', { class: className })}</strong>
      </p>
      {progress.next ? (
        <>
          <progress
            className="class-progress"
            value={progress.activity}
            max={progress.activity + progress.next.needed}
            aria-hidden
          />
          <p>
            {t('standing.progress.next', {
              count: progress.next.needed,
              class: t(`standing.progress.classes.${progress.next.class}`),
            })}
          </p>
        </>
      ) : (
        <p>{t('standing.progress.top')}</p>
      )}
      <p className="muted small">{t('standing.progress.how')}</p>
    </section>
  );
}

/** A history line's coins, named for what they were ("Entry fee lost ◎270"). */
const LabelledCoins = ({ label, value }: { label: string; value: number }) => (
  <span>
    {label} <CoinAmount value={value} />
  </span>
);

/** One line; `viewer` is the signed-in uid (a battle links only for its two players: battles are private). */
function HistoryLine({ entry, owner, viewer }: { entry: HistoryEntry; owner: string; viewer: string | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  switch (entry.kind) {
    case 'battle': {
      const text = t('standing.history.battle', { opponent: shownName(t, entry.opponent.displayName) });
      const mine = viewer !== undefined && (viewer === owner || viewer === entry.opponent.uid);
      return (
        <>
          <span className={`chip ${entry.won ? 'chip-ok' : ''}`}>
            {entry.won ? t('standing.history.won') : t('standing.history.lost')}
          </span>
          {mine ? <LocalLink to={paths.battle.getHref(entry.ref)}>{text}</LocalLink> : <span>{text}</span>}
          {/* A free battle moves no coins (older lines may hold -0, which equals 0). The coins say what
              they were, as My games does ("Entry fee lost ◎270", not "◎-270" nor a bare "◎270"). */}
          {entry.coins !== 0 ? (
            <LabelledCoins
              label={t(entry.coins > 0 ? 'battles.lists.amount-prize' : 'battles.lists.amount-lost')}
              value={Math.abs(entry.coins)}
            />
          ) : null}
        </>
      );
    }
    case 'match':
      return (
        <>
          <span className={`chip ${entry.won ? 'chip-ok' : ''}`}>
            {/* A series says its games, the player's first ("Won 2–1"). */}
            {entry.score
              ? t(entry.won ? 'standing.history.won-score' : 'standing.history.lost-score', {
                  score: entry.score.join('–'),
                })
              : entry.won
                ? t('standing.history.won')
                : t('standing.history.lost')}
          </span>
          <LocalLink to={paths.tournament.getHref(entry.ref)}>
            {t(entry.stage ? `standing.history.match-${entry.stage}` : 'standing.history.match', {
              round: entry.round,
              opponent: shownName(t, entry.opponent.displayName),
              tournament: entry.tournamentName,
            })}
          </LocalLink>
          {/* A walkover or a double forfeit says who did not come, as the standings do. */}
          {entry.absent ? <span className="muted">{t(`standing.history.absent-${entry.absent}`)}</span> : null}
        </>
      );
    case 'tournament':
      return (
        <>
          <span className="chip">
            {entry.place ? `#${entry.place}${entry.placeTo ? `–${entry.placeTo}` : ''}` : '—'}
          </span>
          <LocalLink to={paths.tournament.getHref(entry.ref)}>
            {!entry.place
              ? t('standing.history.not-placed', { tournament: entry.tournamentName })
              : entry.placeTo
                ? t('standing.history.placed-shared', {
                    place: placeText(locale, entry.place),
                    placeTo: placeText(locale, entry.placeTo),
                    tournament: entry.tournamentName,
                  })
                : t('standing.history.placed', { count: entry.place, ordinal: true, tournament: entry.tournamentName })}
          </LocalLink>
          {entry.trophies > 0 ? (
            <span className="muted">{t('standing.history.trophies', { count: entry.trophies })}</span>
          ) : null}
          {entry.coins > 0 ? <LabelledCoins label={t('battles.lists.amount-prize')} value={entry.coins} /> : null}
        </>
      );
    case 'hosted':
      return (
        <>
          <span className="chip" aria-hidden>
            ⚑
          </span>
          <LocalLink to={paths.tournament.getHref(entry.ref)}>
            {t('standing.history.hosted', { tournament: entry.tournamentName, count: entry.participants })}
          </LocalLink>
          {entry.coins > 0 ? <LabelledCoins label={t('standing.history.host-share')} value={entry.coins} /> : null}
        </>
      );
  }
}

/** Battles and tournament matches, newest first, HISTORY_PAGE_SIZE more at a time. */
export function MatchHistory({ uid, viewer }: { uid: string; viewer: string | undefined }) {
  const { t } = useTranslation();
  const lines = useGrowingLiveQuery<HistoryEntry>(
    liveKeys.history(uid),
    (count) => historyQuery(db, uid, count),
    HISTORY_PAGE_SIZE,
  );
  const day = useShownDay();
  return (
    <section className="card" data-testid="history">
      <h2>{t('standing.history.title')}</h2>
      {lines.status === 'ready' && lines.items.length === 0 ? (
        <p className="muted">{t('standing.history.empty')}</p>
      ) : null}
      <ul className="history-list">
        {lines.items.map((entry) => (
          <li key={entry.id} data-kind={entry.kind}>
            <HistoryLine entry={entry} owner={uid} viewer={viewer} />
            <time className="muted small" dateTime={new Date(entry.at).toISOString()}>
              {day(entry.at)}
            </time>
          </li>
        ))}
      </ul>
      {lines.more ? (
        <Button variant="secondary" busy={lines.status === 'loading'} onClick={lines.showMore}>
          {t('standing.history.more')}
        </Button>
      ) : null}
    </section>
  );
}
