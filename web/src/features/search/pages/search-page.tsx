import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { UserPreview } from '../../../components/user-preview';
import { EmptyState, Spinner } from '../../../components/feedback';
import { LocalLink, useLocale, usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { statusOf } from '@versus/domain/tournaments/tournament';
import { discoverable } from '../api';
import { canLoadMore, useSearchStore } from '../store';
import { useSession } from '../../../lib/session/session-store';
import '../search.css';
import '../../../i18n/later-texts';
// A result's state (Open, In progress …) is the tournaments' own text.
import '../../../i18n/play-texts';
import { mediumDateTime } from '../../../lib/locale';

export default function SearchPage() {
  const { t } = useTranslation();
  usePageTitle(t('search.title'));
  const [params] = useSearchParams();
  const text = params.get('q') ?? '';
  const store = useSearchStore();
  const { initialise, setQuery } = store;
  // Initialise once with the URL's query; later changes (typing in the layout) are debounced.
  useEffect(() => {
    initialise(text);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (useSearchStore.getState().initialised || useSearchStore.getState().reloading) setQuery(text, true);
  }, [text, setQuery]);
  const locale = useLocale();
  const dateFormat = mediumDateTime(locale);
  const random = store.query.trim() === '';
  const loading = store.reloading || !store.initialised;
  // Read as it renders: the session may come after the page's search (a reload, a link).
  const uid = useSession((state) => state.user?.uid);
  const users = random ? discoverable(store.users, uid) : store.users;

  return (
    <div className="page page-narrow">
      {/* The search box is the header's; the page's title is for those who move by headings. */}
      <h1 className="visually-hidden">{t('search.title')}</h1>
      <section className="stack">
        <h2>{random ? t('search.discover') : t('search.users')}</h2>
        {loading ? (
          <Spinner label={t('common.loading')} />
        ) : users.length === 0 ? (
          <EmptyState title={random ? t('search.hint') : t('search.no-users', { query: store.query })} level={3} />
        ) : (
          <ul className="result-list" data-testid="search-users">
            {users.map((hit) => (
              <li key={hit.id}>
                <UserPreview user={{ ...hit.source, uid: hit.id }} variant="grey" />
              </li>
            ))}
          </ul>
        )}
        {!loading && canLoadMore(store.query, store.totalUsers, store.users.length) ? (
          <Button
            variant="secondary"
            busy={store.loadingMoreUsers}
            onClick={() => void store.loadMoreUsers()}
            data-testid="more-users"
          >
            {t('search.load-more')}
          </Button>
        ) : null}
      </section>
      <section className="stack">
        <h2>{t('search.tournaments')}</h2>
        {loading ? (
          <Spinner label={t('common.loading')} />
        ) : store.tournaments.length === 0 ? (
          <p className="muted">{t('search.no-tournaments')}</p>
        ) : (
          <ul className="result-list" data-testid="search-tournaments">
            {store.tournaments.map((hit) => (
              <li key={hit._id}>
                <LocalLink to={paths.tournament.getHref(hit._id)} className="result-row">
                  <img
                    className="result-cover"
                    src={hit._source.coverImage?.downloadUrl ?? `/covers/${hit._source.game}.svg`}
                    alt=""
                  />
                  <span>
                    <strong>{hit._source.name}</strong>{' '}
                    <span className={`status-badge status-${statusOf(hit._source.state)}`}>
                      {t(`tournaments.status.${statusOf(hit._source.state)}`)}
                    </span>
                    <br />
                    <span className="muted">
                      {t(`games.${hit._source.game}`)} · {dateFormat.format(hit._source.startTime)} ·{' '}
                      {hit._source.participantCount}/{hit._source.size}
                    </span>
                  </span>
                </LocalLink>
              </li>
            ))}
          </ul>
        )}
        {!loading && canLoadMore(store.query, store.totalTournaments, store.tournaments.length) ? (
          <Button
            variant="secondary"
            busy={store.loadingMoreTournaments}
            onClick={() => void store.loadMoreTournaments()}
          >
            {t('search.load-more')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
