import { useTranslation } from 'react-i18next';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { ACCOUNT_RESTORED_FLAG, useSession } from '../../../lib/session/session-store';
import { ClientOnly } from '../../../lib/client-only';
import { WelcomeNotice } from '../components/welcome-notice';
import { lazy, Suspense, useState, type ComponentType } from 'react';

// Live figures need Firestore: their code loads after the first render (DESIGN §8 landing budget).
// A lost chunk only costs the figures, never the page.
const LiveFigures = lazy((): Promise<{ default: ComponentType }> =>
  import('../components/live-figures').then(
    (module): { default: ComponentType } => ({ default: module.LiveFigures }),
    (error: unknown) => {
      console.warn('could not load the live figures', error);
      return { default: () => null };
    },
  ),
);
import { paths } from '../../../lib/paths';
import '../landing.css';

/** When this page load took the restored account's flag: a page mounted again soon after still says it. */
let restoredTakenAt = 0;
const RESTORED_SHOWN_MS = 10_000;

/**
 * Once, after the account-deactivated page restored the account: it is back, as it was. The flag
 * is taken at the first mount; the page mounted again within seconds still says it (the account's
 * live update and the restore's answer each lead home, in either order: a full run lost the note
 * between them), and a reload does not bring it back.
 */
function RestoredNote() {
  const { t } = useTranslation();
  const [shown] = useState(() => {
    if (sessionStorage.getItem(ACCOUNT_RESTORED_FLAG) !== null) {
      sessionStorage.removeItem(ACCOUNT_RESTORED_FLAG);
      restoredTakenAt = Date.now();
    }
    return Date.now() - restoredTakenAt < RESTORED_SHOWN_MS;
  });
  return shown ? (
    <p className="success" role="status" data-testid="account-restored">
      {t('landing.restored')}
    </p>
  ) : null;
}

export default function LandingPage() {
  const { t } = useTranslation();
  usePageTitle(t('landing.title'));
  const signedIn = useSession((state) => state.status === 'signed-in');
  const features = [
    {
      title: t('landing.features.battles.title'),
      body: t('landing.features.battles.body'),
      to: paths.battles.getHref(),
    },
    {
      title: t('landing.features.tournaments.title'),
      body: t('landing.features.tournaments.body'),
      to: paths.tournaments.getHref(),
    },
    {
      title: t('landing.features.leaderboards.title'),
      body: t('landing.features.leaderboards.body'),
      to: paths.leaderboards.getHref(),
    },
  ];
  return (
    <div className="landing">
      <section className="hero">
        <span className="chip chip-alpha">{t('landing.alpha-chip')}</span>
        <h1>{t('landing.hero.title')}</h1>
        <p className="hero-subtitle">{t('landing.hero.subtitle')}</p>
        <ClientOnly>
          <RestoredNote />
        </ClientOnly>
        <div className="button-row">
          {signedIn ? (
            <LocalLink className="btn btn-primary" to={paths.myGames.getHref()}>
              {t('landing.hero.my-games')}
            </LocalLink>
          ) : (
            <LocalLink className="btn btn-primary" to={paths.register.getHref()}>
              {t('landing.hero.register')}
            </LocalLink>
          )}
          <LocalLink className="btn btn-secondary" to={paths.tournaments.getHref()}>
            {t('landing.hero.browse')}
          </LocalLink>
        </div>
      </section>
      <Suspense fallback={<div className="live-figures-placeholder" />}>
        <LiveFigures />
      </Suspense>
      <section className="feature-grid">
        {features.map((feature) => (
          <LocalLink key={feature.to} to={feature.to} className="card feature-card">
            <h2>{feature.title}</h2>
            <p>{feature.body}</p>
          </LocalLink>
        ))}
      </section>
      <p className="muted alpha-note">{t('landing.alpha')}</p>
      <ClientOnly>
        <WelcomeNotice />
      </ClientOnly>
    </div>
  );
}
