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
  const stepping = useRef(false);
  const go = (next: string) => {
    stepping.current = false;
    if (next === locale) return;
    saveLocale(next as Locale);
    void navigate(`${localizePath(next as Locale, path)}${window.location.search}`);
  };
  // Chromium changes a closed select on each arrow key: stepping through the languages would move
  // to the first one passed. Once an arrow is pressed, the choice is taken on Enter or on leaving
  // the field (Tab); a click or a pick from the open list at once, as a letter typed first.
  return (
    <label className="locale-switcher">
      <span className="visually-hidden">{t('locale.label')}</span>
      <select
        key={locale}
        defaultValue={locale}
        aria-label={t('locale.label')}
        onKeyDown={(event) => {
          if (event.key.startsWith('Arrow')) stepping.current = true;
          if (event.key === 'Enter') go(event.currentTarget.value);
        }}
        onPointerDown={() => (stepping.current = false)}
        onChange={(event) => {
          if (!stepping.current) go(event.target.value);
        }}
        onBlur={(event) => {
          if (stepping.current) go(event.target.value);
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
