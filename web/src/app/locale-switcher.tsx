import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@versus/domain/platform/constants';
import { localizePath, saveLocale } from '../lib/locale';
import { useLocale, useUnprefixedPath } from '../lib/navigation';

export function LocaleSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const path = useUnprefixedPath();
  const navigate = useNavigate();
  return (
    <label className="locale-switcher">
      <span className="visually-hidden">{t('locale.label')}</span>
      <select
        value={locale}
        aria-label={t('locale.label')}
        onChange={(event) => {
          const next = event.target.value as Locale;
          saveLocale(next);
          void navigate(`${localizePath(next, path)}${window.location.search}`);
        }}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value}>
            {t(`locale.names.${value}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
