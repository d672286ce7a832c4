import type { TFunction } from 'i18next';
import type { AlertKind } from '@versus/domain/alerts/alerts';
import { gameNameOf } from '@versus/domain/games/games';
import {
  alertEditedFieldsEnGB,
  alertEditedFieldsFiFI,
  alertKindsEnGB,
  alertKindsFiFI,
  alertRoundsEnGB,
  alertRoundsFiFI,
  tournamentInRound,
  alertLinesEnGB,
  alertLinesFiFI,
  alertLineVariant,
  noShowBanEnGB,
  noShowBanFiFI,
  placeText,
} from '@versus/domain/notifications/alert-lines';
import { alertMinutes } from '@versus/domain/notifications/alert-minutes';
import type { AppNotification } from '@versus/domain/notifications/types';
import type { Locale } from '@versus/domain/platform/constants';
import { MIN_PARTICIPANTS } from '@versus/domain/tournaments/tournament';
import { editMovedTo, editedBesides } from '@versus/domain/notifications/edits';
import { serverTexts, textLanguage } from '../platform/server-texts';

/**
 * What an alert off the site says (issue #60), in the player's language: a title per kind, and a
 * line per notification that is also an alert, the web app's own wording (domain's alert-lines.ts,
 * which both catalogues take). i18next does the interpolation and the choice of language, as on the web.
 */
const enGB = {
  kind: alertKindsEnGB,
  // A kind's own title where one of its notifications is not what the kind's name says.
  title: {
    hostShare: 'Host share paid',
    matchesDecided: 'Your matches were decided',
    dropped: 'Your place in a tournament was given up',
  },
  line: alertLinesEnGB,
  round: alertRoundsEnGB,
  edited: alertEditedFieldsEnGB,
  banned: noShowBanEnGB,
  mail: {
    open: 'Open in Versus',
    why: 'You get this e-mail because e-mail alerts for “{{kind}}” are on in your Versus settings.',
    off: 'Turn off these e-mails',
    settings: 'Choose your alerts',
  },
  push: { checkIn: 'Check in', off: 'Turn these off' },
  discord: {
    hello: 'Versus will post {{tournament}} here: its start, each round, each result and the final standings.',
    'hello-points': 'Versus will post {{tournament}} here: its start and its final standings.',
    start: '🏁 **{{tournament}}** has started with {{count}} entrants. Round 1 is on.',
    'start-points': '🏁 **{{tournament}}** has started with {{count}} entrants: they may now send their points.',
    'start-stage': {
      'semi-final': '🏁 **{{tournament}}** has started with {{count}} entrants. The semi-finals are on.',
      'winners-round': '🏁 **{{tournament}}** has started with {{count}} entrants. Winners round {{round}} is on.',
    },
    round: 'Round {{round}} of **{{tournament}}** is complete.',
    // An elimination bracket's rounds by the names its page gives them (domain's roundLabel).
    stage: {
      'winners-round': 'Winners round {{round}} of **{{tournament}}** is complete.',
      'losers-round': 'Losers round {{round}} of **{{tournament}}** is complete.',
      'semi-final': 'The semi-finals of **{{tournament}}** are complete.',
      final: 'The final of **{{tournament}}** is complete.',
      'winners-final': 'The winners final of **{{tournament}}** is complete.',
      'losers-final': 'The losers final of **{{tournament}}** is complete.',
      'grand-final': 'The grand final of **{{tournament}}** is complete.',
      reset: 'The grand final reset of **{{tournament}}** is complete.',
    },
    result: '{{tournament}}: **{{winner}}** beat {{loser}}.',
    'result-score': '{{tournament}}: **{{winner}}** beat {{loser}} {{score}}.',
    'no-show': '{{tournament}}: **{{winner}}** wins, {{loser}} did not check in.',
    'no-show-seed':
      '{{tournament}}: neither {{winner}} nor {{loser}} checked in; **{{winner}}**, the higher seed, wins.',
    'both-out': '{{tournament}}: neither {{first}} nor {{second}} checked in, and both forfeit.',
    finish: '🏆 **{{tournament}}** is finished. Final standings:',
    place: '{{place}}. {{name}}',
    'place-coins': '{{place}}. {{name}}: {{coins}} coins',
    link: 'Bracket: {{url}}',
    'link-points': 'Standings: {{url}}',
  },
};
type Catalogue = typeof enGB;

const fiFI: Catalogue = {
  kind: alertKindsFiFI,
  title: {
    hostShare: 'Järjestäjän osuus maksettu',
    matchesDecided: 'Ottelusi ratkaistiin',
    dropped: 'Paikkasi turnauksessa vapautui',
  },
  line: alertLinesFiFI,
  round: alertRoundsFiFI,
  edited: alertEditedFieldsFiFI,
  banned: noShowBanFiFI,
  mail: {
    open: 'Avaa Versuksessa',
    why: 'Saat tämän viestin, koska sähköposti-ilmoitukset aiheesta ”{{kind}}” ovat päällä Versuksen asetuksissasi.',
    off: 'Lopeta nämä viestit',
    settings: 'Valitse ilmoituksesi',
  },
  push: { checkIn: 'Ilmoittaudu paikalle', off: 'Lopeta nämä' },
  discord: {
    hello:
      'Versus julkaisee turnauksen {{tournament}} tapahtumat täällä: alun, jokaisen kierroksen, jokaisen tuloksen ja lopputulokset.',
    'hello-points': 'Versus julkaisee turnauksen {{tournament}} tapahtumat täällä: alun ja lopputulokset.',
    'start-points': '🏁 **{{tournament}}** alkoi, mukana {{count}} osallistujaa: pisteitä voi nyt lähettää.',
    start: '🏁 **{{tournament}}** alkoi, mukana {{count}} osallistujaa. Kierros 1 on käynnissä.',
    'start-stage': {
      'semi-final': '🏁 **{{tournament}}** alkoi, mukana {{count}} osallistujaa. Välierät ovat käynnissä.',
      'winners-round':
        '🏁 **{{tournament}}** alkoi, mukana {{count}} osallistujaa. Voittajien kaavion kierros {{round}} on käynnissä.',
    },
    round: 'Kierros {{round}} on pelattu turnauksessa **{{tournament}}**.',
    stage: {
      'winners-round': 'Voittajien kaavion kierros {{round}} on pelattu turnauksessa **{{tournament}}**.',
      'losers-round': 'Häviäjien kaavion kierros {{round}} on pelattu turnauksessa **{{tournament}}**.',
      'semi-final': 'Välierät on pelattu turnauksessa **{{tournament}}**.',
      final: 'Finaali on pelattu turnauksessa **{{tournament}}**.',
      'winners-final': 'Voittajien finaali on pelattu turnauksessa **{{tournament}}**.',
      'losers-final': 'Häviäjien finaali on pelattu turnauksessa **{{tournament}}**.',
      'grand-final': 'Suurfinaali on pelattu turnauksessa **{{tournament}}**.',
      reset: 'Suurfinaalin uusinta on pelattu turnauksessa **{{tournament}}**.',
    },
    result: '{{tournament}}: **{{winner}}** voitti, vastassa {{loser}}.',
    'result-score': '{{tournament}}: **{{winner}}** voitti {{score}}, vastassa {{loser}}.',
    'no-show': '{{tournament}}: **{{winner}}** voitti, koska {{loser}} ei ilmoittautunut paikalle.',
    'no-show-seed':
      '{{tournament}}: {{winner}} ja {{loser}} eivät ilmoittautuneet paikalle; **{{winner}}** voittaa korkeammalle sijoitettuna.',
    'both-out': '{{tournament}}: {{first}} ja {{second}} eivät ilmoittautuneet paikalle, joten molemmat luovuttivat.',
    finish: '🏆 **{{tournament}}** on päättynyt. Lopputulokset:',
    place: '{{place}}. {{name}}',
    'place-coins': '{{place}}. {{name}}: {{coins}} kolikkoa',
    link: 'Kaavio: {{url}}',
    'link-points': 'Sijoitukset: {{url}}',
  },
};

/** An alert's texts in the player's language; the minutes its lines name come from the rules that time them. */
export const alertTexts: (language: Locale | undefined) => TFunction = serverTexts(
  { 'en-GB': enGB, 'fi-FI': fiFI },
  alertMinutes,
);

/**
 * A moved start as an alert says it: the date and time in the tournament's time zone with the
 * zone's short name ("24 Dec 2026, 17:30 (EET)"); UTC for a notice from before it carried its zone.
 */
export function startText(language: Locale, start: number | null, timeZone: string | undefined): string {
  if (!start) return '';
  const zone = timeZone ?? 'UTC';
  const at = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
    start,
  );
  const name = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(start)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${at} (${name})` : at;
}

/** The line's key: its type with its variant (alertLineVariant, as the web app reads it). */
const lineKey = (content: Omit<AppNotification, 'uid' | 'viewed' | 'createdAt'>, uid: string) =>
  `line.${content.type}${alertLineVariant(content, uid) ?? ''}`;

/** An alert's title and line in the player's language (the app's default for none or another). */
export function describeAlert(
  language: Locale | undefined,
  kind: AlertKind,
  content: Omit<AppNotification, 'uid' | 'viewed' | 'createdAt'>,
  uid: string,
) {
  const t = alertTexts(language);
  const setting = t(`kind.${kind}`);
  const described = {
    // The host's share comes under the prizes' kind, but it is no prize.
    // Several matches one check-in's close decided alike are one alert (record 177): its title says so.
    // A place given up for a missed check-in comes under the cancellations' kind, but the tournament
    // goes on without the player: its title says so.
    title:
      content.type === 'ADMIN_TOURNAMENT_PAYOUT_RECEIVED'
        ? t('title.hostShare')
        : (content.matches ?? 1) > 1
          ? t('title.matchesDecided')
          : content.type === 'TOURNAMENT_CANCELLED' && content.reasoning === 'not-checked-in'
            ? t('title.dropped')
            : setting,
    // The Settings row that turns it off, which an e-mail names (a host's share is under "Prize paid").
    setting,
    line: t(lineKey(content, uid), {
      tournament: tournamentInRound(
        content.tournament?.name ?? '',
        content.matchRound ? t(`round.${content.matchRound.stage}`, { number: content.matchRound.number }) : null,
      ),
      user: content.opponent?.displayName ?? content.users?.[0]?.displayName ?? '',
      payout: content.payout ?? 0,
      // "1st" in English, "1." in Finnish.
      place: placeText(textLanguage(language), content.place ?? 0),
      placeTo: placeText(textLanguage(language), content.placeTo ?? 0),
      minutes: String(content.minutes ?? 0),
      // How many matches one check-in's close decided alike (TOURNAMENT_MATCH_NO_SHOW's `_many`).
      matches: String(content.matches ?? 0),
      winner: content.winner?.displayName ?? '',
      // A challenge's game (its line names none for "Other games").
      game: gameNameOf(content.game) ?? '',
      // The host's reasoning for a decision (ADMIN_CHANGE_MATCH_WINNER_reasoned).
      reasoning: content.reasoning ?? '',
      players: (content.users ?? []).map((user) => user.displayName),
      // A cancellation's: the host's words to the players, and the fewest entrants a start needs.
      note: content.note ?? '',
      min: String(MIN_PARTICIPANTS),
      // A moved start's (record 183): what else changed, listed as the language lists, and the new
      // start in the tournament's time zone, named (an e-mail does not know the reader's).
      changed: new Intl.ListFormat(textLanguage(language), { type: 'conjunction' }).format(
        editedBesides(content).map((field) => t(`edited.${field}`)),
      ),
      start: startText(textLanguage(language), editMovedTo(content), content.timeZone),
    }),
  };
  // A no-show that brought a ban says until when, named in UTC: an e-mail does not know the reader's
  // zone, and a no-show's notice carries no tournament's.
  if (!content.bannedUntil) return described;
  const until = startText(textLanguage(language), content.bannedUntil, content.timeZone);
  return { ...described, line: `${described.line} ${t('banned', { until })}` };
}
