import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statsMonth, type PlatformFigures, type PlatformSummary } from '@versus/domain/users/statistics';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { subscribeWithFirebase } from '../../../lib/firebase-lazy';
import { formatCoins, mediumDateTime } from '../../../lib/locale';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import '../../../i18n/later-texts';

const NEXT_TOURNAMENTS = 3;
type Upcoming = Pick<
  Tournament,
  'name' | 'game' | 'gameFormat' | 'startTime' | 'participantCount' | 'size' | 'entryFee' | 'coverImage'
> & {
  id: string;
};

/**
 * The platform alive (SPEC §7 statistics/user_statistics): players, battles played, coins won and
 * tournaments this month, read live from the one document the sweeper publishes them in (a minute
 * old at most); and the next tournaments to join.
 * Firebase loads after the first render (firebase-lazy), so the figures cost the landing nothing up front.
 */
export function LiveFigures() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [figures, setFigures] = useState<PlatformFigures | null>(null);
  const [tournaments, setTournaments] = useState<number | null>(null);
  const [upcoming, setUpcoming] = useState<Upcoming[] | null>(null);

  useEffect(() => {
    const stopFigures = subscribeWithFirebase(({ db, doc, onSnapshot }) =>
      onSnapshot(
        doc(db, 'statistics', 'user_statistics'),
        (snapshot) => {
          const summary = snapshot.data() as PlatformSummary | undefined;
          if (!summary) return;
          setFigures(summary);
          // Published in another month: none started in this one yet.
          setTournaments(summary.month === statsMonth(Date.now()) ? summary.tournamentsStarted : 0);
        },
        (error) => console.warn('platform figures read failed', error),
      ),
    );
    const stopUpcoming = subscribeWithFirebase(({ db, collection, query, where, orderBy, limit, onQueryAnswer }) =>
      onQueryAnswer(
        query(
          collection(db, 'tournaments'),
          where('state', '==', 'OPEN'),
          where('startTime', '>', Date.now()),
          orderBy('startTime', 'asc'),
          limit(NEXT_TOURNAMENTS),
        ),
        (snapshot) => setUpcoming(snapshot.docs.map((item) => ({ ...(item.data() as Upcoming), id: item.id }))),
        (error) => {
          console.warn('upcoming tournaments read failed', error);
          setUpcoming([]);
        },
      ),
    );
    return () => {
      stopFigures();
      stopUpcoming();
    };
  }, []);

  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? '…' : formatCoins(locale, value);
  const cells = [
    ['players', number(figures?.players)],
    ['battles', number(figures?.battles)],
    ['coins-won', number(figures?.coinsWon)],
    ['tournaments', number(tournaments)],
  ] as const;
  const dateFormat = mediumDateTime(locale);
  return (
    <>
      <section className="live-figures" aria-label={t('landing.figures.title')} data-testid="live-figures">
        {cells.map(([key, value]) => (
          <div key={key} className="card live-figure" data-figure={key}>
            <span className="big-number">{value}</span>
            <span>{t(`landing.figures.${key}`)}</span>
          </div>
        ))}
      </section>
      {upcoming && upcoming.length > 0 ? (
        <section className="upcoming" data-testid="upcoming-tournaments">
          <h2>{t('landing.upcoming.title')}</h2>
          <ul className="upcoming-list">
            {upcoming.map((tournament) => (
              <li key={tournament.id}>
                <LocalLink to={paths.tournament.getHref(tournament.id)} className="card upcoming-card">
                  <img
                    className="upcoming-cover"
                    src={tournament.coverImage?.downloadUrl ?? `/covers/${tournament.game}.svg`}
                    alt=""
                    width={96}
                    height={61}
                  />
                  <span>
                    <strong>{tournament.name}</strong>
                    <br />
                    <span className="muted">
                      {t(`games.${tournament.game}`)} · {dateFormat.format(tournament.startTime)}
                    </span>
                    <br />
                    <span className="muted">
                      {t(tournament.gameFormat === 'TEAM' ? 'landing.upcoming.spots-teams' : 'landing.upcoming.spots', {
                        count: tournament.participantCount,
                        size: String(tournament.size),
                      })}
                      {' · '}
                      {tournament.entryFee > 0
                        ? t('landing.upcoming.fee', { coins: formatCoins(locale, tournament.entryFee) })
                        : t('landing.upcoming.free')}
                    </span>
                  </span>
                </LocalLink>
              </li>
            ))}
          </ul>
          <LocalLink to={paths.tournaments.getHref()}>{t('landing.upcoming.all')}</LocalLink>
        </section>
      ) : null}
    </>
  );
}
