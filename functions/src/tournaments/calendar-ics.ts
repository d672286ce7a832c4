import ical, { type ICalCalendar } from 'ical-generator';
import { sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { HOUR_MS, localePrefix, type Locale } from '@versus/domain/platform/constants';
import { estimateHours, structurePreview } from '@versus/domain/tournaments/formats';
import { serverTexts } from '../platform/server-texts';

/**
 * iCalendar files (RFC 5545) by ical-generator (issue #60): a tournament's "Add to calendar" file and
 * a player's private feed. Folded by octets, so a Finnish name stays within 75 octets a line. Their
 * links open the site in the player's language, and a match's one line of ours is in it too; the
 * rest is the host's and the players' own words (names, description).
 */

/** A ready match's one line of ours in a player's feed: what to do on its page. */
const calendarTexts = serverTexts({
  'en-GB': {
    match: 'Play your match and report the result on its page: {{url}}',
    'match-check-in': 'Check in before this event ends, then play and report the result: {{url}}',
  },
  'fi-FI': {
    match: 'Pelaa ottelusi ja ilmoita tulos sen sivulla: {{url}}',
    'match-check-in': 'Ilmoittaudu paikalle ennen tämän tapahtuman loppua, pelaa sitten ja ilmoita tulos: {{url}}',
  },
});

/** How long a points table's event lasts in a calendar (its rounds are played when the players like). */
export const TOURNAMENT_EVENT_MS = 2 * HOUR_MS;

/**
 * A bracket's event lasts as long as the wizard said it would ("about 3 hours": its rounds one after
 * another, their series and check-ins); it lasted two hours whatever the bracket (walk AH).
 */
function eventMs(tournament: CalendarTournament): number {
  if (!tournament.bracket || tournament.bracket === 'POINTS' || !tournament.size) return TOURNAMENT_EVENT_MS;
  const { estimateMs } = structurePreview(
    tournament.bracket,
    tournament.size,
    tournament.grandFinalReset ?? true,
    tournament.swissRounds ?? null,
    tournament,
  );
  return estimateHours(estimateMs) * HOUR_MS;
}

export function newCalendar(name: string): ICalCalendar {
  return ical({ name, prodId: { company: 'Versus', product: 'Tournaments', language: 'EN' } });
}

type CalendarTournament = Pick<Tournament, 'id' | 'name' | 'description' | 'startTime' | 'participants'> &
  Partial<
    Pick<
      Tournament,
      'created' | 'bracket' | 'size' | 'grandFinalReset' | 'swissRounds' | 'bestOf' | 'finalBestOf' | 'checkInMinutes'
    >
  >;

export function addTournament(
  calendar: ICalCalendar,
  tournament: CalendarTournament,
  origin: string,
  language: Locale | undefined,
): void {
  const url = `${origin}${localePrefix(language)}/tournaments/${tournament.id}`;
  calendar.createEvent({
    id: `${tournament.id}@versus`,
    stamp: new Date(tournament.created ?? tournament.startTime),
    start: new Date(tournament.startTime),
    end: new Date(tournament.startTime + eventMs(tournament)),
    summary: tournament.name,
    description: `${tournament.description}\n${url}`,
    url,
  });
}

/** How long a match's event lasts, per game of its series, when no check-in closes it sooner. */
export const MATCH_GAME_MS = HOUR_MS;

/**
 * A ready match: from when it became ready to its check-in's close; else for an hour a game of its
 * series, within its report window. That window (a day by default) is no time to play: as the event's
 * end, it blocked the player's whole day (record 183).
 */
export function addMatch(
  calendar: ICalCalendar,
  tournament: CalendarTournament,
  match: TournamentMatch & { id: string },
  origin: string,
  language: Locale | undefined,
): void {
  const name = (id: string) => tournament.participants.find((entrant) => entrant.id === id)?.displayName ?? '?';
  const [first, second] = sidesOf(match);
  const start = match.readyAt ?? Date.now();
  const reportBy = match.deadline ?? match.pausedDeadline ?? Infinity;
  const end = match.checkInCloses ?? Math.min(reportBy, start + (match.bestOf ?? 1) * MATCH_GAME_MS);
  const url = `${origin}${localePrefix(language)}/tournaments/${tournament.id}#current-match`;
  const what = match.checkInCloses ? 'match-check-in' : 'match';
  calendar.createEvent({
    id: `${tournament.id}-${match.id}@versus`,
    stamp: new Date(match.updatedAt),
    start: new Date(start),
    end: new Date(Math.max(end, start + 60_000)),
    summary: `${tournament.name}: ${name(first!)} – ${name(second!)}`,
    description: calendarTexts(language)(what, { url }),
    url,
  });
}
