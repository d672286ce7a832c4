import { displayNameSkeleton, displayNameSkeletons } from '@versus/domain/users/display-name-skeleton';

/** Words that read as the platform's own voice in a chat, a challenge or a leaderboard. */
const WORDS = ['admin', 'administrator', 'moderator', 'mod', 'staff', 'support', 'help', 'helpdesk', 'official'];
const WORDS_ALONE = ['versus', 'system', 'root', 'security'];

/** The skeletons of every reserved name: a word alone, or beside "Versus" ("VersusSupport", "Admin_Versus"). */
const RESERVED = new Set(
  [...WORDS_ALONE, ...WORDS.flatMap((word) => [word, `versus${word}`, `${word}versus`])].map(displayNameSkeleton),
);

/**
 * Whether a player may not register `displayName` (walk AF, record 190: anyone could be "admin"):
 * a reserved name, read as uniqueness reads names (its look-alikes and case too: "ADMIN", Cyrillic
 * "аdmin"), with the separators a name may hold (`_`, `.`, `-`) left out. Only POST /auth/register
 * asks: the seed's staff accounts ("VersusAdmin") register through the service. Answered as a taken
 * name, before any read.
 */
export const isReservedName = (displayName: string): boolean =>
  displayNameSkeletons(displayName.replace(/[_.-]/g, '')).some((skeleton) => RESERVED.has(skeleton));
