import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useSession } from '../../../lib/session/session-store';

/** After a restore (the deactivated page's "Restore my account"): what it did, until closed. */
export function WelcomeBackBanner() {
  const { t } = useTranslation();
  return (
    <div className="banner-row">
      <span role="status">{t('banners.welcome-back')}</span>
      <span className="banner-actions">
        <Button small variant="ghost" onClick={() => useSession.getState().setRestored(false)}>
          {t('common.close')}
        </Button>
      </span>
    </div>
  );
}
