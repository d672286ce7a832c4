import { create } from 'zustand';
import type { PrivateAccount, PublicProfile } from '@versus/domain/users/types';
import { SIGNED_IN_KEY } from '../storage-keys';

export interface SessionUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  admin: boolean;
}

type Status = 'loading' | 'signed-out' | 'signed-in';

interface SessionState {
  status: Status;
  user: SessionUser | null;
  profile: PublicProfile | null;
  account: PrivateAccount | null;
  /** True once the profile document answered (it may not exist). */
  profileLoaded: boolean;
  /** Where a guest-only page sends the user once signed in (e.g. register → check your mail). */
  redirectAfterAuth: string | null;
  setRedirectAfterAuth: (path: string | null) => void;
  setUser: (user: SessionUser | null) => void;
  setProfile: (profile: PublicProfile | null) => void;
  setAccount: (account: PrivateAccount | null) => void;
  reset: () => void;
}

/** The signed-in user and their own two documents, kept live by SessionListener. */
/** Set by a restore on the account-deactivated page; the landing says the account is back, once. */
export const ACCOUNT_RESTORED_FLAG = 'accountRestored';
/**
 * A session that ended while SIGNED_IN_KEY was there ended elsewhere (a password or an e-mail
 * changed on another device): the listener sets this in sessionStorage, and the login page says so,
 * once (the phone of walk AK read only "Log in").
 */
export const SIGNED_OUT_FLAG = 'signedOutElsewhere';
/** Before this browser ends its own session (Log out, a new address, a reset): no notice of it. */
export const forgetSessionHere = () => localStorage.removeItem(SIGNED_IN_KEY);

export const useSession = create<SessionState>((set) => ({
  status: 'loading',
  user: null,
  profile: null,
  account: null,
  profileLoaded: false,
  redirectAfterAuth: null,
  setRedirectAfterAuth: (redirectAfterAuth) => set({ redirectAfterAuth }),
  setUser: (user) =>
    set((state) => {
      if (!user) return { user: null, profile: null, account: null, profileLoaded: false, status: 'signed-out' };
      const sameUser = state.user?.uid === user.uid;
      return sameUser
        ? { user, status: 'signed-in' }
        : { user, status: 'signed-in', profile: null, account: null, profileLoaded: false };
    }),
  setProfile: (profile) => set({ profile, profileLoaded: true }),
  setAccount: (account) => set({ account }),
  reset: () =>
    set({
      user: null,
      profile: null,
      account: null,
      profileLoaded: false,
      redirectAfterAuth: null,
      status: 'signed-out',
    }),
}));

/** Profile documents load just after sign-in; until then the user is known but not yet readable. */
export const useSessionReady = () =>
  useSession((state) => state.status === 'signed-out' || (state.status === 'signed-in' && state.profileLoaded));
