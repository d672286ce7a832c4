import { useTranslation } from 'react-i18next';
import { LocalLink } from '../lib/navigation';

export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden>
        <rect width="64" height="64" rx="14" fill="#6d5dfc" />
        <path d="M14 16h10l8 22 8-22h10L37 50H27z" fill="#fff" />
      </svg>
      <span className="logo-text">Versus</span>
    </span>
  );
}

/**
 * The logo as the way home, in every layout's bar. Its name begins with the word the logo shows
 * (WCAG 2.5.3), and it keeps a name on a phone, where the word is hidden.
 */
export function HomeLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <LocalLink to="/" className={className} aria-label={t('nav.logo-home')}>
      <Logo />
    </LocalLink>
  );
}
