import { describe, expect, it } from 'vitest';
import { alertKindOf } from '@versus/domain/alerts/alerts';
import { alertTexts, describeAlert } from './texts';

describe("an alert's texts", () => {
  it('are spelled the American way in en-US, the rest as en-GB writes it', () => {
    const [british, american] = [alertTexts('en-GB'), alertTexts('en-US')];
    expect(american('mail.why', { kind: 'Match ready' })).toBe(
      'You get this email because email alerts for “Match ready” are on in your Versus settings.',
    );
    expect(american('mail.off')).toBe('Turn off these emails');
    expect(british('mail.off')).toBe('Turn off these e-mails');
    expect(american('mail.open')).toBe(british('mail.open'));
    expect(american('kind.matchReady')).toBe(british('kind.matchReady'));
  });

  it('say of a match report whether the reader or the reporters won, in the reader’s language', () => {
    const reported = (reasoning: string) => ({
      type: 'TOURNAMENT_OPPONENT_REPORTED' as const,
      tournament: { id: 't', name: 'Cup' },
      match: 'm',
      winner: { uid: 'ben', displayName: 'Ben' },
      reasoning,
    });
    const line = (language: 'en-GB' | 'fi-FI', reasoning: string) =>
      describeAlert(language, 'opponentReported', reported(reasoning), 'me').line;
    expect(line('en-GB', 'they')).toBe('Your opponent in Cup reported that they won your match. Confirm or dispute.');
    expect(line('en-GB', 'you')).toBe(
      'Your opponent in Cup reported that you won your match. Confirm it to decide the match.',
    );
    expect(line('fi-FI', 'they')).toBe(
      'Vastustajasi turnauksessa Cup ilmoitti voittaneensa ottelunne. Vahvista tai kiistä.',
    );
  });

  it('say why a tournament was cancelled, the fee given back and the host’s words; the host’s copy and a dropped place too (record 183)', () => {
    const cancelled = {
      type: 'TOURNAMENT_CANCELLED' as const,
      tournament: { id: 't', name: 'Cup' },
      reasoning: 'host',
      payout: 1300,
      note: 'The server is down.',
    };
    expect(alertKindOf(cancelled)).toBe('tournamentCancelled');
    expect(describeAlert('en-GB', 'tournamentCancelled', cancelled, 'me')).toEqual({
      title: 'Your tournament was cancelled',
      setting: 'Your tournament was cancelled',
      line: 'Cup was cancelled. Your 1,300 coins are back. The host wrote: The server is down.',
    });
    expect(describeAlert('fi-FI', 'tournamentCancelled', cancelled, 'me')).toMatchObject({
      title: 'Turnauksesi peruttiin',
      line: 'Turnaus Cup peruttiin. 1\u00a0300 kolikkoasi palautettiin. Järjestäjä kirjoitti: The server is down.',
    });
    const tooFew = {
      type: 'TOURNAMENT_CANCELLED' as const,
      tournament: { id: 't', name: 'Cup' },
      reasoning: 'too-few-players',
    };
    expect(describeAlert('en-GB', 'tournamentCancelled', tooFew, 'me').line).toBe(
      'Cup was cancelled: fewer than 4 entrants checked in.',
    );
    expect(describeAlert('en-GB', 'tournamentCancelled', { ...tooFew, isAdmin: true }, 'me').line).toBe(
      'Your tournament Cup was cancelled: fewer than 4 entrants checked in.',
    );
    // A place given up goes on under the same kind, titled as what it is: the tournament goes on.
    expect(describeAlert('fi-FI', 'tournamentCancelled', { ...tooFew, reasoning: 'not-checked-in' }, 'me')).toEqual({
      title: 'Paikkasi turnauksessa vapautui',
      setting: 'Turnauksesi peruttiin',
      line: 'Et ilmoittautunut paikalle turnaukseen Cup: paikkasi vapautui ja mahdollinen maksu palautettiin.',
    });
  });

  it('name a moved start in the tournament’s zone, with what else changed; an edit that did not move it is no alert (record 183)', () => {
    const edited = {
      type: 'TOURNAMENT_EDITED' as const,
      tournament: { id: 't', name: 'Cup' },
      changed: ['startTime' as const, 'rules' as const, 'description' as const],
      startTime: Date.UTC(2026, 11, 24, 15, 30),
      timeZone: 'Europe/Helsinki',
    };
    expect(alertKindOf(edited)).toBe('tournamentMoved');
    expect(alertKindOf({ ...edited, changed: ['rules'], startTime: undefined })).toBeNull();
    expect(describeAlert('en-GB', 'tournamentMoved', edited, 'me')).toEqual({
      title: 'Your tournament’s start moved',
      setting: 'Your tournament’s start moved',
      line: 'The host moved the start of Cup to 24 Dec 2026, 17:30 (EET), and changed the rules and the description.',
    });
    expect(describeAlert('fi-FI', 'tournamentMoved', { ...edited, changed: ['startTime'] }, 'me').line).toBe(
      'Järjestäjä siirsi turnauksen Cup alkamaan 24.12.2026 klo 17.30 (UTC+2).',
    );
  });

  it("write a prize's coins with the reader's digit grouping, as the web app's notifications do", () => {
    const paid = {
      type: 'TOURNAMENT_PAYOUT_RECEIVED' as const,
      tournament: { id: 't', name: 'Cup' },
      place: 1,
      payout: 1260,
    };
    expect(describeAlert('en-GB', 'payout', paid, 'me')).toEqual({
      title: 'Prize paid',
      setting: 'Prize paid',
      line: 'You placed 1st in Cup and won 1,260 coins!',
    });
    expect(describeAlert('fi-FI', 'payout', paid, 'me').line).toBe(
      'Sijoituit 1. sijalle turnauksessa Cup ja voitit 1\u00a0260 kolikkoa!',
    );
    // A place shared with others (a bracket's semi-final losers) says so.
    const shared = { ...paid, place: 3, placeTo: 4, payout: 140 };
    expect(describeAlert('en-US', 'payout', shared, 'me').line).toBe(
      'You shared 3rd–4th place in Cup and won 140 coins!',
    );
    expect(describeAlert('fi-FI', 'payout', shared, 'me').line).toBe(
      'Sijoituit jaetulle 3.–4. sijalle turnauksessa Cup ja voitit 140 kolikkoa!',
    );
    // The host's share comes under the same kind, titled as what it is.
    const share = {
      type: 'ADMIN_TOURNAMENT_PAYOUT_RECEIVED' as const,
      tournament: { id: 't', name: 'Cup' },
      payout: 126,
      isAdmin: true,
    };
    // Its e-mail names the Settings row that turns it off: there is no row of its own (record 170).
    expect(describeAlert('en-US', 'payout', share, 'me')).toEqual({
      title: 'Host share paid',
      setting: 'Prize paid',
      line: 'Cup is finished. Your host share: 126 coins.',
    });
    expect(describeAlert('fi-FI', 'payout', share, 'me').title).toBe('Järjestäjän osuus maksettu');
  });

  it('say what a challenge stakes, or that it is free, and when it expires', () => {
    const challenged = (payout: number) => ({
      type: 'CHALLENGED_TO_BATTLE' as const,
      challenge: 'c',
      opponent: { uid: 'ann', displayName: 'Ann' },
      payout,
    });
    expect(describeAlert('en-GB', 'challenge', challenged(1300), 'me').line).toBe(
      'Ann challenged you to a battle for 1,300 coins each: the winner takes twice that. A challenge expires 30 minutes after it is sent.',
    );
    expect(describeAlert('fi-FI', 'challenge', challenged(0), 'me').line).toBe(
      'Ann haastoi sinut ilmaiseen kaksinkamppailuun. Haaste vanhenee 30 minuutin kuluttua lähettämisestä.',
    );
    // Its game, by its name in every language (record 182); "Other games" names none.
    expect(describeAlert('fi-FI', 'challenge', { ...challenged(1300), game: 'league-of-legends' }, 'me').line).toBe(
      'Ann haastoi sinut kaksinkamppailuun pelissä League of Legends. Osallistumismaksu on 1\u00a0300 kolikkoa kummaltakin, ja voittaja saa kaksinkertaisen osallistumismaksun. Haaste vanhenee 30 minuutin kuluttua lähettämisestä.',
    );
    expect(describeAlert('en-US', 'challenge', { ...challenged(0), game: 'apex-legends' }, 'me').line).toBe(
      'Ann challenged you to a free battle in Apex Legends. A challenge expires 30 minutes after it is sent.',
    );
    expect(describeAlert('en-GB', 'challenge', { ...challenged(0), game: 'other-games' }, 'me').line).toBe(
      'Ann challenged you to a free battle. A challenge expires 30 minutes after it is sent.',
    );
  });

  it('name the other side of a match that is ready', () => {
    const checkIn = {
      type: 'TOURNAMENT_MATCH_CHECK_IN' as const,
      tournament: { id: 't', name: 'Cup' },
      match: 'm',
      minutes: 10,
      opponent: { uid: 'ben', displayName: 'Ben' },
    };
    expect(describeAlert('fi-FI', 'checkIn', checkIn, 'me').line).toBe(
      'Ottelusi turnauksessa Cup on valmis: vastassasi on Ben. Ilmoittaudu paikalle 10 minuutin kuluessa, muuten luovutat ottelun.',
    );
    expect(describeAlert('en-GB', 'checkIn', checkIn, 'me').line).toBe(
      'Your match against Ben in Cup is ready. Check in within 10 minutes, or you forfeit it.',
    );
    // Its round after the tournament's name, as the bracket names it.
    const semiFinal = { ...checkIn, matchRound: { stage: 'semi-final' as const, number: 2 } };
    expect(describeAlert('fi-FI', 'checkIn', semiFinal, 'me').line).toBe(
      'Ottelusi turnauksessa Cup (välierä) on valmis: vastassasi on Ben. Ilmoittaudu paikalle 10 minuutin kuluessa, muuten luovutat ottelun.',
    );
    expect(describeAlert('en-US', 'checkIn', semiFinal, 'me').line).toBe(
      'Your match against Ben in Cup (semifinal) is ready. Check in within 10 minutes, or you forfeit it.',
    );
    // A round robin's check-in counts for all the side's open matches (record 176): it says so.
    const forAll = { ...checkIn, reasoning: 'all', matchRound: { stage: 'round' as const, number: 1 } };
    expect(describeAlert('en-GB', 'checkIn', forAll, 'me').line).toBe(
      'Your match against Ben in Cup (round 1) is ready. Check in within 10 minutes: one check-in counts for all your ready matches, and without it you forfeit them.',
    );
    expect(describeAlert('fi-FI', 'checkIn', forAll, 'me').line).toBe(
      'Ottelusi turnauksessa Cup (kierros 1) on valmis: vastassasi on Ben. Ilmoittaudu paikalle 10 minuutin kuluessa: yksi ilmoittautuminen kattaa kaikki valmiit ottelusi, ja ilman sitä luovutat ne.',
    );
    // Its close of several matches alike is one alert, with how many.
    const lost = { type: 'TOURNAMENT_MATCH_NO_SHOW' as const, tournament: { id: 't', name: 'Cup' }, match: 'm' };
    expect(describeAlert('fi-FI', 'matchDecided', { ...lost, reasoning: 'forfeited', matches: 3 }, 'me').line).toBe(
      'Et ilmoittautunut paikalle 3 otteluusi turnauksessa Cup, joten luovutit ne.',
    );
    expect(describeAlert('en-US', 'matchDecided', { ...lost, reasoning: 'won', matches: 2 }, 'me')).toMatchObject({
      title: 'Your matches were decided',
      line: 'Your opponents did not check in to 2 of your matches in Cup. You win them.',
    });
    expect(describeAlert('en-GB', 'matchDecided', { ...lost, reasoning: 'both', matches: 2 }, 'me').line).toBe(
      'Neither side checked in to 2 of your matches in Cup. They were decided by the no-show rule.',
    );
    // Both away, the higher seed through: each side reads which way it went (record 192).
    const ben = { uid: 'ben', displayName: 'Ben' };
    expect(describeAlert('en-GB', 'matchDecided', { ...lost, reasoning: 'both-lost', winner: ben }, 'me').line).toBe(
      'Neither side checked in to your match in Cup, so it went to the higher seed: Ben wins it.',
    );
    expect(describeAlert('fi-FI', 'matchDecided', { ...lost, reasoning: 'both-won', winner: ben }, 'ben').line).toBe(
      'Kumpikaan osapuoli ei ilmoittautunut paikalle otteluusi turnauksessa Cup, joten ottelu ratkesi korkeammalle sijoitetun hyväksi: voitit sen.',
    );
    expect(describeAlert('en-US', 'matchDecided', { ...lost, reasoning: 'both-lost', matches: 2 }, 'me').line).toBe(
      'Neither side checked in to 2 of your matches in Cup, so they went to the higher seed: you lose them.',
    );
  });

  it('say how a match was decided without the player: the host, with their reasoning, or the check-in (record 165)', () => {
    const decided = {
      type: 'ADMIN_CHANGE_MATCH_WINNER' as const,
      tournament: { id: 't', name: 'Cup' },
      match: 'm',
      winner: { uid: 'ben', displayName: 'Ben' },
      reasoning: 'The scoreboard shows 3-1.',
    };
    expect(describeAlert('en-GB', 'matchDecided', decided, 'me')).toEqual({
      title: 'Your match was decided',
      setting: 'Your match was decided',
      line: 'The host set Ben as the winner of your match in Cup. The host’s reasoning: “The scoreboard shows 3-1.”',
    });
    expect(describeAlert('fi-FI', 'matchDecided', { ...decided, reasoning: undefined }, 'me')).toEqual({
      title: 'Ottelusi ratkaistiin',
      setting: 'Ottelusi ratkaistiin',
      line: 'Järjestäjä ratkaisi ottelusi turnauksessa Cup. Voittaja: Ben.',
    });
    const noShow = { type: 'TOURNAMENT_MATCH_NO_SHOW' as const, tournament: { id: 't', name: 'Cup' }, match: 'm' };
    expect(describeAlert('en-GB', 'matchDecided', { ...noShow, reasoning: 'forfeited' }, 'me').line).toBe(
      'You did not check in to your match in Cup, so you forfeited it.',
    );
    expect(describeAlert('fi-FI', 'matchDecided', { ...noShow, reasoning: 'won' }, 'me').line).toBe(
      'Vastustajasi turnauksessa Cup ei ilmoittautunut paikalle. Voitit ottelun.',
    );
  });

  it('tell a side that did not come of the ban its no-show brought, until when (walk AE)', () => {
    const forfeited = {
      type: 'TOURNAMENT_MATCH_NO_SHOW' as const,
      tournament: { id: 't', name: 'Cup' },
      match: 'm',
      reasoning: 'forfeited',
      bannedUntil: Date.UTC(2026, 11, 8, 9, 30),
    };
    expect(describeAlert('en-GB', 'matchDecided', forfeited, 'me').line).toBe(
      'You did not check in to your match in Cup, so you forfeited it. You cannot join paid tournaments until 8 Dec 2026, 09:30 (UTC), for repeated no-shows.',
    );
    expect(describeAlert('fi-FI', 'matchDecided', forfeited, 'me').line).toBe(
      'Et ilmoittautunut paikalle otteluusi turnauksessa Cup, joten luovutit sen. Et voi liittyä maksullisiin turnauksiin 8.12.2026 klo 9.30 (UTC) asti toistuvien poissaolojen vuoksi.',
    );
    expect(describeAlert('en-GB', 'matchDecided', { ...forfeited, bannedUntil: null }, 'me').line).toBe(
      'You did not check in to your match in Cup, so you forfeited it.',
    );
  });

  it("say to each player how a platform admin decided their battle, with the admin's reasoning (record 173)", () => {
    const ended = {
      type: 'BATTLE_ENDED' as const,
      battle: 'b',
      opponent: { uid: 'ben', displayName: 'Ben' },
      winner: { uid: 'me', displayName: 'Me' },
      payout: 2600,
      reasoning: 'The score screen shows 3–1.',
    };
    expect(describeAlert('en-GB', 'battleDecided', ended, 'me')).toEqual({
      title: 'An admin decided or cancelled your battle',
      setting: 'An admin decided or cancelled your battle',
      line: 'A platform admin decided your battle against Ben: you won 2,600 coins. The admin’s reasoning: “The score screen shows 3–1.”',
    });
    const lost = { ...ended, opponent: { uid: 'me', displayName: 'Me' }, payout: 0 };
    expect(describeAlert('fi-FI', 'battleDecided', lost, 'ben')).toEqual({
      title: 'Ylläpitäjä ratkaisi tai perui kaksinkamppailusi',
      setting: 'Ylläpitäjä ratkaisi tai perui kaksinkamppailusi',
      line: 'Alustan ylläpitäjä ratkaisi kaksinkamppailusi pelaajaa Me vastaan: hävisit. Ylläpitäjän perustelu: ”The score screen shows 3–1.”',
    });
    const cancelled = { type: 'BATTLE_CANCELLED' as const, battle: 'b', opponent: ended.opponent, payout: 130 };
    expect(describeAlert('en-US', 'battleDecided', { ...cancelled, reasoning: 'Both asked.' }, 'me').line).toBe(
      'A platform admin canceled your battle against Ben. Your 130 coins are back. The admin’s reasoning: “Both asked.”',
    );
    // Only a decision is an alert: a battle the players ended themselves, or the admin's own copy, is not.
    expect(alertKindOf(ended)).toBe('battleDecided');
    expect(alertKindOf({ ...cancelled, reasoning: 'Both asked.' })).toBe('battleDecided');
    expect(alertKindOf({ ...ended, reasoning: undefined })).toBeNull();
    expect(alertKindOf(cancelled)).toBeNull();
    expect(alertKindOf({ ...ended, isAdmin: true })).toBeNull();
  });

  it('name the minutes of the rules that time a reminder, in its title too', () => {
    const expiring = {
      type: 'CHALLENGE_EXPIRING' as const,
      challenge: 'c',
      opponent: { uid: 'ann', displayName: 'Ann' },
    };
    expect(describeAlert('en-US', 'challenge', expiring, 'me').line).toBe(
      'Ann’s challenge expires in 10 minutes. Accept it or let it go.',
    );
    const soon = { type: 'TOURNAMENT_STARTING_SOON' as const, tournament: { id: 't', name: 'Cup' } };
    expect(describeAlert('fi-FI', 'tournamentStarts', soon, 'me')).toEqual({
      title: 'Turnauksesi alkaa 30 minuutin kuluttua',
      setting: 'Turnauksesi alkaa 30 minuutin kuluttua',
      line: 'Turnaus Cup alkaa 30 minuutin kuluttua. Ilmoittaudu paikalle turnauksen sivulla, jos et ole vielä ilmoittautunut.',
    });
  });

  it("name both players of a battle waiting for a platform admin, listed in the reader's language", () => {
    const awaiting = {
      type: 'ADMIN_BATTLE_AWAITING' as const,
      battle: 'b',
      users: [
        { uid: 'ann', displayName: 'Ann' },
        { uid: 'ben', displayName: 'Ben' },
      ],
      isAdmin: true,
    };
    expect(describeAlert('en-US', 'dispute', awaiting, 'admin')).toEqual({
      title: 'A dispute needs you',
      setting: 'A dispute needs you',
      line: 'The battle of Ann and Ben is disputed and waits for a platform admin to decide it.',
    });
    expect(describeAlert('fi-FI', 'dispute', awaiting, 'admin').line).toBe(
      'Pelaajien Ann ja Ben kaksinkamppailun tulos on kiistetty, ja se odottaa alustan ylläpitäjän ratkaisua.',
    );
  });
});
