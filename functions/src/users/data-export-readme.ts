import type { Locale } from '@versus/domain/platform/constants';
import { serverTexts } from '../platform/server-texts';

/**
 * The archive's README.txt (record 185): what each file of "Download my data" holds, and how its
 * times are written, in the player's language. A walk found the archive's files named by their
 * collections alone and its times as milliseconds, which a person could not read.
 */
const enGB = {
  title: 'Your data from Versus',
  intro:
    'This archive holds everything Versus stores about you, as it stood on {{date}} (UTC): one JSON file for each kind of record, and the pictures you uploaded under uploads/. Each file lists its records as {"path", "data"}: where the record is kept, and what it holds.',
  times: 'Times are written as ISO 8601 dates in UTC, such as 2026-12-07T18:30:00.000Z.',
  files: 'The files:',
  sections: {
    profile: 'your public profile: display name, picture, trophies and what your page shows',
    statistics: 'your statistics, of all time and month by month',
    ledger: 'every movement of your coins, with your balance after it',
    payments: 'your purchases of coins through PayPal',
    payouts: 'your withdrawals to PayPal',
    escrows: 'coins held while a battle or a tournament of yours was played',
    stored_answers: 'our answers to your requests, kept for a day so that a request sent twice runs once',
    display_names: 'the display name you hold',
    game_accounts: 'the game accounts you linked (Steam, Riot)',
    creator: 'your creator code, its earnings and its supporters (creators only)',
    campaign_entries: 'your entries in the monthly prize draw',
    battle_challenges: 'the battle challenges you sent or received',
    battles: 'your battles',
    tournaments: 'the tournaments you host or joined',
    tournament_invites: 'the party invites you received',
    tournament_matches: 'your tournament matches',
    tournament_points: 'the points you sent in points tournaments',
    tournament_parties: 'your parties in team tournaments',
    chat_messages: 'the messages you wrote in tournament rooms',
    chat_rooms: 'the rooms you are in, and how far you have read',
    users_private: 'your account: e-mail, name, country, coins and settings',
    users_notifications: 'your notifications',
    users_followers: 'the players who follow you',
    users_following: 'the players you follow',
    users_history: 'your match history',
    users_presence: 'when you were last seen online',
    users_push_devices: 'the browsers you allowed pushes in, and their language',
    users_free_starts: 'the days you used for a free tournament',
    users_prize_years: 'the prizes of your paid tournaments, year by year, that a game publisher limits',
    other: 'records kept under your account ({{name}})',
  },
  manifest: 'the archive’s contents, counted, for programs',
  uploads: 'the pictures you uploaded, as they are stored',
};
type Catalogue = typeof enGB;

const fiFI: Catalogue = {
  title: 'Tietosi Versuksesta',
  intro:
    'Tässä arkistossa on kaikki, mitä Versus on tallentanut sinusta, sellaisena kuin se oli {{date}} (UTC): yksi JSON-tiedosto kutakin tietuelajia kohden ja lataamasi kuvat kansiossa uploads/. Kussakin tiedostossa tietueet ovat muodossa {"path", "data"}: missä tietue säilytetään ja mitä se sisältää.',
  times: 'Ajat on kirjoitettu ISO 8601 -muodossa UTC-ajassa, esimerkiksi 2026-12-07T18:30:00.000Z.',
  files: 'Tiedostot:',
  sections: {
    profile: 'julkinen profiilisi: nimimerkki, kuva, pokaalit ja se, mitä sivusi näyttää',
    statistics: 'tilastosi, kaikkien aikojen ja kuukausittain',
    ledger: 'kolikoidesi jokainen liike ja saldosi sen jälkeen',
    payments: 'kolikko-ostoksesi PayPalin kautta',
    payouts: 'nostosi PayPaliin',
    escrows: 'kolikot, jotka olivat pidätettyinä kaksinkamppailusi tai turnauksesi ajan',
    stored_answers:
      'vastauksemme pyyntöihisi, säilytetty vuorokauden, jotta kahdesti lähetetty pyyntö suoritetaan kerran',
    display_names: 'nimimerkkisi',
    game_accounts: 'linkittämäsi pelitilit (Steam, Riot)',
    creator: 'sisällöntuottajakoodisi, sen tulot ja tukijat (vain sisällöntuottajat)',
    campaign_entries: 'osallistumisesi kuukauden palkinnon arvontaan',
    battle_challenges: 'lähettämäsi ja saamasi haasteet kaksinkamppailuun',
    battles: 'kaksinkamppailusi',
    tournaments: 'turnaukset, joita järjestät tai joihin liityit',
    tournament_invites: 'saamasi porukkakutsut',
    tournament_matches: 'turnausottelusi',
    tournament_points: 'pisteet, jotka lähetit pistetaulukkoturnauksissa',
    tournament_parties: 'porukkasi joukkueturnauksissa',
    chat_messages: 'viestit, jotka kirjoitit turnausten keskusteluihin',
    chat_rooms: 'keskustelut, joissa olet, ja mihin asti olet lukenut',
    users_private: 'tilisi: sähköposti, nimi, maa, kolikot ja asetukset',
    users_notifications: 'ilmoituksesi',
    users_followers: 'pelaajat, jotka seuraavat sinua',
    users_following: 'pelaajat, joita seuraat',
    users_history: 'otteluhistoriasi',
    users_presence: 'milloin olit viimeksi paikalla',
    users_push_devices: 'selaimet, joissa sallit push-ilmoitukset, ja niiden kieli',
    users_free_starts: 'päivät, joina käytit ilmaisen turnauksen',
    users_prize_years: 'maksullisten turnaustesi palkinnot vuosittain, joita pelin julkaisija rajoittaa',
    other: 'tilisi alla säilytetyt tietueet ({{name}})',
  },
  manifest: 'arkiston sisältö laskettuna, ohjelmia varten',
  uploads: 'lataamasi kuvat sellaisina kuin ne on tallennettu',
};

const readmeTexts = serverTexts({ 'en-GB': enGB, 'fi-FI': fiFI });

/** README.txt: the archive's files, each with what it holds, in the player's language (en-GB if none). */
export function readmeText(language: Locale | undefined, sections: string[], generatedAt: number): string {
  const t = readmeTexts(language);
  const known = Object.keys(enGB.sections);
  const line = (file: string, what: string) => `- ${file}: ${what}`;
  return [
    t('title'),
    '',
    t('intro', { date: new Date(generatedAt).toISOString().slice(0, 10) }),
    t('times'),
    '',
    t('files'),
    ...[...sections]
      .sort()
      .map((name) =>
        line(`${name}.json`, known.includes(name) ? t(`sections.${name}`) : t('sections.other', { name })),
      ),
    line('manifest.json', t('manifest')),
    line('uploads/', t('uploads')),
    '',
  ].join('\n');
}

/**
 * A record's times, stored as milliseconds since 1970, as the README says them: ISO 8601 in UTC.
 * A time is a field named as one (…At, …Time, a deadline; a history's `at`, a message's `sent`, a
 * challenge's `expires`, a chat window's `start`…) with a value of this century or the next.
 */
const TIME_KEY =
  /(At|Time|Closes|Deadline|deadline|Seen|On|Until|until|Out|Open|Typed)$|^(at|sent|created|expires|start|end|asOf|due)$/;
const MS_2001 = 978_307_200_000;
const MS_2200 = 7_258_118_400_000;
export function readableTimes(value: unknown, key = ''): unknown {
  if (typeof value === 'number' && Number.isInteger(value) && TIME_KEY.test(key) && value > MS_2001 && value < MS_2200)
    return new Date(value).toISOString();
  if (Array.isArray(value)) return value.map((item) => readableTimes(item, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, item]) => [name, readableTimes(item, name)]),
    );
  return value;
}
