import { apiRequest } from '../api';
import { loadFirebase } from '../firebase-lazy';
import { forgetSessionHere, useSession } from './session-store';
import { disablePush } from '../push-device';

export async function login(email: string, password: string): Promise<void> {
  const { auth, signInWithEmailAndPassword } = await loadFirebase();
  await signInWithEmailAndPassword(auth, email.trim(), password);
}

/** Logout signs out and resets the local store (SPEC §7); the caller navigates to login. */
export async function logout(): Promise<void> {
  const { auth, signOut } = await loadFirebase();
  // This browser's pushes were the player's: the next person here must not get them (issue #60).
  await disablePush().catch(() => undefined);
  forgetSessionHere();
  await signOut(auth);
  useSession.getState().reset();
}

/** Firebase Auth's e-mail, in the language the page is in (`<html lang>`, set by applyLocale). */
export async function resendEmailVerification(): Promise<void> {
  await apiRequest('/profile/resendEmailVerification', {
    method: 'POST',
    body: { locale: document.documentElement.lang },
  });
}
