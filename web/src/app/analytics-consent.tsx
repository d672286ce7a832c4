import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button';
import { resumeAnalytics, trackPageView, useAnalytics } from '../lib/analytics';
import { useHydrated } from '../lib/client-only';
import { LocalLink } from '../lib/navigation';
import { paths } from '../lib/paths';
import { useHeightVariable } from '../lib/use-height-variable';
import '../i18n/later-texts';

/**
 * The consent banner (EU rules): until the visitor chooses, nothing is measured; accepting and
 * declining are equally easy, and the footer's "Analytics settings" asks again. With consent, a
 * page view per route. A bar along the bottom edge, with as much room below the page (issue #58):
 * it never hides content.
 *
 * The bar is in every prerendered page's HTML, painted with the page: rendered by the app after it
 * starts, its text was the largest late paint, Lighthouse's LCP at 3.3–3.9 s on the landing, a
 * profile, the leaderboards and the embed. A visitor who has chosen never sees it: index.html's one
 * inline script marks <html data-consent> from storage before the first paint, and the stylesheet
 * hides the bar under it. After hydration the app decides, and the mark goes.
 */
export function AnalyticsConsent() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const stored = useAnalytics((state) => state.consent);
  // As the HTML was rendered (no choice known) until the page has hydrated.
  const consent = hydrated ? stored : null;
  const choose = useAnalytics((state) => state.choose);
  const { pathname } = useLocation();
  const bar = useRef<HTMLElement>(null);
  useEffect(resumeAnalytics, []);
  useEffect(() => {
    if (hydrated) delete document.documentElement.dataset.consent;
  }, [hydrated]);
  useEffect(() => trackPageView(pathname), [pathname]);
  // As much room below the page's end as the bar is tall, so it never hides the end of the page.
  useHeightVariable(bar, '--consent-room', consent);
  if (consent !== null) return null;
  return (
    <section ref={bar} className="consent-banner" aria-label={t('consent.title')} data-testid="consent-banner">
      <p>
        <strong>{t('consent.title')}</strong> {t('consent.body')}{' '}
        <LocalLink to={paths.privacyPolicy.getHref()}>{t('consent.privacy')}</LocalLink>
      </p>
      <div className="button-row">
        {/* Until the page has hydrated a click would do nothing: the buttons say so. */}
        <Button variant="secondary" disabled={!hydrated} onClick={() => choose('denied')} data-testid="consent-decline">
          {t('consent.decline')}
        </Button>
        <Button variant="secondary" disabled={!hydrated} onClick={() => choose('granted')} data-testid="consent-accept">
          {t('consent.accept')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The footer's way back to the choice. In a prerendered page's HTML it is there before the app
 * runs, and a click then did nothing (the banner never came, seen once in a full run): until the
 * page has hydrated it says so, as the banner's buttons do.
 */
export function AnalyticsSettingsButton() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const choose = useAnalytics((state) => state.choose);
  return (
    <button
      type="button"
      className="link-button"
      disabled={!hydrated}
      onClick={() => choose(null)}
      data-testid="consent-settings"
    >
      {t('consent.settings')}
    </button>
  );
}
