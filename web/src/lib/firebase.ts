import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, terminate } from 'firebase/firestore';

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
  connectFirestoreEmulator(db, host, 8080);
  // The browser tests end each person's session with this before closing their browser: the
  // Firestore emulator keeps the listens of a client that simply vanishes, and every later write
  // to a listened collection is matched against them (docs/decisions.md, issue #19).
  (window as { versusTerminateFirestore?: () => Promise<void> }).versusTerminateFirestore = () => terminate(db);
}
