import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { connectFirestoreEmulator, disableNetwork, enableNetwork, getFirestore, terminate } from 'firebase/firestore';

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
export const db = getFirestore(firebaseApp);

// The prerenderer (entry-server.tsx) imports the pages but never listens: it has no window.
if (useEmulators && typeof window !== 'undefined') {
  const host = window.location.hostname === 'localhost' ? '127.0.0.1' : window.location.hostname;
  connectAuthEmulator(auth, `http://${host}:9099`, { disableWarnings: true });
  // Browsers reach the emulator through the stack's proxy (scripts/lib/firestore-browser-proxy.mjs),
  // which ends the listens of a session that has gone: the emulator itself never does.
  connectFirestoreEmulator(db, host, 8081);
  // The browser tests end each person's session with this before closing their browser, so its
  // listens end at once instead of when the proxy finds the session gone.
  (window as { versusTerminateFirestore?: () => Promise<void> }).versusTerminateFirestore = () => terminate(db);
}

/** How long a tab stays hidden before its listens are paused. */
export const PAUSE_HIDDEN_AFTER_MS = 5 * 60_000;

// Every change a listen delivers is a billed read, also in a tab nobody looks at. A tab hidden for
// five minutes goes offline; shown again, it listens again, and Firestore sends only what changed
// meanwhile (resume tokens). A page that is left (closed, or navigated away from, and not kept in
// the back-forward cache) ends its session, so its listens end at once (docs/decisions/).
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
    if (!event.persisted) void terminate(db);
  });
}
