import type { User } from 'firebase/auth';
import { useEffect } from 'react';
import { EMAIL_VERIFIED_POLL_MS, PRESENCE_HEARTBEAT_MS, beatDue } from '../timings';
import { PRESENCE_DOC } from '@versus/domain/users/presence';
import type { PrivateAccount, PublicProfile } from '@versus/domain/users/types';
import { clientEnded, loadFirebase, subscribeWithFirebase } from '../firebase-lazy';
import { SIGNED_OUT_FLAG, forgetSessionHere, useSession } from './session-store';
import { SIGNED_IN_KEY } from '../storage-keys';
import { apiRequest } from '../api';

const toSessionUser = async (user: User) => {
  let token = await user.getIdTokenResult();
  // Verified since this token was made (in another tab, or from the mail before a reload): Auth's
  // user says so, but the API and the rules read the token's claim, so a fresh one is fetched.
  // Without it the page enabled Join and the API still refused it until the next sign-in.
  if (user.emailVerified && token.claims.email_verified !== true) token = await user.getIdTokenResult(true);
  return { uid: user.uid, email: user.email, emailVerified: user.emailVerified, admin: token.claims.admin === true };
};

/** Re-reads the Auth user so a verification done elsewhere shows without logging out and in. */
export async function refreshAuthUser(): Promise<void> {
  const { auth } = await loadFirebase();
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
      subscribeWithFirebase(({ auth, onIdTokenChanged }) =>
        onIdTokenChanged(auth, (user) => {
          if (!user) {
            if (localStorage.getItem(SIGNED_IN_KEY)) sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
            forgetSessionHere();
            useSession.getState().setUser(null);
            return;
          }
          localStorage.setItem(SIGNED_IN_KEY, '1');
          sessionStorage.removeItem(SIGNED_OUT_FLAG);
          toSessionUser(user).then(
            (sessionUser) => useSession.getState().setUser(sessionUser),
            (error: unknown) => console.warn('could not read the auth token', error),
          );
        }),
      ),
    [],
  );

  useEffect(() => {
    if (!uid) return;
    const { setProfile, setAccount } = useSession.getState();
    // An ended client (a page being left) keeps what the session showed.
    const onError = (error: Error) => {
      if (!clientEnded(error)) console.warn('live session read failed', error);
    };
    const onProfileError = (error: Error) => {
      onError(error);
      if (!clientEnded(error)) setProfile(null);
    };
    return subscribeWithFirebase(({ db, doc, onSnapshot }) => {
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
    });
  }, [uid]);

  // After an e-mail change (or its undo) Auth holds the new address: the account copies it (API).
  const authEmail = useSession((state) => state.user?.email);
  const accountEmail = useSession((state) => state.account?.email);
  useEffect(() => {
    if (!uid || !authEmail || accountEmail === undefined || accountEmail === authEmail) return;
    apiRequest('/profile/syncEmail', { method: 'POST' }).catch((error: unknown) =>
      console.warn('could not update the account e-mail', error),
    );
  }, [uid, authEmail, accountEmail]);

  // Presence: a document of its own, which the owner may only move forward (firestore.rules). On the
  // profile, every beat would be a read for each listener of the profile, the owner's own session
  // first (docs/decisions/0093).
  useEffect(() => {
    if (!uid) return;
    return subscribeWithFirebase(({ db, doc, setDoc }) => {
      // A tab shown again within half a heartbeat of its last beat writes none (a player switching
      // between the game and the site would write one more each time).
      let last: number | null = null;
      const beat = () => {
        const now = Date.now();
        if (document.visibilityState !== 'visible' || !beatDue(now, last)) return;
        last = now;
        setDoc(doc(db, 'users', uid, 'presence', PRESENCE_DOC), { lastSeen: now }).catch((error: unknown) =>
          console.warn('presence heartbeat failed', error),
        );
      };
      beat();
      const timer = window.setInterval(beat, PRESENCE_HEARTBEAT_MS);
      document.addEventListener('visibilitychange', beat);
      return () => {
        window.clearInterval(timer);
        document.removeEventListener('visibilitychange', beat);
      };
    });
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
