import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type AppNotification } from '@versus/domain/notifications/types';
import i18n from '../../i18n';
import { enGBPages as enGB } from '../../i18n/locales/en-GB.pages';
import { enUS } from '../../i18n/locales/en-US';
import { fiFIPages as fiFI } from '../../i18n/locales/fi-FI.pages';
import { NOTIFICATION_VARIANTS, categoryOf, describeNotification, notificationTarget } from './texts';
import { mediumDateTime } from '../../lib/locale';

type Tree = { [key: string]: string | Tree };
const typesOf = (tree: unknown) => (tree as { notifications: { types: Record<string, string> } }).notifications.types;

describe('notification texts', () => {
  it.each([
    ['en-GB', enGB],
    ['fi-FI', fiFI],
  ])('%s has a text for every type and every variant it is sent with, and no stray ones', (_, locale) => {
    const texts = typesOf(locale);
    const wanted = NOTIFICATION_TYPES.flatMap((type) =>
      NOTIFICATION_VARIANTS[type].map((variant) => `${type}${variant}`),
    );
    expect(wanted.filter((key) => !texts[key])).toEqual([]);
    expect(Object.keys(texts).filter((key) => !wanted.includes(key))).toEqual([]);
  });

  it('en-US overrides only texts that exist', () => {
    const american = (enUS as unknown as { notifications?: { types?: Tree } }).notifications?.types ?? {};
    for (const key of Object.keys(american)) expect(typesOf(enGB)).toHaveProperty([key]);
  });

  // The web app's own i18next (its default variables: the minutes the rules name), with the shell's
  // texts (a deleted player's name) and the notifications' (page-texts).
  const t = i18n;
  t.addResourceBundle('en-GB', 'translation', enGB, true, false);
  const item = (fields: Partial<AppNotification>) =>
    ({ id: 'n', uid: 'me', viewed: false, createdAt: 1, type: 'FOLLOW', ...fields }) as AppNotification & {
      id: string;
    };
  const user = (name: string) => ({ uid: name.toLowerCase(), displayName: name });
  /** Party p1's entry, "Owls", with its leader named (none on one written before record 169). */
  const teamJoin = (leader: string | undefined): Partial<AppNotification> => ({
    type: 'JOIN_TOURNAMENT',
    payout: 0,
    tournament: { id: 't', name: 'Cup' },
    party: { id: 'p1', teamName: 'Owls', ...(leader ? { leader } : {}) },
  });

  it.each<[string, Partial<AppNotification>, string]>([
    ['one follower', { users: [user('Ann')], people: 1 }, 'Ann started following you'],
    // A deleted account's copies of its name are blank (docs/decisions/0057).
    [
      'a deleted follower',
      { users: [{ uid: 'gone', displayName: '' }], people: 1 },
      'Deleted player started following you',
    ],
    [
      'three followers',
      { users: [user('Ann'), user('Ben'), user('Cy')], people: 3 },
      'Ann, Ben and Cy started following you',
    ],
    [
      'five followers: three names and the rest counted',
      { users: [user('Ann'), user('Ben'), user('Cy')], people: 5 },
      'Ann, Ben, Cy and 2 others started following you',
    ],
    [
      'two players joined a host’s tournament',
      {
        type: 'USER_JOINED_ADMIN_TOURNAMENT',
        users: [user('Ann'), user('Ben')],
        people: 2,
        tournament: { id: 't', name: 'Cup' },
      },
      'Ann and Ben joined your tournament Cup.',
    ],
    [
      'eighteen players joined: three names and the rest counted',
      {
        type: 'USER_JOINED_ADMIN_TOURNAMENT',
        users: [user('Ann'), user('Ben'), user('Cy')],
        people: 18,
        tournament: { id: 't', name: 'Cup' },
      },
      'Ann, Ben, Cy and 15 others joined your tournament Cup.',
    ],
    [
      'a player left a host’s tournament (record 163)',
      { type: 'USER_LEFT_ADMIN_TOURNAMENT', users: [user('Ann')], people: 1, tournament: { id: 't', name: 'Cup' } },
      'Ann left your tournament Cup.',
    ],
    [
      'a team and four more left',
      {
        type: 'USER_LEFT_ADMIN_TOURNAMENT',
        users: [user('Owls'), user('Ann'), user('Ben')],
        people: 5,
        party: { id: 'p', teamName: 'Owls' },
        tournament: { id: 't', name: 'Cup' },
      },
      'Owls, Ann, Ben and 2 others left your tournament Cup.',
    ],
    [
      'a host sees points to review, in the singular',
      {
        type: 'ADMIN_TOURNAMENT_POINTS_SUBMITTED',
        isAdmin: true,
        users: [user('Ann')],
        points: 1,
        tournament: { id: 't', name: 'Cup' },
      },
      'Ann submitted 1 point in Cup. Review it.',
    ],
    [
      'a large number of points is written as the page writes it (record 133)',
      {
        type: 'ADMIN_TOURNAMENT_POINTS_SUBMITTED',
        isAdmin: true,
        users: [user('Ann')],
        points: 999999,
        tournament: { id: 't', name: 'Cup' },
      },
      'Ann submitted 999,999 points in Cup. Review them.',
    ],
    [
      'a changed round names its new points formatted',
      {
        type: 'TOURNAMENT_POINTS_CHANGED',
        points: 12000,
        reasoning: 'The screenshot shows 12,000.',
        tournament: { id: 't', name: 'Cup' },
      },
      'The host of Cup changed your points to 12,000: The screenshot shows 12,000.',
    ],
    [
      'a reviewed round is named (record 134): accepted',
      { type: 'TOURNAMENT_POINTS_ACCEPTED', points: 15, round: 2, tournament: { id: 't', name: 'Cup' } },
      'The host of Cup accepted your round 2: 15 points.',
    ],
    [
      'a reviewed round is named (record 134): set to nothing, which rejects it (record 182), with the reason',
      {
        type: 'TOURNAMENT_POINTS_CHANGED',
        points: 0,
        round: 3,
        reasoning: 'No proof of that score.',
        tournament: { id: 't', name: 'Cup' },
      },
      'The host of Cup rejected your round 3: No proof of that score.',
    ],
    [
      'a payout names the place and the coins',
      { type: 'TOURNAMENT_PAYOUT_RECEIVED', payout: 1656, place: 1, tournament: { id: 't', name: 'Cup' } },
      'You placed 1st in Cup and won 1,656 coins!',
    ],
    [
      'a finish that paid nothing names the place',
      { type: 'TOURNAMENT_FINISHED', place: 4, tournament: { id: 't', name: 'Cup' } },
      'Cup has ended: you placed 4th.',
    ],
    [
      'a shared place names its range',
      { type: 'TOURNAMENT_FINISHED', place: 5, placeTo: 8, tournament: { id: 't', name: 'Cup' } },
      'Cup has ended: you share 5th–8th place.',
    ],
    [
      'a free tournament’s winner is told they won',
      { type: 'TOURNAMENT_FINISHED', place: 1, tournament: { id: 't', name: 'Cup' } },
      'You won Cup!',
    ],
    [
      'an entrant without a place is told it has finished',
      { type: 'TOURNAMENT_FINISHED', tournament: { id: 't', name: 'Cup' } },
      'Cup has ended. See the standings.',
    ],
    [
      'a free tournament’s host is told it has ended, and who won it',
      { type: 'TOURNAMENT_FINISHED', tournament: { id: 't', name: 'Cup' }, isAdmin: true, winner: user('Ben') },
      'Cup, which you host, has ended: Ben won it.',
    ],
    [
      'a host whose table has no one winner is sent to the standings',
      { type: 'TOURNAMENT_FINISHED', tournament: { id: 't', name: 'Cup' }, isAdmin: true },
      'Cup, which you host, has ended. See its standings.',
    ],
    [
      'a points table’s start asks for the rounds',
      { type: 'TOURNAMENT_POINTS_OPEN', tournament: { id: 't', name: 'Cup' } },
      'Cup has started: submit your points for each round, with a screenshot as proof.',
    ],
    [
      'a battle waiting for a platform admin names both players to the admins',
      { type: 'ADMIN_BATTLE_AWAITING', battle: 'b', users: [user('Ann'), user('Ben')], isAdmin: true },
      'The battle of Ann and Ben is disputed and waits for a platform admin to decide it.',
    ],
    [
      'a won battle names the prize',
      { type: 'BATTLE_ENDED', opponent: user('Ben'), winner: user('Me'), payout: 260 },
      'You beat Ben and won 260 coins!',
    ],
    [
      'a match’s check-in says how long it is open',
      { type: 'TOURNAMENT_MATCH_CHECK_IN', tournament: { id: 't', name: 'Cup' }, match: 'm', minutes: 10 },
      'Your match in Cup is ready. Check in within 10 minutes, or you forfeit it.',
    ],
    [
      'a match’s check-in names the other side',
      {
        type: 'TOURNAMENT_MATCH_CHECK_IN',
        tournament: { id: 't', name: 'Cup' },
        match: 'm',
        minutes: 10,
        opponent: user('Ben'),
      },
      'Your match against Ben in Cup is ready. Check in within 10 minutes, or you forfeit it.',
    ],
    [
      'a round robin’s check-in says it counts for all the side’s matches',
      {
        type: 'TOURNAMENT_MATCH_CHECK_IN',
        tournament: { id: 't', name: 'Cup' },
        match: 'm',
        minutes: 10,
        reasoning: 'all',
      },
      'Your matches in Cup are ready. Check in within 10 minutes: one check-in counts for all your ready matches, and without it you forfeit them.',
    ],
    [
      'one check-in’s close of several matches won alike is one notice',
      {
        type: 'TOURNAMENT_MATCH_NO_SHOW',
        tournament: { id: 't', name: 'Cup' },
        match: 'm',
        reasoning: 'won',
        matches: 2,
      },
      'Your opponents did not check in to 2 of your matches in Cup. You win them.',
    ],
    [
      'a party member’s ready match names the other team',
      {
        type: 'TOURNAMENT_MATCH_READY',
        tournament: { id: 't', name: 'Cup' },
        match: 'm',
        reasoning: 'member',
        opponent: { uid: 'party', displayName: 'Red Foxes' },
      },
      'Your party’s match against Red Foxes in Cup is ready. Play it together: your party leader reports the result.',
    ],
    [
      'a ready match names its round after the tournament',
      {
        type: 'TOURNAMENT_MATCH_READY',
        tournament: { id: 't', name: 'Cup' },
        match: 'm',
        matchRound: { stage: 'losers-round', number: 2 },
        opponent: user('Ben'),
      },
      'Your match against Ben in Cup (losers round 2) is ready. Play it and report the result.',
    ],
    [
      'a dispute names the match by its round, for its host',
      {
        type: 'ADMIN_TOURNAMENT_CONFLICT',
        tournament: { id: 't', name: 'Cup' },
        match: 'm',
        matchRound: { stage: 'grand-final', number: 1 },
        isAdmin: true,
      },
      'Players in your tournament Cup (grand final) reported different winners. Resolve it.',
    ],
    [
      'a ready match without check-in names the other side',
      { type: 'TOURNAMENT_MATCH_READY', tournament: { id: 't', name: 'Cup' }, match: 'm', opponent: user('Ben') },
      'Your match against Ben in Cup is ready. Play it and report the result.',
    ],
    [
      'a match report that names the reader the winner says "you"',
      {
        type: 'TOURNAMENT_OPPONENT_REPORTED',
        tournament: { id: 't', name: 'Cup' },
        winner: user('Me'),
        reasoning: 'you',
      },
      'Your opponent in Cup reported that you won your match. Confirm it to decide the match.',
    ],
    [
      'a match report whose reporters named themselves says "they", not their name',
      {
        type: 'TOURNAMENT_OPPONENT_REPORTED',
        tournament: { id: 't', name: 'Cup' },
        winner: user('Ben'),
        reasoning: 'they',
      },
      'Your opponent in Cup reported that they won your match. Confirm or dispute.',
    ],
    [
      'a match report written before either names the winner',
      { type: 'TOURNAMENT_OPPONENT_REPORTED', tournament: { id: 't', name: 'Cup' }, winner: user('Ben') },
      'Your opponent in Cup reported that Ben won your match. Confirm or dispute.',
    ],
    [
      'a check-in written before it knew its length says now',
      { type: 'TOURNAMENT_MATCH_CHECK_IN', tournament: { id: 't', name: 'Cup' }, match: 'm' },
      'Your match in Cup is ready. Check in now, or you forfeit it.',
    ],
    [
      'a lost battle says so to the loser',
      { type: 'BATTLE_ENDED', opponent: user('Ben'), winner: user('Ben'), payout: 0 },
      'You lost your battle against Ben.',
    ],
    [
      'a free battle won says so without coins',
      { type: 'BATTLE_ENDED', opponent: user('Ben'), winner: user('Me'), payout: 0 },
      'You beat Ben in your battle!',
    ],
    [
      'a battle an admin decided says so to the loser, with the reasoning',
      {
        type: 'BATTLE_ENDED',
        opponent: user('Ben'),
        winner: user('Ben'),
        payout: 0,
        reasoning: 'The score shows 2–0.',
      },
      'A platform admin decided your battle against Ben: you lost. The admin’s reasoning: “The score shows 2–0.”',
    ],
    [
      'and to the winner, with the coins',
      {
        type: 'BATTLE_ENDED',
        opponent: user('Ben'),
        winner: user('Me'),
        payout: 260,
        reasoning: 'The score shows 2–0.',
      },
      'A platform admin decided your battle against Ben: you won 260 coins. The admin’s reasoning: “The score shows 2–0.”',
    ],
    [
      'a battle an admin cancelled says so, with the fee back and the reasoning',
      { type: 'BATTLE_CANCELLED', opponent: user('Ben'), payout: 130, reasoning: 'Both asked.' },
      'A platform admin cancelled your battle against Ben. Your 130 coins are back. The admin’s reasoning: “Both asked.”',
    ],
    [
      'a battle cancelled for no report says only that',
      { type: 'BATTLE_CANCELLED', opponent: user('Ben'), payout: 130 },
      'Your battle against Ben was cancelled. Your 130 coins are back.',
    ],

    [
      'a paid tournament says how much is held, a free one does not',
      { type: 'JOIN_TOURNAMENT', payout: 130, tournament: { id: 't', name: 'Cup' } },
      'You are in Cup: 130 coins are held as your entry fee. Check in during the 30 minutes before the start.',
    ],
    [
      'a join during check-in does not ask to check in: it did',
      { type: 'JOIN_TOURNAMENT', payout: 130, tournament: { id: 't', name: 'Cup' }, reasoning: 'checked-in' },
      'You are in Cup and checked in: 130 coins are held as your entry fee. It starts within 30 minutes.',
    ],
    [
      "a party's entry names its team: its leader checks it in",
      teamJoin('me'),
      'Your team Owls is in Cup. Check your team in during the 30 minutes before the start.',
    ],
    [
      'a member reads that their leader checks the team in',
      teamJoin('ann'),
      'Your team Owls is in Cup. Your leader checks it in during the 30 minutes before the start.',
    ],
    [
      'a party entered during check-in is checked in',
      { ...teamJoin('ann'), reasoning: 'checked-in' },
      'Your team Owls is in Cup and checked in: it starts within 30 minutes.',
    ],
    [
      'a party entry from before it named the leader reads as a player’s',
      teamJoin(undefined),
      'You are in Cup. Check in during the 30 minutes before the start.',
    ],
    [
      'a free join during check-in',
      { type: 'JOIN_TOURNAMENT', payout: 0, tournament: { id: 't', name: 'Cup' }, reasoning: 'checked-in' },
      'You are in Cup and checked in: it starts within 30 minutes.',
    ],
    [
      'a cancelled paid tournament says what came back',
      { type: 'TOURNAMENT_CANCELLED', payout: 270, tournament: { id: 't', name: 'Cup' }, reasoning: 'host' },
      'Cup was cancelled. Your 270 coins are back.',
    ],
    [
      'a host who cancels with a word has it read after the coins (record 162)',
      {
        type: 'TOURNAMENT_CANCELLED',
        payout: 270,
        tournament: { id: 't', name: 'Cup' },
        reasoning: 'host',
        note: 'The server is down.',
      },
      'Cup was cancelled. Your 270 coins are back. The host wrote: The server is down.',
    ],
    [
      'and a free one with its word',
      { type: 'TOURNAMENT_CANCELLED', tournament: { id: 't', name: 'Cup' }, reasoning: 'host', note: 'Sorry!' },
      'Cup was cancelled. The host wrote: Sorry!',
    ],
    [
      'a tournament cancelled at its start says why, a free one without coins',
      { type: 'TOURNAMENT_CANCELLED', tournament: { id: 't', name: 'Cup' }, reasoning: 'too-few-players' },
      'Cup was cancelled: fewer than 4 entrants checked in.',
    ],
    [
      'a paid one cancelled for inactivity says why and what came back',
      { type: 'TOURNAMENT_CANCELLED', payout: 130, tournament: { id: 't', name: 'Cup' }, reasoning: 'inactivity' },
      'Cup was cancelled after 48 hours without activity. Your 130 coins are back.',
    ],
    [
      'its host is told why, with no word of fees',
      {
        type: 'TOURNAMENT_CANCELLED',
        isAdmin: true,
        tournament: { id: 't', name: 'Cup' },
        reasoning: 'too-few-players',
      },
      'Your tournament Cup was cancelled: fewer than 4 entrants checked in.',
    ],
    [
      'a host’s decision of a disputed match gives its reasoning to both sides',
      {
        type: 'ADMIN_CHANGE_MATCH_WINNER',
        tournament: { id: 't', name: 'Cup' },
        winner: user('Ben'),
        reasoning: 'His screenshot shows the final score.',
      },
      'The host set Ben as the winner of your match in Cup. The host’s reasoning: “His screenshot shows the final score.”',
    ],
    [
      'a host’s change without a reasoning says only who won',
      { type: 'ADMIN_CHANGE_MATCH_WINNER', tournament: { id: 't', name: 'Cup' }, winner: user('Ben') },
      'The host set Ben as the winner of your match in Cup.',
    ],
    [
      'a prize for a shared place says it is shared',
      {
        type: 'TOURNAMENT_PAYOUT_RECEIVED',
        tournament: { id: 't', name: 'Cup' },
        place: 1,
        placeTo: 2,
        payout: 1880,
      },
      'You shared 1st–2nd place in Cup and won 1,880 coins!',
    ],
    [
      'a challenge says what it stakes, and that it expires',
      { type: 'CHALLENGED_TO_BATTLE', challenge: 'c', opponent: user('Ann'), payout: 130 },
      'Ann challenged you to a battle for 130 coins each: the winner takes twice that. A challenge expires 30 minutes after it is sent.',
    ],
    [
      'a free challenge says it is free',
      { type: 'CHALLENGED_TO_BATTLE', challenge: 'c', opponent: user('Ann'), payout: 0 },
      'Ann challenged you to a free battle. A challenge expires 30 minutes after it is sent.',
    ],
    [
      'a challenge names its game',
      { type: 'CHALLENGED_TO_BATTLE', challenge: 'c', game: 'dota-2', opponent: user('Ann'), payout: 130 },
      'Ann challenged you to a battle in Dota 2 for 130 coins each: the winner takes twice that. A challenge expires 30 minutes after it is sent.',
    ],
    [
      'a free challenge names its game',
      { type: 'CHALLENGED_TO_BATTLE', challenge: 'c', game: 'valorant', opponent: user('Ann'), payout: 0 },
      'Ann challenged you to a free battle in VALORANT. A challenge expires 30 minutes after it is sent.',
    ],
    [
      'a challenge in "Other games" names no game',
      { type: 'CHALLENGED_TO_BATTLE', challenge: 'c', game: 'other-games', opponent: user('Ann'), payout: 0 },
      'Ann challenged you to a free battle. A challenge expires 30 minutes after it is sent.',
    ],
    [
      'a challenge about to expire says when, by the rule that times it',
      { type: 'CHALLENGE_EXPIRING', challenge: 'c', opponent: user('Ann') },
      'Ann’s challenge expires in 10 minutes. Accept it or let it go.',
    ],
    [
      'a tournament about to start says when, by the rule that times it',
      { type: 'TOURNAMENT_STARTING_SOON', tournament: { id: 't', name: 'Cup' } },
      'Cup starts in 30 minutes. Check in on its page if you have not yet.',
    ],
    [
      'a host’s edit names what changed',
      { type: 'TOURNAMENT_EDITED', tournament: { id: 't', name: 'Cup' }, changed: ['startTime', 'rules'] },
      'The host changed the start time and the rules of Cup.',
    ],
    [
      'an edit from before its fields were named says to check the details',
      { type: 'TOURNAMENT_EDITED', tournament: { id: 't', name: 'Cup' } },
      'The host changed Cup. Check the details.',
    ],
    [
      'a mention names who and where',
      { type: 'TOURNAMENT_ROOM_MENTION', users: [user('Ann')], tournament: { id: 't', name: 'Cup' } },
      'Ann mentioned you in the chat of Cup',
    ],
    [
      'a prize draw won names its month by name and its prize (record 170)',
      { type: 'CAMPAIGN_DRAW_WON', campaign: { month: '2026-11', prize: 'A headset' } },
      'Congratulations: you won the monthly prize draw of November 2026, which each wagered battle you played that month entered. The prize: A headset.',
    ],
    [
      'a withdrawal paid names the coins (record 170)',
      { type: 'WITHDRAWAL_PAID', payout: 1500, withdrawal: { source: 'funds' } },
      'Your withdrawal of 1,500 coins was paid to your PayPal account.',
    ],
    [
      "a creator's redemption refused says which balance the coins went back to",
      { type: 'WITHDRAWAL_FAILED', payout: 1000, withdrawal: { source: 'creator' } },
      'PayPal did not pay your creator earnings of 1,000 coins. The coins are back in your creator balance.',
    ],
    [
      'and a month whose prize was never set says none',
      { type: 'CAMPAIGN_DRAW_WON', campaign: { month: '2026-11', prize: null } },
      'Congratulations: you won the monthly prize draw of November 2026, which each wagered battle you played that month entered.',
    ],
  ])('%s', (_, fields, text) => {
    expect(describeNotification(t.t, 'en-GB', item(fields), 'me')).toBe(text);
  });

  /** The web app's i18next with the Finnish page texts, as the notifications list renders them. */
  const finnish = () => {
    i18n.addResourceBundle('fi-FI', 'translation', fiFI, true, false);
    return { t: i18n.getFixedT('fi-FI') };
  };

  it("ends a shared place in Finnish with one full stop, not the ordinal's and another", () => {
    const fi = finnish();
    const finished = item({ type: 'TOURNAMENT_FINISHED', place: 3, placeTo: 4, tournament: { id: 't', name: 'Cup' } });
    expect(describeNotification(fi.t, 'fi-FI', finished, 'me')).toBe(
      'Turnaus Cup on päättynyt: sijoituit jaetulle 3.–4. sijalle.',
    );
  });

  it('says the minutes of the rules in Finnish too', () => {
    const fi = finnish();
    const challenged = item({ type: 'CHALLENGED_TO_BATTLE', challenge: 'c', opponent: user('Ann'), payout: 0 });
    expect(describeNotification(fi.t, 'fi-FI', challenged, 'me')).toBe(
      'Ann haastoi sinut ilmaiseen kaksinkamppailuun. Haaste vanhenee 30 minuutin kuluttua lähettämisestä.',
    );
    const expiring = item({ type: 'CHALLENGE_EXPIRING', challenge: 'c', opponent: user('Ann') });
    expect(describeNotification(fi.t, 'fi-FI', expiring, 'me')).toBe(
      'Pelaajan Ann haaste vanhenee 10 minuutin kuluttua. Hyväksy se tai anna sen raueta.',
    );
  });

  it("tells the reader's own no-show of the ban it brought while it lasts, in their language (walk AE)", () => {
    const fi = finnish();
    const now = Date.now();
    const banned = {
      matches: 6,
      noShows: 2,
      noShowLog: [
        { at: now - 3_600_000, match: 'old/m' },
        { at: now - 60_000, match: 'cup/m' },
      ],
    };
    const until = now - 60_000 + 86_400_000;
    const noShow = (reasoning: string) =>
      item({ type: 'TOURNAMENT_MATCH_NO_SHOW', reasoning, tournament: { id: 'cup', name: 'Cup' }, match: 'm' });
    expect(describeNotification(t.t, 'en-GB', noShow('forfeited'), 'me', banned)).toBe(
      `You did not check in to your match in Cup, so you forfeited it. You cannot join paid tournaments until ${mediumDateTime('en-GB').format(until)}, for repeated no-shows.`,
    );
    expect(describeNotification(fi.t, 'fi-FI', noShow('forfeited'), 'me', banned)).toBe(
      `Et ilmoittautunut paikalle otteluusi turnauksessa Cup, joten luovutit sen. Et voi liittyä maksullisiin turnauksiin ${mediumDateTime('fi-FI').format(until)} asti toistuvien poissaolojen vuoksi.`,
    );
    // The side that came, a lifted ban, or another tournament's no-show: the line alone.
    expect(describeNotification(t.t, 'en-GB', noShow('won'), 'me', banned)).toBe(
      'Your opponent in Cup did not check in. You win the match.',
    );
    expect(describeNotification(t.t, 'en-GB', noShow('forfeited'), 'me', { ...banned, liftedAt: now })).toBe(
      'You did not check in to your match in Cup, so you forfeited it.',
    );
    const elsewhere = item({
      type: 'TOURNAMENT_MATCH_NO_SHOW',
      reasoning: 'forfeited',
      tournament: { id: 'old', name: 'Old' },
      match: 'm',
    });
    expect(describeNotification(t.t, 'en-GB', elsewhere, 'me', banned)).toBe(
      'You did not check in to your match in Old, so you forfeited it.',
    );
  });

  it('names what a host changed in Finnish, listed the Finnish way', () => {
    const fi = finnish();
    const edited = item({
      type: 'TOURNAMENT_EDITED',
      tournament: { id: 't', name: 'Cup' },
      changed: ['startTime', 'rules', 'coverImage'],
    });
    expect(describeNotification(fi.t, 'fi-FI', edited, 'me')).toBe(
      'Järjestäjä muutti turnauksen Cup tietoja: alkamisaika, säännöt ja kansikuva.',
    );
  });

  it('says in Finnish what the host made of a round: its new points, or that it was rejected (record 182)', () => {
    const fi = finnish();
    const changed = (points: number) =>
      item({
        type: 'TOURNAMENT_POINTS_CHANGED',
        points,
        round: 2,
        reasoning: 'Kuva.',
        tournament: { id: 't', name: 'Cup' },
      });
    expect(describeNotification(fi.t, 'fi-FI', changed(50), 'me')).toBe(
      'Turnauksen Cup järjestäjä muutti kierroksen 2 pisteesi 50:ksi. Perustelu: Kuva.',
    );
    expect(describeNotification(fi.t, 'fi-FI', changed(0), 'me')).toBe(
      'Turnauksen Cup järjestäjä hylkäsi kierroksen 2 pisteesi. Perustelu: Kuva.',
    );
  });

  it("says when a moved start now is, in the reader's language, and what else changed (record 182)", () => {
    const fi = finnish();
    const start = Date.UTC(2026, 11, 24, 17, 30);
    const moved = item({
      type: 'TOURNAMENT_EDITED',
      tournament: { id: 't', name: 'Cup' },
      changed: ['startTime', 'rules'],
      startTime: start,
    });
    expect(describeNotification(fi.t, 'fi-FI', moved, 'me')).toBe(
      `Järjestäjä siirsi turnauksen Cup alkamaan ${mediumDateTime('fi-FI').format(start)} ja muutti sen tietoja: säännöt.`,
    );
    expect(describeNotification(t.t, 'en-GB', { ...moved, changed: ['startTime'] }, 'me')).toBe(
      `The host moved the start of Cup to ${mediumDateTime('en-GB').format(start)}.`,
    );
  });

  it("names a prize draw's month in Finnish", () => {
    const fi = finnish();
    const won = item({ type: 'CAMPAIGN_DRAW_WON', campaign: { month: '2026-11', prize: 'Kuulokkeet' } });
    expect(describeNotification(fi.t, 'fi-FI', won, 'me')).toBe(
      'Onneksi olkoon: voitit kuukauden arvonnan (marraskuu 2026), johon jokainen sinä kuussa panoksella pelaamasi kaksinkamppailu osallistui. Palkinto: Kuulokkeet.',
    );
    expect(categoryOf('CAMPAIGN_DRAW_WON')).toBe('battles');
    expect(notificationTarget(won)).toBeNull();
  });

  it('lists gathered names in Finnish with one "ja", before the count of the rest', () => {
    const fi = finnish();
    const joined = item({
      type: 'USER_JOINED_ADMIN_TOURNAMENT',
      users: [user('Ann'), user('Ben'), user('Cy')],
      people: 7,
      tournament: { id: 't', name: 'Cup' },
    });
    const text = describeNotification(fi.t, 'fi-FI', joined, 'me');
    expect(text).toContain('Ann, Ben, Cy ja 4 muuta');
    expect(text.match(/ ja /g)).toHaveLength(1);
  });

  it('leads to the place to act', () => {
    expect(notificationTarget(item({ users: [user('Ann')] }))).toBe('/user/ann');
    expect(
      notificationTarget(
        item({ type: 'ADMIN_TOURNAMENT_CONFLICT', isAdmin: true, tournament: { id: 't', name: 'Cup' }, match: '3' }),
      ),
    ).toBe('/tournaments/resolve-conflict/t/3');
    expect(notificationTarget(item({ type: 'BATTLE_ENDED', battle: 'b1' }))).toBe('/battles/b1');
    // A match to check in to, report or answer: the player's match on the tournament's page.
    for (const type of ['TOURNAMENT_MATCH_CHECK_IN', 'TOURNAMENT_OPPONENT_REPORTED'] as const)
      expect(notificationTarget(item({ type, tournament: { id: 't', name: 'Cup' }, match: '3' }))).toBe(
        '/tournaments/t#current-match',
      );
    expect(notificationTarget(item({ type: 'TOURNAMENT_FINISHED', tournament: { id: 't', name: 'Cup' } }))).toBe(
      '/tournaments/t/standings',
    );
    // An invite to a party: its answer, the party panel (it opened the tab at its top, the answer below the fold).
    const invite = item({
      type: 'INVITED_TO_PARTY',
      tournament: { id: 't', name: 'Cup' },
      party: { id: 'p', teamName: 'Red Foxes' },
    });
    expect(notificationTarget(invite)).toBe('/tournaments/t/participants#party');
    // A mention: its message in the room (the room opened on its newest, the mention out of sight).
    const mention = { type: 'TOURNAMENT_ROOM_MENTION', tournament: { id: 't', name: 'Cup' } } as const;
    expect(notificationTarget(item({ ...mention, message: 'm1' }))).toBe('/tournaments/t?message=m1#chat');
    expect(notificationTarget(item(mention))).toBe('/tournaments/t#chat');
    expect(categoryOf('CHALLENGE_DECLINED')).toBe('battles');
    expect(categoryOf('PARTY_REMOVED')).toBe('tournaments');
    expect(categoryOf('DATA_EXPORT_READY')).toBe('account');
    expect(notificationTarget(item({ type: 'DATA_EXPORT_READY' }))).toBe('/profile/privacy');
    expect(categoryOf('WITHDRAWAL_FAILED')).toBe('account');
    expect(notificationTarget(item({ type: 'WITHDRAWAL_PAID' }))).toBe('/profile/withdraw');
  });
});
