/** localStorage keys shared by a feature and the app shell. */
export const TOURNAMENT_DRAFT_KEY = 'versus:tournamentDraft';
/** The visitor's analytics choice: 'granted' or 'denied'; absent until they choose. */
export const ANALYTICS_CONSENT_KEY = 'versus:analyticsConsent';
