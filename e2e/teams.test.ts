import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminDb, call, createTournament, done, newUser, verifiedUser } from '../functions/test/helpers';
import { focusedIn, shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

/** Team tournaments in the browser: a party built by invite, changed, entered and checked in (SPEC §5 team format). */
describe('teams in the browser', () => {
  it('a leader builds a party of two by invite and enters it; the participants tab shows the team and its crown', async () => {
    const [hostUser, leaderUser, mateUser, rivalUser] = await Promise.all([
      verifiedUser(),
      verifiedUser(),
      verifiedUser(),
      verifiedUser(),
    ]);
    const created = await createTournament(hostUser.token, {
      game: 'rocket-league',
      region: 'GLOB',
      gameFormat: 'TEAM',
      teamSize: 2,
      name: `Duo Cup ${randomUUID().slice(0, 6)}`,
      description: 'Teams of two, free entry, eight teams in the bracket.',
      startTime: Date.now() + 4 * 86_400_000,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const [leader, mate] = await Promise.all([
      signedIn(leaderUser.email, { at: `/tournaments/${id}` }),
      // The mate is on a phone, where the answer sits below the banners and the tabs.
      signedIn(mateUser.email, { width: 375 }),
    ]);

    // A team tournament counts its places in teams.
    await leader.page.getByTestId('participant-count').filter({ hasText: '0/8' }).waitFor();
    expect(await leader.page.getByTestId('participant-count').locator('xpath=..').textContent()).toBe('Teams0/8');
    await leader.page.getByRole('link', { name: 'Create or join a party' }).click();
    // The panel says how a team gets in before its first step.
    await leader.page
      .getByTestId('party-how')
      .getByText('A team enters as a party of 2: create one and invite your teammates,', { exact: false })
      .waitFor();
    // Another party has the name already, written otherwise: the form says so and nothing is made.
    await done(`/tournaments/${id}/createParty`, { token: rivalUser.token, body: { teamName: 'Owl Patrol' } });
    await leader.page.getByTestId('team-name').fill('OWL  PATROL');
    await leader.page.getByTestId('create-party').click();
    await leader.page
      .getByText('A party in this tournament is already called Owl Patrol. Choose another name.')
      .waitFor();
    await leader.page.getByTestId('team-name').fill('Night Owls');
    await leader.page.getByTestId('create-party').click();
    await leader.page.getByTestId('my-party').filter({ hasText: 'Night Owls' }).waitFor();
    // A name nobody has says so (the list stayed empty and silent).
    await leader.page.getByTestId('invite-search').fill('zzqq');
    await leader.page.getByRole('status').filter({ hasText: 'No players found with that name.' }).waitFor();
    // Six names that start alike: the first five, and a word that the others are a few letters on.
    const stem = `Owlet${randomUUID().slice(0, 5)}`;
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => newUser({ displayName: `${stem}${n}` })));
    await leader.page.getByTestId('invite-search').fill(stem);
    await expect.poll(() => leader.page.getByTestId('invite-suggestion').count()).toBe(5);
    // A screen reader, which does not see the list appear, is told what was found.
    await leader.page
      .getByRole('status')
      .filter({ hasText: '5 players found. Arrow Down goes to the list.' })
      .waitFor({ state: 'attached' });
    await leader.page
      .getByTestId('more-suggestions')
      .filter({ hasText: 'Showing the first 5. Type more of the name to find the others.' })
      .waitFor();
    await leader.page.getByTestId('invite-search').fill(`${stem}6`);
    await expect.poll(() => leader.page.getByTestId('invite-suggestion').count()).toBe(1);
    expect(await leader.page.getByTestId('more-suggestions').count()).toBe(0);
    await leader.page.getByTestId('invite-search').fill(mateUser.displayName.slice(0, 12));
    // From the field by the keyboard: Arrow Down to the suggestion, Enter sends the invite.
    await leader.page.getByTestId('invite-suggestion').filter({ hasText: mateUser.displayName }).waitFor();
    await leader.page.keyboard.press('ArrowDown');
    await expect
      .poll(() => leader.page.evaluate(() => document.activeElement?.textContent))
      .toContain(mateUser.displayName);
    await leader.page.keyboard.press('Enter');
    // The suggestion goes with the text: the keyboard waits in the field for the next invite.
    await expect.poll(() => focusedIn(leader.page)).toBe('invite-search');
    // By name, each with Withdraw for the leader; the party is full once the mate answers, so the
    // invite field is gone then.
    await leader.page
      .getByTestId('pending-invites')
      .filter({ hasText: 'Invited, waiting for an answer:' })
      .getByRole('button', { name: `Withdraw the invite of ${mateUser.displayName}` })
      .waitFor();

    // The invitee sees the banner, answers it and joins.
    const banner = mate.page.getByTestId('banner-tournament-party-invite');
    await banner.filter({ hasText: 'Night Owls' }).waitFor();
    // Scrolled to one line, it still says what it asks, not only the tournament's name.
    expect(await banner.locator('.banner-short').textContent()).toBe('Party invite: Night Owls');
    await shot(mate, 'tournament-4-invite-banner');
    // The tournament's own page says who invited whom where, and leads to the answer.
    await mate.page.goto(`${WEB}/tournaments/${id}`);
    await mate.page
      .getByTestId('tournament-status')
      .filter({ hasText: `${leaderUser.displayName} invited you to the party Night Owls.` })
      .waitFor();
    expect(await mate.page.getByRole('link', { name: 'Answer the invitation' }).getAttribute('href')).toBe(
      `/tournaments/${id}/participants`,
    );
    await banner.getByRole('link', { name: 'Answer' }).click();
    // The banner's Answer brings the invite into view, at the top under the sticky header.
    await mate.page.waitForURL(`**/tournaments/${id}/participants#party`);
    await expect
      .poll(() =>
        mate.page.getByTestId('party-panel').evaluate((panel) => panel.getBoundingClientRect().top < innerHeight / 3),
      )
      .toBe(true);
    // By the keyboard: the Join goes with the invite, and the keyboard goes on at the party joined.
    await mate.page.getByTestId('accept-invite').focus();
    await mate.page.keyboard.press('Enter');
    await mate.page.getByTestId('my-party').filter({ hasText: mateUser.displayName }).waitFor();
    await expect.poll(() => mate.page.evaluate(() => document.activeElement?.id)).toBe('my-party');
    // Full, it waits for its leader, whom the mate is told to wait for (only a leader marks it ready).
    await mate.page
      .getByTestId('my-party')
      .getByText(`The party is full: ${leaderUser.displayName}, your leader, marks it ready to enter the tournament.`)
      .waitFor();

    // The leader sees the mate arrive live and enters the party.
    await leader.page.getByTestId('pending-invites').waitFor({ state: 'detached' });
    await leader.page.getByTestId('my-party').filter({ hasText: mateUser.displayName }).waitFor();
    expect(await leader.page.getByTestId('invite-search').count()).toBe(0);
    await leader.page.getByTestId('party-ready').click();
    const team = leader.page.getByTestId('participant').filter({ hasText: 'Night Owls' });
    await team.waitFor();
    expect(await team.locator('.crown').count()).toBe(1);
    await mate.page.getByTestId('participant').filter({ hasText: 'Night Owls' }).waitFor();
    await shot(leader, 'tournament-5-party');
    // The overview names the mate's team and its leader.
    await mate.page.goto(`${WEB}/tournaments/${id}`);
    expect(await mate.page.getByTestId('your-team').textContent()).toBe(
      `You play in Night Owls, led by ${leaderUser.displayName}.`,
    );
    expect(await mate.page.getByTestId('tournament-status').textContent()).toContain(
      `Your team is in. ${leaderUser.displayName}, your leader, checks it in once check-in opens at`,
    );
    await mate.page.goto(`${WEB}/tournaments/${id}/participants`);
    const tournament = (await adminDb.doc(`tournaments/${id}`).get()).data()!;
    expect(tournament.participantCount).toBe(1);
    // The mate leaves the entered party: asked once more, then the team is out and the leader told.
    await mate.page.getByTestId('leave-party').click();
    await mate.page
      .getByTestId('party-confirm')
      .getByText('Your party is entered: without you it is out of the tournament', { exact: false })
      .waitFor();
    // The keyboard's place goes to the question, and back to the button after Back (record 107).
    await expect.poll(() => focusedIn(mate.page)).toBe('party-confirm');
    await mate.page.getByTestId('party-confirm').getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => focusedIn(mate.page)).toBe('leave-party');
    await mate.page.getByTestId('leave-party').click();
    await mate.page.getByTestId('confirm-party-exit').click();
    await leader.page.getByTestId('my-party').getByText('Forming').waitFor();
    await leader.page.getByTestId('notifications-badge').waitFor();
    await leader.page.getByRole('button', { name: /Notifications/ }).click();
    await leader.page
      .getByText(`${mateUser.displayName} left your party Night Owls: it is out of`, { exact: false })
      .waitFor();
    expect(leader.errors).toEqual([]);
    expect(mate.errors).toEqual([]);
  });

  it('a leader takes back an invite and removes a member from the entered party, asked once more; the member is told live (record 129)', async () => {
    const [hostUser, leaderUser, mateUser, otherUser] = await Promise.all([
      verifiedUser(),
      verifiedUser(),
      verifiedUser(),
      verifiedUser(),
    ]);
    const name = `Pair Cup ${randomUUID().slice(0, 6)}`;
    const created = await createTournament(hostUser.token, {
      game: 'rocket-league',
      region: 'GLOB',
      gameFormat: 'TEAM',
      teamSize: 2,
      name,
      description: 'Teams of two, free entry, eight teams in the bracket.',
      startTime: Date.now() + 4 * 86_400_000,
    });
    const id = created.body.id as string;
    const act = (token: string, action: string, body = {}) => done(`/tournaments/${id}/${action}`, { token, body });
    const party = (await act(leaderUser.token, 'createParty', { teamName: 'Night Owls' })).uid as string;
    await act(leaderUser.token, `inviteToParty/${mateUser.uid}`);
    await act(leaderUser.token, `inviteToParty/${otherUser.uid}`);
    await act(mateUser.token, `joinParty/${party}`);
    const [leader, mate] = await Promise.all([
      signedIn(leaderUser.email, { at: `/tournaments/${id}/participants` }),
      signedIn(mateUser.email, { at: `/tournaments/${id}/participants` }),
    ]);

    // The invite nobody answered yet is taken back by name.
    await leader.page.getByRole('button', { name: `Withdraw the invite of ${otherUser.displayName}` }).click();
    await leader.page.getByTestId('pending-invites').waitFor({ state: 'detached' });
    // Its button gone with it, the keyboard goes on at the party (full, it has no invite field).
    await expect.poll(() => focusedIn(leader.page)).toBe('my-party');
    expect((await adminDb.doc(`tournaments/${id}/parties/${party}`).get()).data()!.invited).toEqual([]);
    await leader.page.getByTestId('party-ready').click();
    await leader.page.getByTestId('participant').filter({ hasText: 'Night Owls' }).waitFor();

    // Removing the mate asks once more, saying what follows; the keyboard goes to the question and back.
    const remove = leader.page.getByRole('button', { name: `Remove ${mateUser.displayName} from the party` });
    await remove.click();
    const question = leader.page.getByTestId('remove-member-question');
    await question
      .getByText(
        `${mateUser.displayName} leaves the party and is told. Your party is out of the tournament until it is full and you mark it ready again.`,
      )
      .waitFor();
    await expect.poll(() => focusedIn(leader.page)).toBe('remove-member-question');
    await question.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => focusedIn(leader.page)).toBe('remove-member');
    await remove.click();
    await shot(leader, 'tournament-6-remove-member');
    await leader.page.getByRole('button', { name: `Yes, remove ${mateUser.displayName}` }).click();

    // The party forms again, out of the entrants; the mate, live, is in none and is told by whom.
    await leader.page.getByTestId('my-party').getByText('Forming').waitFor();
    await leader.page.getByTestId('participant').waitFor({ state: 'detached' });
    await mate.page.getByTestId('party-panel').waitFor();
    await mate.page.getByTestId('notifications-badge').waitFor();
    await mate.page.getByRole('button', { name: /Notifications/ }).click();
    await mate.page
      .getByText(
        `The leader of Night Owls removed you from the party in ${name}. You may join another party or make your own.`,
      )
      .waitFor();
    expect(leader.errors).toEqual([]);
    expect(mate.errors).toEqual([]);
  });

  it("a team's member is told the leader checks the team in, sees it checked in live, and a cancellation for too few teams", async () => {
    const [hostUser, leaderUser, mateUser] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    const tournamentName = `Pair Cup ${randomUUID().slice(0, 6)}`;
    // Entered before check-in opens (a party entered during it is checked in at once).
    const created = await createTournament(hostUser.token, {
      gameFormat: 'TEAM',
      teamSize: 2,
      name: tournamentName,
      startTime: Date.now() + 2 * 3_600_000,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const party = await done<{ uid: string }>(`/tournaments/${id}/createParty`, {
      token: leaderUser.token,
      body: { teamName: 'Early Birds' },
    });
    await done(`/tournaments/${id}/inviteToParty/${mateUser.uid}`, { token: leaderUser.token, body: {} });
    await done(`/tournaments/${id}/joinParty/${party.uid}`, { token: mateUser.token, body: {} });
    await done(`/tournaments/${id}/partyReady`, { token: leaderUser.token, body: {} });
    // Time passes: the start is 20 minutes away, and check-in is open.
    await adminDb.doc(`tournaments/${id}`).update({ startTime: Date.now() + 20 * 60_000 });
    const [leader, mate] = await Promise.all([
      signedIn(leaderUser.email, { at: `/tournaments/${id}` }),
      signedIn(mateUser.email, { at: `/tournaments/${id}` }),
    ]);
    await mate.page
      .getByTestId('tournament-status')
      .filter({ hasText: `Check-in is open: ${leaderUser.displayName}, your leader, checks the team in.` })
      .waitFor();
    expect(await mate.page.getByTestId('your-team').textContent()).toBe(
      `You play in Early Birds, led by ${leaderUser.displayName}.`,
    );
    expect(await mate.page.getByTestId('check-in').count()).toBe(0);
    // The rule beside the start says the same: the leader checks the team in, not the member.
    expect(await mate.page.getByTestId('check-in-note').textContent()).toBe(
      `${leaderUser.displayName}, your leader, checks your team in during the 30 minutes before the start, or its place is given up.`,
    );
    await leader.page
      .getByTestId('your-team')
      .filter({ hasText: /^You lead Early Birds\.$/ })
      .waitFor();
    expect(await leader.page.getByTestId('check-in-note').textContent()).toBe(
      'Check your team in during the 30 minutes before the start, or its place is given up.',
    );
    await leader.page.getByTestId('check-in').click();
    await mate.page.getByTestId('tournament-status').filter({ hasText: 'You are checked in.' }).waitFor();
    // Its start come with one team checked in, it is cancelled: the page counts teams, not players.
    const { startTime } = (await adminDb.doc(`tournaments/${id}`).get()).data() as { startTime: number };
    expect((await call('/internal/sweep', { body: { now: startTime, tournaments: [id] } })).status).toBe(200);
    await mate.page
      .getByTestId('tournament-status')
      .filter({ hasText: /^Fewer than 4 teams checked in, so the tournament was cancelled\.$/ })
      .waitFor();
    // The entry's notification told each who checks the team in (record 169).
    for (const [browser, text] of [
      [leader, 'Check your team in during the 30 minutes before the start.'],
      [mate, 'Your leader checks it in during the 30 minutes before the start.'],
    ] as const) {
      await browser.page.getByRole('button', { name: /Notifications/ }).click();
      await browser.page.getByText(`Your team Early Birds is in ${tournamentName}. ${text}`).waitFor();
    }
    expect(leader.errors).toEqual([]);
    expect(mate.errors).toEqual([]);
  });
});
