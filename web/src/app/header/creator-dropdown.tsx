import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../../components/dropdown';
import { useSession } from '../../lib/session/session-store';

/** Creators see their code here; earnings and redeeming join it with the wallet. */
export function CreatorDropdown() {
  const { t } = useTranslation();
  const code = useSession((state) => state.profile?.creatorCode ?? '');
  const [copied, setCopied] = useState(false);
  return (
    <Dropdown ariaLabel={t('creator.open')} label={<span className="chip">{t('creator.label')}</span>} testId="creator-dropdown">
      {() => (
        <div className="menu creator-panel">
          <div className="menu-heading">{t('creator.your-code')}</div>
          <button
            type="button"
            className="copy-code"
            title={copied ? t('common.copied') : t('common.click-to-copy')}
            onClick={() => {
              void navigator.clipboard?.writeText(code).then(() => setCopied(true));
            }}
            onMouseLeave={() => setCopied(false)}
          >
            <code>{code}</code>
            <span className="copy-state">{copied ? t('common.copied') : t('common.click-to-copy')}</span>
          </button>
          <p className="muted">{t('creator.share-hint')}</p>
        </div>
      )}
    </Dropdown>
  );
}
