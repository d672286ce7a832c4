import dayjs from '../../../lib/dayjs';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { toApiError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/api-error-text';
import { restoreAccount } from '../api';
import { useLocalePath, usePageTitle } from '../../../lib/navigation';
import { logout } from '../../../lib/session/auth-actions';
import { ACCOUNT_RESTORED_FLAG, useSession } from '../../../lib/session/session-store';
import { paths } from '../../../lib/paths';
import '../auth.css';
import '../../../i18n/page-texts';

/** The way back; `dataExport` (the profile's "Download my data", composed in app/) before the account goes. */
export default function AccountDeactivatedPage({ dataExport }: { dataExport: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t('auth.deactivated.title'));
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const deletionOn = useSession((state) => state.account?.deletionOn ?? null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const restore = async () => {
    setBusy(true);
    setFailure(null);
    // Set before the request: the page may go home on the account's live update, before the answer.
    sessionStorage.setItem(ACCOUNT_RESTORED_FLAG, 'true');
    try {
      await restoreAccount();
      void navigate(toPath(paths.home.getHref()), { replace: true });
    } catch (error) {
      sessionStorage.removeItem(ACCOUNT_RESTORED_FLAG);
      const apiError = toApiError(error);
      setFailure(
        apiError.code === 'restore-window-passed' ? t('auth.deactivated.window-passed') : apiErrorText(t, apiError),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card auth-card stack" data-testid="account-deactivated">
      <h1>{t('auth.deactivated.title')}</h1>
      <p>
        {deletionOn
          ? t('auth.deactivated.body', { date: dayjs(deletionOn).format('LL') })
          : t('auth.deactivated.body-no-date')}
      </p>
      <FormError message={failure} />
      <div className="button-row">
        <Button onClick={() => void restore()} busy={busy}>
          {t('auth.deactivated.restore')}
        </Button>
        <Button variant="ghost" onClick={() => void logout().then(() => navigate(toPath(paths.login.getHref())))}>
          {t('user-menu.logout')}
        </Button>
      </div>
      <hr />
      <h2>{t('auth.deactivated.data')}</h2>
      {dataExport}
    </section>
  );
}
