import { create } from 'zustand';
import { ANALYTICS_CONSENT_KEY } from './storage-keys';

/**
 * Analytics with consent (SPEC §7 "an analytics service is initialised"; EU rules): Firebase
 * Analytics loads only after the visitor accepts, never under the emulator or without a
 * measurement id, and then records a page view per route. The choice can be changed from the
 * footer; declining after accepting stops collection at once.
 */
export type Consent = 'granted' | 'denied' | null;
/** What analytics is doing, on <html data-analytics> for tests and the curious; `off`: emulator, no measurement id or an unsupported browser. */
export type AnalyticsState = 'awaiting-consent' | 'declined' | 'off' | 'starting' | 'on';

const readConsent = (): Consent => {
  // The prerenderer has no storage: no choice yet (the banner renders only in the browser).
  if (typeof localStorage === 'undefined') return null;
  const value = localStorage.getItem(ANALYTICS_CONSENT_KEY);
  return value === 'granted' || value === 'denied' ? value : null;
};

interface AnalyticsStore {
  consent: Consent;
  state: AnalyticsState;
  choose: (consent: Consent) => void;
}

let analytics: { log: (path: string) => void; collect: (on: boolean) => void } | null = null;
let loading: Promise<void> | null = null;
/** Known after the first load: analytics cannot run here (emulator, no measurement id, browser). */
let unavailable = false;

async function load(): Promise<void> {
  const { firebaseApp, useEmulators } = await import('./firebase');
  // Never under the emulator, nor without a measurement id: the SDK is not even fetched.
  const sdk = useEmulators || !firebaseApp.options.measurementId ? null : await import('firebase/analytics');
  if (!sdk || !(await sdk.isSupported())) {
    unavailable = true;
    if (useAnalytics.getState().consent === 'granted') useAnalytics.setState({ state: 'off' });
    return;
  }
  const instance = sdk.getAnalytics(firebaseApp);
  analytics = {
    log: (path) => sdk.logEvent(instance, 'page_view', { page_path: path, page_location: window.location.href }),
    collect: (on) => sdk.setAnalyticsCollectionEnabled(instance, on),
  };
  // The visitor may have declined while it loaded.
  enable(useAnalytics.getState().consent === 'granted');
}

/** Collection on or off; the first time on loads Firebase Analytics. */
function enable(on: boolean): void {
  if (analytics) {
    analytics.collect(on);
    if (on) {
      useAnalytics.setState({ state: 'on' });
      analytics.log(window.location.pathname);
    }
    return;
  }
  if (on)
    loading ??= load().catch((error: unknown) => {
      console.warn('analytics could not start', error);
      loading = null;
    });
}

const stateFor = (consent: Consent): AnalyticsState =>
  consent === 'granted' ? 'starting' : consent === 'denied' ? 'declined' : 'awaiting-consent';

export const useAnalytics = create<AnalyticsStore>()((set) => ({
  consent: readConsent(),
  state: stateFor(readConsent()),
  choose: (consent) => {
    if (consent) localStorage.setItem(ANALYTICS_CONSENT_KEY, consent);
    else localStorage.removeItem(ANALYTICS_CONSENT_KEY);
    // Where analytics cannot run, consent changes nothing: say so once it is known.
    set({ consent, state: unavailable && consent === 'granted' ? 'off' : stateFor(consent) });
    enable(consent === 'granted');
  },
}));

/** Starts analytics at load when the visitor accepted earlier. */
export const resumeAnalytics = () => enable(useAnalytics.getState().consent === 'granted');

/** One page view per route, only while analytics is on. */
export const trackPageView = (path: string) => {
  if (useAnalytics.getState().state === 'on') analytics?.log(path);
};

if (typeof document !== 'undefined') {
  useAnalytics.subscribe(({ state }) => {
    document.documentElement.dataset.analytics = state;
  });
  document.documentElement.dataset.analytics = useAnalytics.getState().state;
}
