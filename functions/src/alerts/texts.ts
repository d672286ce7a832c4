import i18next, { type TFunction } from 'i18next';
import type { AlertKind } from '@versus/domain/alerts/alerts';
import type { AppNotification } from '@versus/domain/notifications/types';
import { LOCALES, type Locale } from '@versus/domain/platform/constants';

/**
 * What an alert off the site says (issue #60), in the player's language: a title per kind, and a
 * line per notification that is also an alert (the in-app wording, which the web app keeps in its
 * own catalogues). i18next does the interpolation and the choice of language, as on the web.
 */
const enGB = {
  kind: {
    matchReady: 'Your match is ready',
    checkIn: 'Check in now',
    opponentReported: 'Your opponent reported',
    youAreNext: 'You are next',
    dispute: 'A dispute needs you',
    tournamentStarts: 'Your tournament starts in 30 minutes',
    challenge: 'Battle challenge',
    payout: 'Payout sent',
  },
  line: {
    TOURNAMENT_MATCH_READY: 'Your match in {{tournament}} is ready. Play it and report the result.',
    TOURNAMENT_MATCH_CHECK_IN: 'Your match in {{tournament}} is ready. Check in now, or you forfeit it.',
    OPPONENT_SUBMITTED_BATTLES_RESULTS: '{{user}} reported that they won your battle. Confirm or dispute.',
    OPPONENT_SUBMITTED_BATTLES_RESULTS_you: '{{user}} reported that you won your battle. Confirm it.',
    TOURNAMENT_OPPONENT_REPORTED:
      'Your opponent in {{tournament}} reported that {{winner}} won your match. Confirm or dispute.',
    TOURNAMENT_YOU_ARE_NEXT:
      'You are next in {{tournament}}: your opponent is being decided in a match that is ready now.',
    ADMIN_TOURNAMENT_CONFLICT_admin: 'A match in your tournament {{tournament}} has conflicting reports. Resolve it.',
    OPPONENT_TOURNAMENT_CONFLICT:
      'Your opponent in {{tournament}} reported a different winner. Tell your side and add proof.',
    OPPONENT_BATTLES_CONFLICT: '{{user}} disputes your battle result. Tell your side.',
    ADMIN_SELECT_MATCH_WINNER_admin: 'Nobody reported a match in {{tournament}} in time. Pick the winner.',
    TOURNAMENT_STARTING_SOON: '{{tournament}} starts in 30 minutes. Check in on its page if you have not yet.',
    CHALLENGED_TO_BATTLE: '{{user}} challenged you to a battle.',
    CHALLENGE_EXPIRING: '{{user}}’s challenge expires in 10 minutes. Accept it or let it go.',
    TOURNAMENT_PAYOUT_RECEIVED: 'You finished {{tournament}} in place {{place}} and won {{payout}} coins!',
    ADMIN_TOURNAMENT_PAYOUT_RECEIVED_admin: '{{tournament}} is finished. Your host share: {{payout}} coins.',
  },
  mail: {
    open: 'Open in Versus',
    why: 'You get this e-mail because e-mail alerts for “{{kind}}” are on in your Versus settings.',
    off: 'Turn off these e-mails',
    settings: 'Choose your alerts',
  },
  push: { checkIn: 'Check in', off: 'Turn these off' },
  discord: {
    hello: 'Versus will post {{tournament}} here: its start, each round, each result and the final standings.',
    start: '🏁 **{{tournament}}** has started with {{count}} entrants. Round 1 is on.',
    round: 'Round {{round}} of **{{tournament}}** is complete.',
    result: '{{tournament}}: **{{winner}}** beat {{loser}}.',
    'result-score': '{{tournament}}: **{{winner}}** beat {{loser}} {{score}}.',
    'no-show': '{{tournament}}: **{{winner}}** wins, {{loser}} did not check in.',
    'both-out': '{{tournament}}: neither {{first}} nor {{second}} checked in, and both forfeit.',
    finish: '🏆 **{{tournament}}** is finished. Final standings:',
    place: '{{place}}. {{name}}',
    'place-coins': '{{place}}. {{name}}: {{coins}} coins',
    link: 'Bracket: {{url}}',
  },
};
type Catalogue = typeof enGB;

/** American English spells it "email". */
const enUS: Catalogue = {
  ...enGB,
  mail: {
    ...enGB.mail,
    why: 'You get this email because email alerts for “{{kind}}” are on in your Versus settings.',
    off: 'Turn off these emails',
  },
};

const fiFI: Catalogue = {
  kind: {
    matchReady: 'Ottelusi on valmis',
    checkIn: 'Ilmoittaudu paikalle nyt',
    opponentReported: 'Vastustajasi ilmoitti tuloksen',
    youAreNext: 'Olet seuraavana vuorossa',
    dispute: 'Kiista odottaa sinua',
    tournamentStarts: 'Turnauksesi alkaa 30 minuutin kuluttua',
    challenge: 'Haaste kaksinkamppailuun',
    payout: 'Palkinto maksettu',
  },
  line: {
    TOURNAMENT_MATCH_READY: 'Ottelusi turnauksessa {{tournament}} on valmis. Pelaa se ja ilmoita tulos.',
    TOURNAMENT_MATCH_CHECK_IN:
      'Ottelusi turnauksessa {{tournament}} on valmis. Ilmoittaudu paikalle nyt, muuten luovutat ottelun.',
    OPPONENT_SUBMITTED_BATTLES_RESULTS: '{{user}} ilmoitti voittaneensa kaksinkamppailunne. Vahvista tai kiistä.',
    OPPONENT_SUBMITTED_BATTLES_RESULTS_you: '{{user}} ilmoitti, että sinä voitit kaksinkamppailunne. Vahvista tulos.',
    TOURNAMENT_OPPONENT_REPORTED:
      'Vastustajasi turnauksessa {{tournament}} ilmoitti, että ottelunne voitti {{winner}}. Vahvista tai kiistä.',
    TOURNAMENT_YOU_ARE_NEXT:
      'Olet seuraavana vuorossa turnauksessa {{tournament}}: vastustajasi selviää ottelusta, joka voi nyt alkaa.',
    ADMIN_TOURNAMENT_CONFLICT_admin:
      'Turnauksesi {{tournament}} ottelussa on ristiriitaiset tulosilmoitukset. Ratkaise kiista.',
    OPPONENT_TOURNAMENT_CONFLICT:
      'Vastustajasi turnauksessa {{tournament}} ilmoitti eri voittajan kuin sinä. Kerro oma näkemyksesi ja liitä todiste.',
    OPPONENT_BATTLES_CONFLICT: '{{user}} kiistää kaksinkamppailunne tuloksen. Kerro oma näkemyksesi.',
    ADMIN_SELECT_MATCH_WINNER_admin:
      'Kukaan ei ilmoittanut ottelun tulosta ajoissa turnauksessa {{tournament}}. Valitse voittaja.',
    TOURNAMENT_STARTING_SOON:
      'Turnaus {{tournament}} alkaa 30 minuutin kuluttua. Ilmoittaudu paikalle sen sivulla, jos et ole vielä ilmoittautunut.',
    CHALLENGED_TO_BATTLE: '{{user}} haastoi sinut kaksinkamppailuun.',
    CHALLENGE_EXPIRING: 'Pelaajan {{user}} haaste vanhenee 10 minuutin kuluttua. Hyväksy se tai anna sen raueta.',
    TOURNAMENT_PAYOUT_RECEIVED:
      'Sijoituit {{place}}. sijalle turnauksessa {{tournament}} ja voitit {{payout}} kolikkoa!',
    ADMIN_TOURNAMENT_PAYOUT_RECEIVED_admin:
      'Turnaus {{tournament}} on päättynyt. Järjestäjän osuutesi: {{payout}} kolikkoa.',
  },
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
    start: '🏁 **{{tournament}}** alkoi, mukana {{count}} osallistujaa. Kierros 1 on käynnissä.',
    round: 'Kierros {{round}} on pelattu turnauksessa **{{tournament}}**.',
    result: '{{tournament}}: **{{winner}}** voitti, vastassa {{loser}}.',
    'result-score': '{{tournament}}: **{{winner}}** voitti {{score}}, vastassa {{loser}}.',
    'no-show': '{{tournament}}: **{{winner}}** voitti, koska {{loser}} ei ilmoittautunut paikalle.',
    'both-out': '{{tournament}}: {{first}} ja {{second}} eivät ilmoittautuneet paikalle, joten molemmat luovuttivat.',
    finish: '🏆 **{{tournament}}** on päättynyt. Lopputulokset:',
    place: '{{place}}. {{name}}',
    'place-coins': '{{place}}. {{name}}: {{coins}} kolikkoa',
    link: 'Kaavio: {{url}}',
  },
};

export const ALERT_CATALOGUES: Record<Locale, Catalogue> = { 'en-GB': enGB, 'en-US': enUS, 'fi-FI': fiFI };

const texts = i18next.createInstance();
void texts.init({
  initAsync: false,
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: ALERT_CATALOGUES[locale] }])),
  lng: 'en-GB',
  fallbackLng: 'en-GB',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  // No notice of i18next's sponsor in the function's log.
  showSupportNotice: false,
});

export const alertTexts = (language: Locale | undefined): TFunction =>
  texts.getFixedT(language && (LOCALES as readonly string[]).includes(language) ? language : 'en-GB');

/** The variant a line is read with: the host's own copy, or a battle report that names the reader the winner. */
function lineKey(content: Omit<AppNotification, 'uid' | 'viewed' | 'createdAt'>, uid: string): string {
  if (content.isAdmin) return `line.${content.type}_admin`;
  if (content.type === 'OPPONENT_SUBMITTED_BATTLES_RESULTS' && content.winner?.uid === uid)
    return `line.${content.type}_you`;
  return `line.${content.type}`;
}

/** An alert's title and line in the player's language. */
export function describeAlert(
  t: TFunction,
  kind: AlertKind,
  content: Omit<AppNotification, 'uid' | 'viewed' | 'createdAt'>,
  uid: string,
) {
  return {
    title: t(`kind.${kind}`),
    line: t(lineKey(content, uid), {
      tournament: content.tournament?.name ?? '',
      user: content.opponent?.displayName ?? content.users?.[0]?.displayName ?? '',
      payout: content.payout ?? 0,
      place: content.place ?? 0,
      winner: content.winner?.displayName ?? '',
    }),
  };
}
