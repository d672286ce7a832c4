/** Business constants of SPEC §9 and DESIGN §5–§6. Durations are milliseconds. */
export const PRODUCT_NAME = 'Versus';

export const LOCALES = ['en-GB', 'en-US', 'fi-FI'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-GB';
/** Locales that appear as a URL prefix; the default has none. */
export const PREFIXED_LOCALES: readonly Locale[] = ['en-US', 'fi-FI'];
export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);
/** A page's path prefix in a language: none for en-GB (the site's default) or no language. */
export const localePrefix = (language: Locale | undefined) =>
  language && PREFIXED_LOCALES.includes(language) ? `/${language}` : '';
/**
 * The language Firebase Auth writes its own e-mails in (verification, password reset, e-mail
 * change): its `X-Firebase-Locale`, which the web SDK sends from `auth.languageCode`. Firebase's
 * templates are per language, so the language subtag ("fi", "en"; record 171).
 */
export const authEmailLanguage = (locale: string): string => locale.split('-')[0] || 'en';

export type Currency = 'USD' | 'EUR';
export const currencyForLocale = (locale: Locale): Currency => (locale === 'en-US' ? 'USD' : 'EUR');

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** The UTC calendar day of an instant, YYYY-MM-DD (creator earnings, grouped follow notices). */
export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** api_usage/{id}: a provider's calls on one UTC day against its daily budget (issue #58). */
export const apiUsageId = (api: string, at: number): string => `${api}_${utcDay(at)}`;
export const ACCOUNT_RESTORE_WINDOW_MS = 14 * DAY_MS;

export const DISPLAY_NAME_MIN = 5;
export const DISPLAY_NAME_MAX = 24;
export const NAME_MIN = 3;
export const NAME_MAX = 50;
/** The longest name a tournament search takes (GET /searchTournaments). */
export const TOURNAMENT_SEARCH_MAX = 75;
export const RESET_PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const SEARCH_PAGE_SIZE = 5;

export const IMAGE_MAX_BYTES = 10_485_760;
export const IMAGE_MAX_WIDTH = 1280;
/** SPEC §5 image upload: .jpg, .jpeg, .png, .gif — as content types and as a file-picker filter. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif';

export const AVATAR_PLACEHOLDER_COUNT = 8;
/** An uploaded avatar is square, at most this many pixels a side (scaled down by the server). */
export const AVATAR_MAX_SIDE = 512;
export const AVATAR_FOLDER = 'avatars';
/** Countries the product does not serve yet (SPEC §5). */
export const UNAVAILABLE_COUNTRIES = ['US', 'CA'] as const;

/** Presence (DESIGN §6): online = seen in the last 120 s (the web's heartbeat is every 60 s). */
export const ONLINE_WINDOW_MS = 120_000;

/**
 * A deactivation asks for the password again (record 116): the ID token's sign-in (`auth_time`)
 * must be this recent, which re-entering the password makes it.
 */
export const RECENT_SIGN_IN_MS = 5 * 60_000;
