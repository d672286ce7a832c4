/** localStorage keys shared by a feature and the app shell. */
export const TOURNAMENT_DRAFT_KEY = 'versus:tournamentDraft';
