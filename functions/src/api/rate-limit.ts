import type { NextFunction, Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../errors/http-error';

/**
 * Public searches the CDN in front (Firebase Hosting) may keep for a minute: a flood of the same
 * query reaches Firestore once a minute. Browsers keep nothing (a list changes as players act).
 */
export const PUBLIC_SEARCH_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';

/** The kinds of command a flood is limited by (issue #58). */
export type CommandClass =
  'signed' | 'coins' | 'uploads' | 'chat' | 'search' | 'register' | 'email' | 'export' | 'link' | 'calendar' | 'alerts';

interface Limit {
  /** Requests allowed per window, and the window in seconds. */
  points: number;
  seconds: number;
}

/**
 * Per class: for one signed-in player, and for one address (many players may share one behind a
 * NAT, so it is wider). Chosen well above what a person does through the app (a battle is four
 * coin commands; chat has its own 10-in-10-s rule per member, SPEC §9) and well below what a
 * script does. Register and e-mail sends have no player yet, or cost us an e-mail each.
 */
export const RATE_LIMITS: Record<CommandClass, { user?: Limit; address: Limit }> = {
  // Every signed-in request, beside its own class (authenticate): the commands no class names
  // (follows, a tournament's edits, invites, reports, typing, notices) cost reads and writes, and
  // some notify other players. Two a second for a minute is more than a person makes.
  signed: { user: { points: 120, seconds: 60 }, address: { points: 1200, seconds: 60 } },
  coins: { user: { points: 60, seconds: 60 }, address: { points: 300, seconds: 60 } },
  uploads: { user: { points: 20, seconds: 60 }, address: { points: 60, seconds: 60 } },
  chat: { user: { points: 40, seconds: 60 }, address: { points: 200, seconds: 60 } },
  search: { user: { points: 60, seconds: 60 }, address: { points: 120, seconds: 60 } },
  register: { address: { points: 10, seconds: 3600 } },
  email: { user: { points: 5, seconds: 3600 }, address: { points: 20, seconds: 3600 } },
  // A data archive's request (one a day is kept in Firestore) and its downloads, by link.
  export: { user: { points: 10, seconds: 3600 }, address: { points: 30, seconds: 3600 } },
  // A game account's sign-in (its start and its answer): a person signs in a few times.
  link: { user: { points: 20, seconds: 3600 }, address: { points: 60, seconds: 3600 } },
  // Calendar files and private feeds (issue #60), fetched by calendar apps every few hours: Google's
  // and Microsoft's fetch every subscriber's feed from a few shared addresses, hence the wide one.
  calendar: { user: { points: 30, seconds: 3600 }, address: { points: 3000, seconds: 3600 } },
  // A browser's push subscription, and an alert's off link (signed out, or a mail provider's one click
  // from its shared addresses, hence the wide one).
  alerts: { user: { points: 30, seconds: 3600 }, address: { points: 600, seconds: 3600 } },
};

/**
 * Every address is multiplied by this (`RATE_LIMIT_ADDRESS_FACTOR`): locally every caller, the
 * tests' thousands of players included, comes from 127.0.0.1.
 */
const addressFactor = (): number => Number(process.env.RATE_LIMIT_ADDRESS_FACTOR ?? 1) || 1;

const limiters = new Map<string, RateLimiterMemory>();
function limiter(name: string, limit: Limit): RateLimiterMemory {
  const key = `${name}:${limit.points}/${limit.seconds}`;
  let found = limiters.get(key);
  if (!found) {
    found = new RateLimiterMemory({ keyPrefix: key, points: limit.points, duration: limit.seconds });
    limiters.set(key, found);
  }
  return found;
}

/** Consumes one point; answers the seconds to wait when there is none left. */
async function spend(key: string, limit: Limit, who: string): Promise<number | null> {
  try {
    await limiter(key, limit).consume(who);
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal;
  }
}

/**
 * One client's address: an IPv4 address as it is, an IPv6 one by its /64 (a home or a phone gets a
 * whole /64, and could otherwise take a fresh address for every request).
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `Too many requests. Try again in ${retryAfterSeconds} s.`, 'too-many-requests', undefined, {
    retryAfter: retryAfterSeconds,
  });

/**
 * Limits a route by its class, for the caller's address and, once the ID token has passed (place
 * it after requireUser or requireActiveUserBeside), for the player. Over a limit the answer is
 * 429 with `Retry-After`, before any Firestore read, and nothing is written. The counts live in
 * this instance's memory: see docs/decisions/0010-rate-limits.md for what that holds across many instances.
 */
export function rateLimit(kind: CommandClass) {
  const factor = addressFactor();
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    await spendOrRefuse(kind, factor, req, res);
    next();
  };
}

/**
 * The `signed` class, for every request whose ID token has just passed (api/authenticate), before
 * anything else of the route runs.
 */
export const limitSigned = (req: Request, res: Response): Promise<void> =>
  spendOrRefuse('signed', addressFactor(), req, res);

/**
 * The player's point first, and the address's only for a request the player's limit let through:
 * one token's flood, refused, does not use up the allowance of everyone behind its address (a
 * school's or a LAN party's one address; record 194).
 */
async function spendOrRefuse(kind: CommandClass, factor: number, req: Request, res: Response): Promise<void> {
  const { user, address } = RATE_LIMITS[kind];
  const wait =
    (user && req.user?.uid ? await spend(`${kind}:user`, user, req.user.uid) : null) ??
    (await spend(`${kind}:address`, { points: address.points * factor, seconds: address.seconds }, addressKey(req.ip)));
  if (wait !== null) {
    res.setHeader('Retry-After', String(wait));
    throw tooManyRequests(wait);
  }
}
