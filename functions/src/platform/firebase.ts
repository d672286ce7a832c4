import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

const app = getApps()[0] ?? initializeApp();

export const db = getFirestore(app);
export const auth = getAuth(app);

/**
 * Firebase's demo projects (`demo-*`) exist only on the emulators, so a function serving one is
 * running locally: under the Functions emulator (`npm start`) or the one-process host of tests and
 * benchmarks (scripts/lib/api-host.mjs). Local-only routes and the local blob store key on this.
 */
export const isLocalPlatform = (): boolean =>
  (process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? '').startsWith('demo-');
