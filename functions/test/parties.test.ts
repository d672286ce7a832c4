import { describe, expect, it } from 'vitest';
import { call, createTournament, verifiedUser, type Body, type Player } from './helpers';
import { tournamentOf } from './tournament-play-helpers';

/** A team tournament, and its commands as a player calls them. */
async function teamTournament() {
  const host = await verifiedUser();
  const created = await createTournament(host.token, { game: 'rocket-league', gameFormat: 'TEAM', teamSize: 2 });
  const id = created.body.id as string;
  const act = (who: Player, action: string, body: Body = {}) =>
    call<Body>(`/tournaments/${id}/${action}`, { token: who.token, body });
  return { id, act };
}

describe('party names', () => {
  it('two parties of one tournament may not share a name, case and spacing aside; a removed one frees it', async () => {
    const { id, act } = await teamTournament();
    const [first, second] = (await Promise.all([verifiedUser(), verifiedUser()])) as [Player, Player];
    expect((await act(first, 'createParty', { teamName: 'Night Owls' })).status).toBe(201);
    const refused = await act(second, 'createParty', { teamName: '  night   OWLS ' });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'team-name-taken', details: { name: 'Night Owls' } },
    });
    // Refused, it changed nothing: the player is in no party.
    expect((await tournamentOf(id)).usersInParties).not.toHaveProperty(second.uid);
    expect((await act(second, 'createParty', { teamName: 'Night Owls 2' })).status).toBe(201);
    // Another tournament's parties are no matter.
    const other = await teamTournament();
    expect((await other.act(second, 'createParty', { teamName: 'Night Owls' })).status).toBe(201);
    // Removed, its name is free again.
    expect((await act(first, 'removeParty')).status).toBe(200);
    const third = await verifiedUser();
    expect((await act(third, 'createParty', { teamName: 'NIGHT OWLS' })).status).toBe(201);
  });

  it('two parties made at once under one name: one is made, the other refused, never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, act } = await teamTournament();
      const [first, second] = (await Promise.all([verifiedUser(), verifiedUser()])) as [Player, Player];
      const answers = await Promise.all([
        act(first, 'createParty', { teamName: 'Racers' }),
        act(second, 'createParty', { teamName: 'racers' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ code: 'team-name-taken' });
      const tournament = await tournamentOf(id);
      expect(Object.values(tournament.joinedParties as Body)).toHaveLength(1);
      expect(Object.keys(tournament.usersInParties as Body)).toHaveLength(1);
    }
  });
});
