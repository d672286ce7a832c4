import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timings';
import type { PublicProfile } from '@versus/domain/users/types';
import { Avatar } from '../../../components/avatar';
import { EmptyState, Spinner } from '../../../components/feedback';
import { LocalLink, useLocale, usePageTitle } from '../../../lib/navigation';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { searchTournamentsByName, searchUsersByName, type TournamentHit } from '../api';
import { Button } from '../../../components/button';
import { paths } from '../../../lib/paths';
import '../search.css';
import { FollowButton } from '../../../components/follow-button';

export default function SearchPage() {
  const { t } = useTranslation();
  usePageTitle(t('search.title'));
  const [params] = useSearchParams();
  const text = params.get('q') ?? '';
  const [users, setUsers] = useState<PublicProfile[]>([]);
  const [loading, setLoading] = useState(false);

  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (!query) {
      setUsers([]);
      return;
    }
    let current = true;
    setLoading(true);
    // Search failures are logged and show an empty list (SPEC §8).
    void searchUsersByName(query)
      .catch((error: unknown) => {
        console.warn('user search failed', error);
        return [];
      })
      .then((found) => {
        if (current) setUsers(found);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [query]);

  // Tournaments: the next to start when there is no text, else by name with load-more (SPEC §4 Search).
  const [tournaments, setTournaments] = useState<TournamentHit[]>([]);
  const [totalTournaments, setTotalTournaments] = useState(0);
  const [loadingTournaments, setLoadingTournaments] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => {
    let current = true;
    setLoadingTournaments(true);
    void searchTournamentsByName(query)
      .catch((error: unknown) => {
        console.warn('tournament search failed', error);
        return { total: { value: 0 }, hits: [] };
      })
      .then((found) => {
        if (!current) return;
        setTournaments(found.hits);
        setTotalTournaments(found.total.value);
      })
      .finally(() => {
        if (current) setLoadingTournaments(false);
      });
    return () => {
      current = false;
    };
  }, [query]);
  const moreTournaments = async () => {
    setLoadingMore(true);
    try {
      const found = await searchTournamentsByName(query, tournaments.at(-1)?._id);
      setTournaments((shown) => [...shown, ...found.hits.filter((hit) => !shown.some((item) => item._id === hit._id))]);
    } catch (error) {
      console.warn('tournament search failed', error);
    } finally {
      setLoadingMore(false);
    }
  };
  const locale = useLocale();
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="page page-narrow">
      <section className="stack">
        <h2>{t('search.users')}</h2>
        {loading ? (
          <Spinner label={t('common.loading')} />
        ) : !text.trim() ? (
          <p className="muted">{t('search.hint')}</p>
        ) : users.length === 0 ? (
          <EmptyState title={t('search.no-users', { query: text })} />
        ) : (
          <ul className="result-list" data-testid="search-users">
            {users.map((user) => (
              <li key={user.uid}>
                <LocalLink to={paths.user.getHref(user.uid)} className="result-row">
                  <Avatar name={user.displayName} url={user.avatar} placeholder={user.avatarPlaceholder} />
                  <span>{user.displayName}</span>
                </LocalLink>
                <FollowButton uid={user.uid} small />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="stack">
        <h2>{t('search.tournaments')}</h2>
        {loadingTournaments ? (
          <Spinner label={t('common.loading')} />
        ) : tournaments.length === 0 ? (
          <p className="muted">{t('search.no-tournaments')}</p>
        ) : (
          <ul className="result-list" data-testid="search-tournaments">
            {tournaments.map((hit) => (
              <li key={hit._id}>
                <LocalLink to={paths.tournament.getHref(hit._id)} className="result-row">
                  <img
                    className="result-cover"
                    src={hit._source.coverImage?.downloadUrl ?? `/covers/${hit._source.game}.svg`}
                    alt=""
                  />
                  <span>
                    <strong>{hit._source.name}</strong>
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
        {query && totalTournaments > tournaments.length ? (
          <Button variant="secondary" busy={loadingMore} onClick={() => void moreTournaments()}>
            {t('search.load-more')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
