import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { authEmailLanguage } from '@versus/domain/platform/constants';
import { connectFirestoreEmulator, disableNetwork, enableNetwork, getFirestore, terminate } from 'firebase/firestore';
import {
  CustomProvider,
  ReCaptchaEnterpriseProvider,
  getToken,
  initializeAppCheck,
  onTokenChanged,
  type AppCheck,
} from 'firebase/app-check';

export const useEmulators = import.meta.env.VITE_USE_EMULATORS !== 'false';

// A demo-* project id keeps the emulators from ever touching a real project.
export const firebaseApp = initializeApp({
  apiKey: import.meta.env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
  authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN ?? 'demo-versus.firebaseapp.com',
  projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-versus',
  // Analytics needs both; without them (as under the emulator) it never starts (lib/analytics).
  appId: import.meta.env.VITE_FIREBASE_APP_ID,
  measurementId: import.meta.env.VITE_FIREBASE_MEASUREMENT_ID,
});

export const auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });
// Firebase Auth's own e-mails (a password reset, an e-mail change) in the page's language: the SDK
// sends `languageCode` as X-Firebase-Locale. applyLocale sets <html lang> whenever it changes.
if (typeof document !== 'undefined') {
  const followPage = () => {
    auth.languageCode = authEmailLanguage(document.documentElement.lang);
  };
  followPage();
  new MutationObserver(followPage).observe(document.documentElement, { attributeFilter: ['lang'] });
}
export const db = getFirestore(firebaseApp);

/** Whether the page has ended its Firestore client: a listen on it would throw, so nothing listens again. */
let ended = false;
export const firestoreEnded = () => ended;
const endFirestore = () => {
  ended = true;
  return terminate(db);
};

// The prerenderer (entry-server.tsx) imports the pages but never listens: it has no window.
if (useEmulators && typeof window !== 'undefined') {
  const host = window.location.hostname === 'localhost' ? '127.0.0.1' : window.location.hostname;
  connectAuthEmulator(auth, `http://${host}:9099`, { disableWarnings: true });
  // Browsers reach the emulator through the stack's proxy (scripts/lib/firestore-browser-proxy.mjs),
  // which ends the listens of a session that has gone: the emulator itself never does.
  connectFirestoreEmulator(db, host, 8081);
  // The browser tests end each person's session with this before closing their browser, so its
  // listens end at once instead of when the proxy finds the session gone.
  (window as { versusTerminateFirestore?: () => Promise<void> }).versusTerminateFirestore = endFirestore;
}

/** How long a tab stays hidden before its listens are paused. */
export const PAUSE_HIDDEN_AFTER_MS = 5 * 60_000;

// Every change a listen delivers is a billed read, also in a tab nobody looks at. A tab hidden for
// five minutes goes offline; shown again, it listens again, and Firestore sends only what changed
// meanwhile (resume tokens). A page that is left (closed, or navigated away from, and not kept in
// the back-forward cache) ends its session, so its listens end at once (docs/decisions/0002).
if (typeof window !== 'undefined') {
  let pauseTimer: number | undefined;
  let paused = false;
  document.addEventListener('visibilitychange', () => {
    window.clearTimeout(pauseTimer);
    if (document.visibilityState === 'hidden') {
      pauseTimer = window.setTimeout(() => {
        paused = true;
        void disableNetwork(db);
      }, PAUSE_HIDDEN_AFTER_MS);
    } else if (paused) {
      paused = false;
      void enableNetwork(db);
    }
  });
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) void endFirestore();
  });
}

/**
 * Firebase App Check (issue #58): Firestore and the API accept only requests from this app. In
 * production reCAPTCHA Enterprise attests it (`VITE_RECAPTCHA_ENTERPRISE_SITE_KEY`); under the
 * emulators the debug token the build was given (`VITE_APP_CHECK_DEBUG_TOKEN`, set by `npm start`
 * and `npm test`) is exchanged at the App Check stand-in (scripts/app-check-stand-in.mjs), as the
 * debug provider exchanges one with Google. A production build without the site key stops
 * (web/vite.config.ts); under the emulators without a debug token there is no App Check, and only
 * an API that does not enforce it answers.
 */
function startAppCheck(): AppCheck | null {
  if (typeof window === 'undefined') return null;
  const debugToken = import.meta.env.VITE_APP_CHECK_DEBUG_TOKEN as string | undefined;
  if (useEmulators && debugToken) {
    const host = window.location.hostname === 'localhost' ? '127.0.0.1' : window.location.hostname;
    const app = firebaseApp.options.appId ?? 'versus-web';
    const exchange = async () => {
      const response = await fetch(
        `http://${host}:5012/v1/projects/${firebaseApp.options.projectId}/apps/${app}:exchangeDebugToken`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ debugToken }) },
      );
      if (!response.ok) throw new Error(`App Check stand-in answered ${response.status}`);
      const { token, ttl } = (await response.json()) as { token: string; ttl: string };
      return { token, expireTimeMillis: Date.now() + Number.parseInt(ttl, 10) * 1000 };
    };
    return initializeAppCheck(firebaseApp, {
      provider: new CustomProvider({ getToken: exchange }),
      isTokenAutoRefreshEnabled: true,
    });
  }
  const siteKey = import.meta.env.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY as string | undefined;
  if (!useEmulators && siteKey)
    return initializeAppCheck(firebaseApp, {
      provider: new ReCaptchaEnterpriseProvider(siteKey),
      isTokenAutoRefreshEnabled: true,
    });
  return null;
}
export const appCheck = startAppCheck();

/** The App Check token for an API call's `X-Firebase-AppCheck` header, or null without App Check. */
export async function appCheckToken(forceRefresh = false): Promise<string | null> {
  if (!appCheck) return null;
  return (await getToken(appCheck, forceRefresh)).token;
}

/** Each App Check token the app gets from now on (renewed before it expires); nothing without App Check. */
export function onAppCheckToken(listener: (token: string) => void): () => void {
  if (!appCheck) return () => {};
  return onTokenChanged(appCheck, ({ token }) => listener(token));
}

// The browser tests renew both tokens as an hour would, to see what a tab sends after it (lib/api).
if (useEmulators && typeof window !== 'undefined')
  (window as { versusRenewTokens?: () => Promise<{ id?: string; appCheck: string | null }> }).versusRenewTokens =
    async () => ({ id: await auth.currentUser?.getIdToken(true), appCheck: await appCheckToken(true) });
