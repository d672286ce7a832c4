import type { AlertKind } from '../alerts/alerts';
import { gameNameOf } from '../games/games';
import type { RoundStage } from '../tournaments/round-labels';
import type { AppNotification, EditedField } from './types';
import { editMovedTo, editedBesides } from './edits';

/**
 * What a notification that is also an alert off the site says (issue #60): the web app's
 * notifications show it, and its push and e-mail carry it (functions/src/alerts/texts.ts), in one
 * wording. American English writes these as British English does. One export per language, so
 * that each catalogue carries only its own. A variant's suffix (`alertLineVariant`, below) is the
 * web app's: `_you` a battle or match report that names the reader the winner, `_they` a match
 * report whose reporters named themselves (one from before them names the winner), `_admin` the
 * host's own copy, `_timed` a check-in that says how long it is open (one from before says "now"),
 * `_all` a round robin's check-in that counts for all the side's open matches (record 176),
 * `_member` a match ready as a party's member reads it (`_member_timed` with its leader's check-in),
 * `_shared` a prize for a place shared with others (a bracket's semi-final losers: 3rd–4th), `_paid`
 * a challenge with an entry fee (its coins each), `_game` one that names its game, `_vs` a match ready that names the other side,
 * `_won`, `_forfeited`, `_both`, `_both_won` and `_both_lost` a check-in's close as the side reads it (`_many` for several matches), `_reasoned` the host's
 * decision with their reasoning, `_won_decided`, `_won_free_decided` and `_lost_decided` a platform
 * admin's decision on a battle as each side reads it, `_decided` and `_refunded_decided` its cancellation.
 * The minutes they name are the rules' own (alert-minutes.ts, i18next's default variables where
 * they are read).
 */
export const alertLinesEnGB = {
  TOURNAMENT_MATCH_READY: 'Your match in {{tournament}} is ready. Play it and report the result.',
  TOURNAMENT_MATCH_READY_member:
    'Your party’s match in {{tournament}} is ready. Play it together: your party leader reports the result.',
  TOURNAMENT_MATCH_READY_member_timed:
    'Your party’s match in {{tournament}} is ready. Your party leader checks in for the party within {{minutes}} minutes, then you play it together.',
  TOURNAMENT_MATCH_CHECK_IN: 'Your match in {{tournament}} is ready. Check in now, or you forfeit it.',
  TOURNAMENT_MATCH_CHECK_IN_timed:
    'Your match in {{tournament}} is ready. Check in within {{minutes}} minutes, or you forfeit it.',
  TOURNAMENT_MATCH_READY_vs: 'Your match against {{user}} in {{tournament}} is ready. Play it and report the result.',
  TOURNAMENT_MATCH_READY_member_vs:
    'Your party’s match against {{user}} in {{tournament}} is ready. Play it together: your party leader reports the result.',
  TOURNAMENT_MATCH_READY_member_timed_vs:
    'Your party’s match against {{user}} in {{tournament}} is ready. Your party leader checks in for the party within {{minutes}} minutes, then you play it together.',
  TOURNAMENT_MATCH_CHECK_IN_vs:
    'Your match against {{user}} in {{tournament}} is ready. Check in now, or you forfeit it.',
  TOURNAMENT_MATCH_CHECK_IN_timed_vs:
    'Your match against {{user}} in {{tournament}} is ready. Check in within {{minutes}} minutes, or you forfeit it.',
  TOURNAMENT_MATCH_CHECK_IN_timed_all:
    'Your matches in {{tournament}} are ready. Check in within {{minutes}} minutes: one check-in counts for all your ready matches, and without it you forfeit them.',
  TOURNAMENT_MATCH_CHECK_IN_timed_vs_all:
    'Your match against {{user}} in {{tournament}} is ready. Check in within {{minutes}} minutes: one check-in counts for all your ready matches, and without it you forfeit them.',
  OPPONENT_SUBMITTED_BATTLES_RESULTS: '{{user}} reported that they won your battle. Confirm or dispute.',
  OPPONENT_SUBMITTED_BATTLES_RESULTS_you: '{{user}} reported that you won your battle. Confirm it.',
  TOURNAMENT_OPPONENT_REPORTED:
    'Your opponent in {{tournament}} reported that {{winner}} won your match. Confirm or dispute.',
  TOURNAMENT_OPPONENT_REPORTED_you:
    'Your opponent in {{tournament}} reported that you won your match. Confirm it to decide the match.',
  TOURNAMENT_OPPONENT_REPORTED_they:
    'Your opponent in {{tournament}} reported that they won your match. Confirm or dispute.',
  TOURNAMENT_YOU_ARE_NEXT:
    'You are next in {{tournament}}: your opponent is being decided in a match that is ready now.',
  ADMIN_TOURNAMENT_CONFLICT_admin: 'Players in your tournament {{tournament}} reported different winners. Resolve it.',
  OPPONENT_TOURNAMENT_CONFLICT:
    'Your opponent in {{tournament}} reported a different winner. Tell your side with proof.',
  OPPONENT_BATTLES_CONFLICT: '{{user}} disputes your battle result. Tell your side.',
  ADMIN_SELECT_MATCH_WINNER_admin: 'Nobody reported a match in {{tournament}} in time. Pick the winner.',
  ADMIN_BATTLE_AWAITING_admin:
    'The battle of {{players, list}} is disputed and waits for a platform admin to decide it.',
  TOURNAMENT_STARTING_SOON:
    '{{tournament}} starts in {{startReminderMinutes}} minutes. Check in on its page if you have not yet.',
  CHALLENGED_TO_BATTLE:
    '{{user}} challenged you to a free battle. A challenge expires {{challengeMinutes}} minutes after it is sent.',
  CHALLENGED_TO_BATTLE_paid:
    '{{user}} challenged you to a battle for {{payout, number}} coins each: the winner takes twice that. A challenge expires {{challengeMinutes}} minutes after it is sent.',
  CHALLENGED_TO_BATTLE_game:
    '{{user}} challenged you to a free battle in {{game}}. A challenge expires {{challengeMinutes}} minutes after it is sent.',
  CHALLENGED_TO_BATTLE_paid_game:
    '{{user}} challenged you to a battle in {{game}} for {{payout, number}} coins each: the winner takes twice that. A challenge expires {{challengeMinutes}} minutes after it is sent.',
  CHALLENGE_EXPIRING: '{{user}}’s challenge expires in {{challengeReminderMinutes}} minutes. Accept it or let it go.',
  TOURNAMENT_PAYOUT_RECEIVED: 'You placed {{place}} in {{tournament}} and won {{payout, number}} coins!',
  TOURNAMENT_PAYOUT_RECEIVED_shared:
    'You shared {{place}}–{{placeTo}} place in {{tournament}} and won {{payout, number}} coins!',
  ADMIN_TOURNAMENT_PAYOUT_RECEIVED_admin: '{{tournament}} is finished. Your host share: {{payout, number}} coins.',
  TOURNAMENT_MATCH_NO_SHOW_won: 'Your opponent in {{tournament}} did not check in. You win the match.',
  TOURNAMENT_MATCH_NO_SHOW_forfeited: 'You did not check in to your match in {{tournament}}, so you forfeited it.',
  TOURNAMENT_MATCH_NO_SHOW_both:
    'Neither side checked in to your match in {{tournament}}. It was decided by the no-show rule.',
  TOURNAMENT_MATCH_NO_SHOW_both_won:
    'Neither side checked in to your match in {{tournament}}, so it went to the higher seed: you win it.',
  TOURNAMENT_MATCH_NO_SHOW_both_lost:
    'Neither side checked in to your match in {{tournament}}, so it went to the higher seed: {{winner}} wins it.',
  TOURNAMENT_MATCH_NO_SHOW_won_many:
    'Your opponents did not check in to {{matches}} of your matches in {{tournament}}. You win them.',
  TOURNAMENT_MATCH_NO_SHOW_forfeited_many:
    'You did not check in to {{matches}} of your matches in {{tournament}}, so you forfeited them.',
  TOURNAMENT_MATCH_NO_SHOW_both_many:
    'Neither side checked in to {{matches}} of your matches in {{tournament}}. They were decided by the no-show rule.',
  TOURNAMENT_MATCH_NO_SHOW_both_won_many:
    'Neither side checked in to {{matches}} of your matches in {{tournament}}, so they went to the higher seed: you win them.',
  TOURNAMENT_MATCH_NO_SHOW_both_lost_many:
    'Neither side checked in to {{matches}} of your matches in {{tournament}}, so they went to the higher seed: you lose them.',
  ADMIN_CHANGE_MATCH_WINNER: 'The host set {{winner}} as the winner of your match in {{tournament}}.',
  TOURNAMENT_MATCH_GAME_DECIDED: 'The game’s record decided your match in {{tournament}}: {{winner}} won.',
  TOURNAMENT_MATCH_GAME_DECIDED_admin:
    'The game’s record settled a dispute in {{tournament}}: {{winner}} won. Nothing is left for you to decide.',
  ADMIN_CHANGE_MATCH_WINNER_reasoned:
    'The host set {{winner}} as the winner of your match in {{tournament}}. The host’s reasoning: “{{reasoning}}”',
  // A platform admin's decision on a disputed battle, or a cancellation, with the admin's reasoning (record 173).
  BATTLE_ENDED_won_decided:
    'A platform admin decided your battle against {{user}}: you won {{payout, number}} coins. The admin’s reasoning: “{{reasoning}}”',
  BATTLE_ENDED_won_free_decided:
    'A platform admin decided your battle against {{user}}: you won. The admin’s reasoning: “{{reasoning}}”',
  BATTLE_ENDED_lost_decided:
    'A platform admin decided your battle against {{user}}: you lost. The admin’s reasoning: “{{reasoning}}”',
  BATTLE_CANCELLED_decided:
    'A platform admin cancelled your battle against {{user}}. The admin’s reasoning: “{{reasoning}}”',
  BATTLE_CANCELLED_refunded_decided:
    'A platform admin cancelled your battle against {{user}}. Your {{payout, number}} coins are back. The admin’s reasoning: “{{reasoning}}”',
  // A moved start as its reader reads it (record 183: an alert since), with what else changed; an
  // edit that did not move it stays in the app.
  TOURNAMENT_EDITED: 'The host changed {{tournament}}. Check the details.',
  TOURNAMENT_EDITED_changed: 'The host changed {{changed}} of {{tournament}}.',
  TOURNAMENT_EDITED_moved: 'The host moved the start of {{tournament}} to {{start}}.',
  TOURNAMENT_EDITED_moved_changed: 'The host moved the start of {{tournament}} to {{start}}, and changed {{changed}}.',
  // A cancellation as its reader reads it (record 183: an alert since): why, the fee given back, the
  // host's words; the host's own copy; a place given up for a missed check-in.
  TOURNAMENT_CANCELLED: '{{tournament}} was cancelled.',
  TOURNAMENT_CANCELLED_refunded: '{{tournament}} was cancelled. Your {{payout, number}} coins are back.',
  TOURNAMENT_CANCELLED_note: '{{tournament}} was cancelled. The host wrote: {{note}}',
  TOURNAMENT_CANCELLED_refunded_note:
    '{{tournament}} was cancelled. Your {{payout, number}} coins are back. The host wrote: {{note}}',
  TOURNAMENT_CANCELLED_too_few: '{{tournament}} was cancelled: fewer than {{min}} entrants checked in.',
  TOURNAMENT_CANCELLED_too_few_refunded:
    '{{tournament}} was cancelled: fewer than {{min}} entrants checked in. Your {{payout, number}} coins are back.',
  TOURNAMENT_CANCELLED_inactive: '{{tournament}} was cancelled after 48 hours without activity.',
  TOURNAMENT_CANCELLED_inactive_refunded:
    '{{tournament}} was cancelled after 48 hours without activity. Your {{payout, number}} coins are back.',
  TOURNAMENT_CANCELLED_admin: 'Your tournament {{tournament}} was cancelled. Every entry fee was refunded.',
  TOURNAMENT_CANCELLED_admin_too_few:
    'Your tournament {{tournament}} was cancelled: fewer than {{min}} entrants checked in.',
  TOURNAMENT_CANCELLED_admin_inactive: 'Your tournament {{tournament}} was cancelled after 48 hours without activity.',
  TOURNAMENT_CANCELLED_dropped:
    'You did not check in to {{tournament}}: your place was given up and any entry fee refunded.',
};
export type AlertLineKey = keyof typeof alertLinesEnGB;

/**
 * A ready match's round, named after its tournament in the line ("in Cup (semi-final)",
 * "turnauksessa Cup (välierä)"): the bracket's own names, as the match panel and the history say them.
 */
/**
 * After a no-show's line to the side away, while the ban it brought lasts (record 189): the web app's
 * notifications and the alert's push and e-mail, which name `until` each in their own way.
 */
export const noShowBanEnGB = 'You cannot join paid tournaments until {{until}}, for repeated no-shows.';
export const noShowBanFiFI = 'Et voi liittyä maksullisiin turnauksiin {{until}} asti toistuvien poissaolojen vuoksi.';

export const alertRoundsEnGB: Record<RoundStage, string> = {
  round: 'round {{number}}',
  'semi-final': 'semi-final',
  final: 'final',
  'winners-round': 'winners round {{number}}',
  'winners-final': 'winners final',
  'losers-round': 'losers round {{number}}',
  'losers-final': 'losers final',
  'grand-final': 'grand final',
  reset: 'grand final reset',
};

export const alertRoundsFiFI: Record<RoundStage, string> = {
  round: 'kierros {{number}}',
  'semi-final': 'välierä',
  final: 'finaali',
  'winners-round': 'voittajien kaavion kierros {{number}}',
  'winners-final': 'voittajien finaali',
  'losers-round': 'häviäjien kaavion kierros {{number}}',
  'losers-final': 'häviäjien finaali',
  'grand-final': 'suurfinaali',
  reset: 'suurfinaalin uusinta',
};

/** The tournament as a line names it: with the match's round in brackets, when the notice has one. */
export const tournamentInRound = (name: string, round: string | null): string => (round ? `${name} (${round})` : name);

const ORDINAL_SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd' };
const ordinalRules = new Intl.PluralRules('en', { type: 'ordinal' });
/** A place as English writes it, "1st", "22nd", "3rd", "11th", as the pages do (record 134). */
export const englishOrdinal = (place: number) => `${place}${ORDINAL_SUFFIXES[ordinalRules.select(place)] ?? 'th'}`;
/** A place as a notice's `{{place}}` in the language: "3rd" in English, "3." in Finnish. */
export const placeText = (language: string, place: number) =>
  language.startsWith('fi') ? `${place}.` : englishOrdinal(place);

export const alertLinesFiFI: Record<AlertLineKey, string> = {
  TOURNAMENT_MATCH_READY: 'Ottelusi turnauksessa {{tournament}} on valmis. Pelaa ottelu ja ilmoita tulos.',
  TOURNAMENT_MATCH_READY_member:
    'Porukkasi ottelu turnauksessa {{tournament}} on valmis. Pelatkaa se yhdessä: porukan kapteeni ilmoittaa tuloksen.',
  TOURNAMENT_MATCH_READY_member_timed:
    'Porukkasi ottelu turnauksessa {{tournament}} on valmis. Porukan kapteeni ilmoittautuu porukan puolesta paikalle {{minutes}} minuutin kuluessa, sitten pelaatte sen yhdessä.',
  TOURNAMENT_MATCH_CHECK_IN:
    'Ottelusi turnauksessa {{tournament}} on valmis. Ilmoittaudu paikalle nyt, muuten luovutat ottelun.',
  TOURNAMENT_MATCH_CHECK_IN_timed:
    'Ottelusi turnauksessa {{tournament}} on valmis. Ilmoittaudu paikalle {{minutes}} minuutin kuluessa, muuten luovutat ottelun.',
  TOURNAMENT_MATCH_READY_vs:
    'Ottelusi turnauksessa {{tournament}} on valmis: vastassasi on {{user}}. Pelaa ottelu ja ilmoita tulos.',
  TOURNAMENT_MATCH_READY_member_vs:
    'Porukkasi ottelu turnauksessa {{tournament}} on valmis: vastassanne on {{user}}. Pelatkaa se yhdessä: porukan kapteeni ilmoittaa tuloksen.',
  TOURNAMENT_MATCH_READY_member_timed_vs:
    'Porukkasi ottelu turnauksessa {{tournament}} on valmis: vastassanne on {{user}}. Porukan kapteeni ilmoittautuu porukan puolesta paikalle {{minutes}} minuutin kuluessa, sitten pelaatte sen yhdessä.',
  TOURNAMENT_MATCH_CHECK_IN_vs:
    'Ottelusi turnauksessa {{tournament}} on valmis: vastassasi on {{user}}. Ilmoittaudu paikalle nyt, muuten luovutat ottelun.',
  TOURNAMENT_MATCH_CHECK_IN_timed_vs:
    'Ottelusi turnauksessa {{tournament}} on valmis: vastassasi on {{user}}. Ilmoittaudu paikalle {{minutes}} minuutin kuluessa, muuten luovutat ottelun.',
  TOURNAMENT_MATCH_CHECK_IN_timed_all:
    'Ottelusi turnauksessa {{tournament}} ovat valmiita. Ilmoittaudu paikalle {{minutes}} minuutin kuluessa: yksi ilmoittautuminen kattaa kaikki valmiit ottelusi, ja ilman sitä luovutat ne.',
  TOURNAMENT_MATCH_CHECK_IN_timed_vs_all:
    'Ottelusi turnauksessa {{tournament}} on valmis: vastassasi on {{user}}. Ilmoittaudu paikalle {{minutes}} minuutin kuluessa: yksi ilmoittautuminen kattaa kaikki valmiit ottelusi, ja ilman sitä luovutat ne.',
  OPPONENT_SUBMITTED_BATTLES_RESULTS: '{{user}} ilmoitti voittaneensa kaksinkamppailunne. Vahvista tai kiistä.',
  OPPONENT_SUBMITTED_BATTLES_RESULTS_you: '{{user}} ilmoitti, että sinä voitit kaksinkamppailunne. Vahvista tulos.',
  TOURNAMENT_OPPONENT_REPORTED:
    'Vastustajasi turnauksessa {{tournament}} ilmoitti, että ottelunne voitti {{winner}}. Vahvista tai kiistä.',
  TOURNAMENT_OPPONENT_REPORTED_you:
    'Vastustajasi turnauksessa {{tournament}} ilmoitti, että sinä voitit ottelunne. Vahvista se, niin ottelu ratkeaa.',
  TOURNAMENT_OPPONENT_REPORTED_they:
    'Vastustajasi turnauksessa {{tournament}} ilmoitti voittaneensa ottelunne. Vahvista tai kiistä.',
  TOURNAMENT_YOU_ARE_NEXT:
    'Olet seuraavana vuorossa turnauksessa {{tournament}}: vastustajasi selviää ottelusta, joka voi alkaa nyt.',
  ADMIN_TOURNAMENT_CONFLICT_admin:
    'Pelaajat ilmoittivat eri voittajat ottelussa turnauksessasi {{tournament}}. Ratkaise kiista.',
  OPPONENT_TOURNAMENT_CONFLICT:
    'Vastustajasi turnauksessa {{tournament}} ilmoitti eri voittajan kuin sinä. Kerro oma näkemyksesi ja liitä todiste.',
  OPPONENT_BATTLES_CONFLICT: '{{user}} kiistää kaksinkamppailunne tuloksen. Kerro oma näkemyksesi.',
  ADMIN_SELECT_MATCH_WINNER_admin:
    'Kukaan ei ilmoittanut ottelun tulosta ajoissa turnauksessa {{tournament}}. Valitse voittaja.',
  ADMIN_BATTLE_AWAITING_admin:
    'Pelaajien {{players, list}} kaksinkamppailun tulos on kiistetty, ja se odottaa alustan ylläpitäjän ratkaisua.',
  TOURNAMENT_STARTING_SOON:
    'Turnaus {{tournament}} alkaa {{startReminderMinutes}} minuutin kuluttua. Ilmoittaudu paikalle turnauksen sivulla, jos et ole vielä ilmoittautunut.',
  CHALLENGED_TO_BATTLE:
    '{{user}} haastoi sinut ilmaiseen kaksinkamppailuun. Haaste vanhenee {{challengeMinutes}} minuutin kuluttua lähettämisestä.',
  CHALLENGED_TO_BATTLE_paid:
    '{{user}} haastoi sinut kaksinkamppailuun, jonka osallistumismaksu on {{payout, number}} kolikkoa kummaltakin: voittaja saa kaksinkertaisen osallistumismaksun. Haaste vanhenee {{challengeMinutes}} minuutin kuluttua lähettämisestä.',
  CHALLENGED_TO_BATTLE_game:
    '{{user}} haastoi sinut ilmaiseen kaksinkamppailuun pelissä {{game}}. Haaste vanhenee {{challengeMinutes}} minuutin kuluttua lähettämisestä.',
  CHALLENGED_TO_BATTLE_paid_game:
    '{{user}} haastoi sinut kaksinkamppailuun pelissä {{game}}. Osallistumismaksu on {{payout, number}} kolikkoa kummaltakin, ja voittaja saa kaksinkertaisen osallistumismaksun. Haaste vanhenee {{challengeMinutes}} minuutin kuluttua lähettämisestä.',
  CHALLENGE_EXPIRING:
    'Pelaajan {{user}} haaste vanhenee {{challengeReminderMinutes}} minuutin kuluttua. Hyväksy se tai anna sen raueta.',
  TOURNAMENT_PAYOUT_RECEIVED:
    'Sijoituit {{place}} sijalle turnauksessa {{tournament}} ja voitit {{payout, number}} kolikkoa!',
  TOURNAMENT_PAYOUT_RECEIVED_shared:
    'Sijoituit jaetulle {{place}}–{{placeTo}} sijalle turnauksessa {{tournament}} ja voitit {{payout, number}} kolikkoa!',
  ADMIN_TOURNAMENT_PAYOUT_RECEIVED_admin:
    'Turnaus {{tournament}} on päättynyt. Järjestäjän osuutesi: {{payout, number}} kolikkoa.',
  TOURNAMENT_MATCH_NO_SHOW_won: 'Vastustajasi turnauksessa {{tournament}} ei ilmoittautunut paikalle. Voitit ottelun.',
  TOURNAMENT_MATCH_NO_SHOW_forfeited:
    'Et ilmoittautunut paikalle otteluusi turnauksessa {{tournament}}, joten luovutit sen.',
  TOURNAMENT_MATCH_NO_SHOW_both:
    'Kumpikaan osapuoli ei ilmoittautunut paikalle otteluusi turnauksessa {{tournament}}. Ottelu ratkaistiin poissaolosäännön mukaan.',
  TOURNAMENT_MATCH_NO_SHOW_both_won:
    'Kumpikaan osapuoli ei ilmoittautunut paikalle otteluusi turnauksessa {{tournament}}, joten ottelu ratkesi korkeammalle sijoitetun hyväksi: voitit sen.',
  TOURNAMENT_MATCH_NO_SHOW_both_lost:
    'Kumpikaan osapuoli ei ilmoittautunut paikalle otteluusi turnauksessa {{tournament}}, joten ottelu ratkesi korkeammalle sijoitetun hyväksi: sen voitti {{winner}}.',
  TOURNAMENT_MATCH_NO_SHOW_won_many:
    'Vastustajasi eivät ilmoittautuneet paikalle {{matches}} otteluusi turnauksessa {{tournament}}. Voitit ne.',
  TOURNAMENT_MATCH_NO_SHOW_forfeited_many:
    'Et ilmoittautunut paikalle {{matches}} otteluusi turnauksessa {{tournament}}, joten luovutit ne.',
  TOURNAMENT_MATCH_NO_SHOW_both_many:
    'Kumpikaan osapuoli ei ilmoittautunut paikalle {{matches}} otteluusi turnauksessa {{tournament}}. Ne ratkaistiin poissaolosäännön mukaan.',
  TOURNAMENT_MATCH_NO_SHOW_both_won_many:
    'Kumpikaan osapuoli ei ilmoittautunut paikalle {{matches}} otteluusi turnauksessa {{tournament}}, joten ne ratkesivat korkeammalle sijoitetun hyväksi: voitit ne.',
  TOURNAMENT_MATCH_NO_SHOW_both_lost_many:
    'Kumpikaan osapuoli ei ilmoittautunut paikalle {{matches}} otteluusi turnauksessa {{tournament}}, joten ne ratkesivat korkeammalle sijoitetun hyväksi: hävisit ne.',
  ADMIN_CHANGE_MATCH_WINNER: 'Järjestäjä ratkaisi ottelusi turnauksessa {{tournament}}. Voittaja: {{winner}}.',
  TOURNAMENT_MATCH_GAME_DECIDED: 'Pelin tiedot ratkaisivat ottelusi turnauksessa {{tournament}}. Voittaja: {{winner}}.',
  TOURNAMENT_MATCH_GAME_DECIDED_admin:
    'Pelin tiedot ratkaisivat kiistan turnauksessa {{tournament}}. Voittaja: {{winner}}. Sinun ei tarvitse enää ratkaista sitä.',
  ADMIN_CHANGE_MATCH_WINNER_reasoned:
    'Järjestäjä ratkaisi ottelusi turnauksessa {{tournament}}. Voittaja: {{winner}}. Järjestäjän perustelu: ”{{reasoning}}”',
  BATTLE_ENDED_won_decided:
    'Alustan ylläpitäjä ratkaisi kaksinkamppailusi pelaajaa {{user}} vastaan: voitit {{payout, number}} kolikkoa. Ylläpitäjän perustelu: ”{{reasoning}}”',
  BATTLE_ENDED_won_free_decided:
    'Alustan ylläpitäjä ratkaisi kaksinkamppailusi pelaajaa {{user}} vastaan: voitit. Ylläpitäjän perustelu: ”{{reasoning}}”',
  BATTLE_ENDED_lost_decided:
    'Alustan ylläpitäjä ratkaisi kaksinkamppailusi pelaajaa {{user}} vastaan: hävisit. Ylläpitäjän perustelu: ”{{reasoning}}”',
  BATTLE_CANCELLED_decided:
    'Alustan ylläpitäjä perui kaksinkamppailusi pelaajaa {{user}} vastaan. Ylläpitäjän perustelu: ”{{reasoning}}”',
  BATTLE_CANCELLED_refunded_decided:
    'Alustan ylläpitäjä perui kaksinkamppailusi pelaajaa {{user}} vastaan. {{payout, number}} kolikkoasi palautettiin. Ylläpitäjän perustelu: ”{{reasoning}}”',
  TOURNAMENT_EDITED: 'Järjestäjä muutti turnausta {{tournament}}. Tarkista tiedot.',
  TOURNAMENT_EDITED_changed: 'Järjestäjä muutti turnauksen {{tournament}} tietoja: {{changed}}.',
  TOURNAMENT_EDITED_moved: 'Järjestäjä siirsi turnauksen {{tournament}} alkamaan {{start}}.',
  TOURNAMENT_EDITED_moved_changed:
    'Järjestäjä siirsi turnauksen {{tournament}} alkamaan {{start}} ja muutti sen tietoja: {{changed}}.',
  TOURNAMENT_CANCELLED: 'Turnaus {{tournament}} peruttiin.',
  TOURNAMENT_CANCELLED_refunded: 'Turnaus {{tournament}} peruttiin. {{payout, number}} kolikkoasi palautettiin.',
  TOURNAMENT_CANCELLED_note: 'Turnaus {{tournament}} peruttiin. Järjestäjä kirjoitti: {{note}}',
  TOURNAMENT_CANCELLED_refunded_note:
    'Turnaus {{tournament}} peruttiin. {{payout, number}} kolikkoasi palautettiin. Järjestäjä kirjoitti: {{note}}',
  TOURNAMENT_CANCELLED_too_few: 'Turnaus {{tournament}} peruttiin: alle {{min}} osallistujaa ilmoittautui paikalle.',
  TOURNAMENT_CANCELLED_too_few_refunded:
    'Turnaus {{tournament}} peruttiin: alle {{min}} osallistujaa ilmoittautui paikalle. {{payout, number}} kolikkoasi palautettiin.',
  TOURNAMENT_CANCELLED_inactive: 'Turnaus {{tournament}} peruttiin, koska siinä ei ollut toimintaa 48 tuntiin.',
  TOURNAMENT_CANCELLED_inactive_refunded:
    'Turnaus {{tournament}} peruttiin, koska siinä ei ollut toimintaa 48 tuntiin. {{payout, number}} kolikkoasi palautettiin.',
  TOURNAMENT_CANCELLED_admin: 'Turnauksesi {{tournament}} peruttiin. Kaikki osallistumismaksut palautettiin.',
  TOURNAMENT_CANCELLED_admin_too_few:
    'Turnauksesi {{tournament}} peruttiin: alle {{min}} osallistujaa ilmoittautui paikalle.',
  TOURNAMENT_CANCELLED_admin_inactive:
    'Turnauksesi {{tournament}} peruttiin, koska siinä ei ollut toimintaa 48 tuntiin.',
  TOURNAMENT_CANCELLED_dropped:
    'Et ilmoittautunut paikalle turnaukseen {{tournament}}: paikkasi vapautui ja mahdollinen maksu palautettiin.',
};

/** The settings an edit names (TOURNAMENT_EDITED's `changed`), as its line lists them. */
export const alertEditedFieldsEnGB: Record<EditedField, string> = {
  startTime: 'the start time',
  name: 'the name',
  rules: 'the rules',
  description: 'the description',
  platform: 'the platforms',
  region: 'the region',
  minReliability: 'the minimum reliability',
  coverImage: 'the cover picture',
  timeZone: 'the time zone',
  riotLicence: 'the Riot licence',
  riotLicenceCountries: 'the Riot licence’s countries',
};

export const alertEditedFieldsFiFI: Record<EditedField, string> = {
  startTime: 'alkamisaika',
  name: 'nimi',
  rules: 'säännöt',
  description: 'kuvaus',
  platform: 'alustat',
  region: 'alue',
  minReliability: 'vähimmäisluotettavuus',
  coverImage: 'kansikuva',
  timeZone: 'aikavyöhyke',
  riotLicence: 'Riot-lisenssi',
  riotLicenceCountries: 'Riot-lisenssin maat',
};

/**
 * Each kind of alert's name: the Settings table's rows and an alert's title (push, e-mail subject),
 * in one wording too.
 */
export const alertKindsEnGB: Record<AlertKind, string> = {
  matchReady: 'Your match is ready',
  checkIn: 'Check in now',
  opponentReported: 'Your opponent reported',
  youAreNext: 'You are next',
  dispute: 'A dispute needs you',
  matchDecided: 'Your match was decided',
  tournamentStarts: 'Your tournament starts in {{startReminderMinutes}} minutes',
  challenge: 'Battle challenge',
  battleDecided: 'An admin decided or cancelled your battle',
  payout: 'Prize paid',
  tournamentCancelled: 'Your tournament was cancelled',
  tournamentMoved: 'Your tournament’s start moved',
};

export const alertKindsFiFI: Record<AlertKind, string> = {
  matchReady: 'Ottelusi on valmis',
  checkIn: 'Ilmoittaudu paikalle nyt',
  opponentReported: 'Vastustajasi ilmoitti tuloksen',
  youAreNext: 'Olet seuraavana vuorossa',
  dispute: 'Kiista odottaa sinua',
  matchDecided: 'Ottelusi ratkaistiin',
  tournamentStarts: 'Turnauksesi alkaa {{startReminderMinutes}} minuutin kuluttua',
  challenge: 'Haaste kaksinkamppailuun',
  battleDecided: 'Ylläpitäjä ratkaisi tai perui kaksinkamppailusi',
  payout: 'Palkinto maksettu',
  tournamentCancelled: 'Turnauksesi peruttiin',
  tournamentMoved: 'Turnauksesi alkamisaika muuttui',
};

/** Why a tournament was cancelled, as its line's variant: the host's own cancel says nothing more. */
const CANCEL_REASONS: Record<string, string> = { 'too-few-players': '_too_few', inactivity: '_inactive' };

/**
 * The variant an alert's line is read with, the same in the web app's notifications and in its push
 * and e-mail: the host's own copy, a battle or match report that names the reader the winner (or a
 * match's reporters themselves), a check-in that says how long it is open, a prize for a shared
 * place, a challenge with a fee. Undefined where none is.
 */
export function alertLineVariant(
  content: Pick<
    AppNotification,
    | 'type'
    | 'isAdmin'
    | 'winner'
    | 'reasoning'
    | 'minutes'
    | 'placeTo'
    | 'payout'
    | 'opponent'
    | 'matches'
    | 'game'
    | 'note'
    | 'changed'
    | 'startTime'
  >,
  reader: string | undefined,
): string | undefined {
  // A cancelled tournament says why, unless its host cancelled it (record 105), with the fee given
  // back and the host's own words (record 162); the host's copy says why too; a place given up for
  // a missed check-in is a line of its own. An alert since record 183.
  if (content.type === 'TOURNAMENT_CANCELLED') {
    if (content.reasoning === 'not-checked-in') return '_dropped';
    const why = CANCEL_REASONS[content.reasoning ?? ''] ?? '';
    if (content.isAdmin) return `_admin${why}`;
    return `${why}${(content.payout ?? 0) > 0 ? '_refunded' : ''}${content.note ? '_note' : ''}` || undefined;
  }
  if (content.isAdmin) return '_admin';
  // An edit names what changed (one from before it did not); a moved start says when it now is, and
  // the rest it changed after it (record 182).
  if (content.type === 'TOURNAMENT_EDITED')
    return editMovedTo(content)
      ? editedBesides(content).length
        ? '_moved_changed'
        : '_moved'
      : content.changed?.length
        ? '_changed'
        : undefined;
  if (content.type === 'OPPONENT_SUBMITTED_BATTLES_RESULTS' && content.winner?.uid === reader) return '_you';
  if (content.type === 'TOURNAMENT_OPPONENT_REPORTED' && (content.reasoning === 'you' || content.reasoning === 'they'))
    return `_${content.reasoning}`;
  // A match ready names the other side (one from before it does not).
  const versus = content.opponent ? '_vs' : '';
  // A round robin's check-in, which counts for all the side's open matches (record 176), says so.
  if (content.type === 'TOURNAMENT_MATCH_CHECK_IN')
    return content.minutes ? `_timed${versus}${content.reasoning === 'all' ? '_all' : ''}` : versus || undefined;
  // A party's other members (record 128): the match is theirs to play, its check-in and report the leader's.
  if (content.type === 'TOURNAMENT_MATCH_READY')
    return (
      `${content.reasoning === 'member' ? (content.minutes ? '_member_timed' : '_member') : ''}${versus}` || undefined
    );
  if (content.type === 'TOURNAMENT_PAYOUT_RECEIVED' && content.placeTo) return '_shared';
  // A challenge names its game since 2026-12-06 (record 182); "Other games" is no name to give.
  if (content.type === 'CHALLENGED_TO_BATTLE')
    return `${(content.payout ?? 0) > 0 ? '_paid' : ''}${gameNameOf(content.game) ? '_game' : ''}` || undefined;
  // A match decided without the player's report (record 165): how the check-in's close went for them,
  // and the host's decision with the host's reasoning, which the reasoning box promises both sides read.
  // Several matches decided alike at one close are one notice (`matches`), since 2026-12-06.
  if (content.type === 'TOURNAMENT_MATCH_NO_SHOW')
    return `_${(content.reasoning ?? 'both').replaceAll('-', '_')}${(content.matches ?? 1) > 1 ? '_many' : ''}`;
  if (content.type === 'ADMIN_CHANGE_MATCH_WINNER') return content.reasoning ? '_reasoned' : undefined;
  // A battle a platform admin decided or cancelled, with the admin's reasoning for both (records 124, 173).
  const end = content.reasoning ? battleEndVariant(content, reader) : undefined;
  return end === undefined ? undefined : `${end}_decided`;
}

/**
 * A battle's end as its reader reads it (BATTLE_ENDED: lost, won with coins, won a free battle;
 * BATTLE_CANCELLED: the fee given back or none), undefined for any other notification.
 */
export function battleEndVariant(
  content: Pick<AppNotification, 'type' | 'winner' | 'payout'>,
  reader: string | undefined,
): string | undefined {
  if (content.type === 'BATTLE_ENDED' && content.winner && reader)
    return content.winner.uid !== reader ? '_lost' : (content.payout ?? 0) > 0 ? '_won' : '_won_free';
  if (content.type === 'BATTLE_CANCELLED') return (content.payout ?? 0) > 0 ? '_refunded' : '';
  return undefined;
}
