/** localStorage keys shared by a feature and the app shell. */
export const TOURNAMENT_DRAFT_KEY = 'versus:tournamentDraft';
/** The visitor's analytics choice: 'granted' or 'denied'; absent until they choose. */
export const ANALYTICS_CONSENT_KEY = 'versus:analyticsConsent';
/**
 * A player is signed in in this browser (lib/session): removed before this browser signs out on
 * purpose (forgetSessionHere); a session that ends while it is there ended elsewhere.
 */
export const SIGNED_IN_KEY = 'versus:signedIn';
