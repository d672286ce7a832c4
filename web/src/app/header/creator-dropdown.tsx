import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../../components/dropdown';
import { Spinner } from '../../components/feedback';
import { useSession } from '../../lib/session/session-store';
import { lazyWhenOnline } from '../../lib/lazy-when-online';
import '../../i18n/page-texts';

// Loaded on first open: the chart and the wallet calls stay out of the first render.
const CreatorPanel = lazyWhenOnline(() => import('../../features/creators/components/creator-panel'));

/** Creators' dropdown (SPEC §4 Creator): earnings refreshed on open, at most every 30 s. */
export function CreatorDropdown() {
  const { t } = useTranslation();
  const code = useSession((state) => state.profile?.creatorCode ?? '');
  return (
    <Dropdown
      ariaLabel={t('creator.open')}
      label={
        // A phone's header has room for a short word only: Finnish's "Sisällöntuottaja" pushed the
        // avatar off a 375 px screen.
        <span className="chip">
          <span className="desktop-only">{t('creator.label')}</span>
          <span className="mobile-only">{t('creator.label-short')}</span>
        </span>
      }
      testId="creator-dropdown"
      className="creator-dropdown"
    >
      {() => (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <CreatorPanel code={code} />
        </Suspense>
      )}
    </Dropdown>
  );
}
