import { useRef } from 'react';
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
  const go = (next: string) => {
    if (next === locale) return;
    saveLocale(next as Locale);
    void navigate(`${localizePath(next as Locale, path)}${window.location.search}`);
  };
  // Chromium changes a closed select on each arrow key: stepping through the languages would move
  // to the first one passed. An arrow's choice is taken on Enter or on leaving the field; a pick
  // from the open list, a click or a typed letter at once.
  const stepping = useRef(false);
  return (
    <label className="locale-switcher">
      <span className="visually-hidden">{t('locale.label')}</span>
      <select
        key={locale}
        defaultValue={locale}
        aria-label={t('locale.label')}
        onKeyDown={(event) => {
          stepping.current = event.key.startsWith('Arrow');
          if (event.key === 'Enter') go(event.currentTarget.value);
        }}
        onPointerDown={() => (stepping.current = false)}
        onChange={(event) => {
          if (!stepping.current) go(event.target.value);
        }}
        onBlur={(event) => go(event.target.value)}
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
