import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';

export const WELCOME_NOTICE_FLAG = 'welcomeNoticeShown';
export const WELCOME_CLOSED_EVENT = 'versus:welcome-closed';

/** First-visit welcome, once per browser session (SPEC §2); mounted by the landing page only. */
export function WelcomeNotice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => sessionStorage.getItem(WELCOME_NOTICE_FLAG) === null);
  const close = () => {
    sessionStorage.setItem(WELCOME_NOTICE_FLAG, 'true');
    setOpen(false);
    window.dispatchEvent(new Event(WELCOME_CLOSED_EVENT));
  };
  return (
    <Modal
      open={open}
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
