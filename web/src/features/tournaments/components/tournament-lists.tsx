import { useTranslation } from 'react-i18next';
import { statusOf, type Tournament } from '@versus/domain/tournaments/tournament';
import { Spinner } from '../../../components/feedback';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useActiveTournaments } from '../api';
import '../tournaments.css';

/** One line per tournament: name, game, start, state. */
export function TournamentRows({ items, testId }: { items: (Tournament & { id: string })[]; testId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ul className="tournament-rows" data-testid={testId}>
      {items.map((item) => {
        const status = statusOf(item.state);
        return (
          <li key={item.id}>
            <LocalLink to={paths.tournament.getHref(item.id)}>{item.name}</LocalLink>
            <span className="muted">
              {t(`games.${item.game}`)} ·{' '}
              {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(item.startTime)}
            </span>
            <span className={`status-badge status-${status}`}>{t(`tournaments.status.${status}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** /my-games: the tournaments I play in that have not ended (SPEC §2). */
export function ActiveTournamentsSection() {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const active = useActiveTournaments(uid);
  return (
    <section className="card" data-testid="my-games-active-tournaments">
      <h2>{t('my-games.sections.active-tournaments.title')}</h2>
      {active.status === 'loading' ? (
        <Spinner label={t('common.loading')} />
      ) : active.status === 'ready' && active.items.length > 0 ? (
        <TournamentRows items={active.items} />
      ) : (
        <p className="muted">{t('my-games.sections.active-tournaments.empty')}</p>
      )}
    </section>
  );
}
