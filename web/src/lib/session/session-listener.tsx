import { onIdTokenChanged, type User } from 'firebase/auth';
import { doc, onSnapshot } from 'firebase/firestore';
import { useEffect } from 'react';
import { EMAIL_VERIFIED_POLL_MS } from '@versus/domain/platform/constants';
import type { PrivateAccount, PublicProfile } from '@versus/domain/users/types';
import { auth, db } from '../firebase';
import { useSession } from './session-store';

const toSessionUser = async (user: User) => {
  const token = await user.getIdTokenResult();
  return { uid: user.uid, email: user.email, emailVerified: user.emailVerified, admin: token.claims.admin === true };
};

/** Re-reads the Auth user so a verification done elsewhere shows without logging out and in. */
export async function refreshAuthUser(): Promise<void> {
  const user = auth.currentUser;
  if (!user) return;
  await user.reload();
  // A fresh token carries email_verified for the API and the security rules.
  await user.getIdToken(true);
  useSession.getState().setUser(await toSessionUser(user));
}

/** Mounted once at the root: Auth state → store, and live profile + account documents. */
export function SessionListener() {
  const uid = useSession((state) => state.user?.uid);
  const emailVerified = useSession((state) => state.user?.emailVerified);

  useEffect(
    () =>
      onIdTokenChanged(auth, (user) => {
        if (!user) {
          useSession.getState().setUser(null);
          return;
        }
        toSessionUser(user).then(
          (sessionUser) => useSession.getState().setUser(sessionUser),
          (error: unknown) => console.warn('could not read the auth token', error),
        );
      }),
    [],
  );

  useEffect(() => {
    if (!uid) return;
    const { setProfile, setAccount } = useSession.getState();
    const onError = (error: Error) => console.warn('live session read failed', error);
    const onProfileError = (error: Error) => {
      onError(error);
      setProfile(null);
    };
    const stopProfile = onSnapshot(
      doc(db, 'users', uid),
      (snapshot) => setProfile(snapshot.exists() ? (snapshot.data() as PublicProfile) : null),
      onProfileError,
    );
    const stopAccount = onSnapshot(
      doc(db, 'users', uid, 'private', 'account'),
      (snapshot) => setAccount(snapshot.exists() ? (snapshot.data() as PrivateAccount) : null),
      onError,
    );
    return () => {
      stopProfile();
      stopAccount();
    };
  }, [uid]);

  // Until verified, look again when the tab regains focus and every 30 s.
  useEffect(() => {
    if (!uid || emailVerified) return;
    const check = () => {
      if (document.visibilityState === 'visible') void refreshAuthUser();
    };
    const timer = window.setInterval(check, EMAIL_VERIFIED_POLL_MS);
    window.addEventListener('focus', check);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, [uid, emailVerified]);

  return null;
}
