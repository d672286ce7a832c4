import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useAnalytics } from '../../../lib/analytics';

export const WELCOME_NOTICE_FLAG = 'welcomeNoticeShown';
export const WELCOME_CLOSED_EVENT = 'versus:welcome-closed';

/**
 * First-visit welcome, once per browser session (SPEC §2); mounted by the landing page only, never
 * by the default layout. It waits for the analytics choice: one overlay at a time.
 */
export function WelcomeNotice() {
  const { t } = useTranslation();
  const [due, setDue] = useState(() => sessionStorage.getItem(WELCOME_NOTICE_FLAG) === null);
  const choosing = useAnalytics((state) => state.consent === null);
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
      footer={<Button onClick={close}>{t('welcome.cta')}</Button>}
    >
      <p>{t('welcome.body')}</p>
      <p className="muted">{t('landing.alpha')}</p>
    </Modal>
  );
}
