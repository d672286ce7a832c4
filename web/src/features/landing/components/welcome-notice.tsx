import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useAnalytics } from '../../../lib/analytics';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';

export const WELCOME_NOTICE_FLAG = 'welcomeNoticeShown';
export const WELCOME_CLOSED_EVENT = 'versus:welcome-closed';

/**
 * First-visit welcome, once per browser session (SPEC §2); mounted by the landing page only, never
 * by the default layout. It waits for the analytics choice: one overlay at a time. A visitor who is
 * not signed in can go straight to the sign-up from it: the tap meant for the landing's "Create a
 * free account" otherwise closed it, and the campaign notice after it.
 */
export function WelcomeNotice() {
  const { t } = useTranslation();
  const [due, setDue] = useState(() => sessionStorage.getItem(WELCOME_NOTICE_FLAG) === null);
  const choosing = useAnalytics((state) => state.consent === null);
  const signedOut = useSession((state) => state.status === 'signed-out');
  const close = () => {
    sessionStorage.setItem(WELCOME_NOTICE_FLAG, 'true');
    setDue(false);
    window.dispatchEvent(new Event(WELCOME_CLOSED_EVENT));
  };
  return (
    <Modal
      open={due && !choosing}
      onClose={close}
      title={t('welcome.title')}
      testId="welcome-notice"
      footer={
        <div className="button-row">
          <Button variant={signedOut ? 'secondary' : 'primary'} onClick={close}>
            {t('welcome.cta')}
          </Button>
          {signedOut ? (
            <LocalLink className="btn btn-primary" to={paths.register.getHref()} onClick={close}>
              {t('landing.hero.register')}
            </LocalLink>
          ) : null}
        </div>
      }
    >
      <p>{t('welcome.body')}</p>
      <p className="muted">{t('landing.alpha')}</p>
    </Modal>
  );
}
