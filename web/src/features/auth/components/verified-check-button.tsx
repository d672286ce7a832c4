import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { refreshAuthUser } from '../../../lib/session/session-listener';
import { useSession } from '../../../lib/session/session-store';

/**
 * "I have verified": re-reads the account. Verified, the banner and the check-your-mail page go
 * away on their own; not yet verified, it says so instead of doing nothing visible.
 */
export function VerifiedCheckButton({
  label,
  small = false,
  variant,
}: {
  label: string;
  small?: boolean;
  variant?: 'secondary' | 'ghost';
}) {
  const { t } = useTranslation();
  const email = useSession((state) => state.user?.email ?? '');
  const [checking, setChecking] = useState(false);
  const [notYet, setNotYet] = useState(false);
  const check = async () => {
    setChecking(true);
    setNotYet(false);
    try {
      await refreshAuthUser();
      setNotYet(useSession.getState().user?.emailVerified !== true);
    } catch (error) {
      console.warn('could not re-read the account', error);
      setNotYet(true);
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      <Button small={small} variant={variant} busy={checking} onClick={() => void check()}>
        {label}
      </Button>
      {notYet ? (
        <span role="status" className="form-error" data-testid="not-verified-yet">
          {t('banners.email-verification.not-yet', { email })}
        </span>
      ) : null}
    </>
  );
}
