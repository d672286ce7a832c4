import { Outlet, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { HomeLogo } from '../../components/logo';
import { useGoBack } from '../../lib/navigation';
import { OfflineStack } from '../banners';

/** Header with the search field (the query lives in the URL) and a Close button. */
export function SearchLayout() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [params, setParams] = useSearchParams();
  return (
    <div className="layout layout-search">
      <header className="bar">
        <HomeLogo className="bar-logo" />
        <input
          type="search"
          className="search-input"
          // Opened from the header's Search, the box has the keyboard, not the page's results (walk AB).
          autoFocus
          data-page-field
          aria-label={t('search.placeholder')}
          placeholder={t('search.placeholder')}
          value={params.get('q') ?? ''}
          onChange={(event) =>
            setParams(event.target.value ? { q: event.target.value } : {}, { replace: true, preventScrollReset: true })
          }
        />
        {/* On a phone a cross, so the field keeps room for its placeholder; named Close either way. */}
        <Button variant="ghost" className="search-close" onClick={goBack} aria-label={t('common.close')}>
          <span className="search-close-text">{t('common.close')}</span>
          <span className="search-close-icon" aria-hidden>
            ✕
          </span>
        </Button>
      </header>
      <OfflineStack />
      <main className="main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
