import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timings';
import type { PublicProfile } from '@versus/domain/users/types';
import { Avatar } from '../../../components/avatar';
import { EmptyState, Spinner } from '../../../components/feedback';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { searchUsersByName } from '../api';
import { paths } from '../../../lib/paths';
import '../search.css';

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
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="stack">
        <h2>{t('search.tournaments')}</h2>
        <p className="muted">{t('search.no-tournaments')}</p>
      </section>
    </div>
  );
}
