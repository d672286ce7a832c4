import { describe, expect, it } from 'vitest';
import { adminDb, verifiedUser, type Body, type Player } from './helpers';
import { matchesOf, notificationsOf, report, startedTeams, tournamentOf } from './tournament-play-helpers';

/** Substitutes (issue #60): in a team tournament in play, the host swaps in a player for one who left. */

describe('substitutes', () => {
  it('the host swaps a substitute in for a leader who left: the party plays on under its new leader', async () => {
    const { host, id, teams, act } = await startedTeams(4);
    const [team, rival] = [teams[0]!, teams[1]!];
    const sub = await verifiedUser();
    const swap = (who: Player, body: Body, party = team.party) => act(who, `substitute/${party}`, body);

    // Only the host; only a member out, and only a player in no entrant in.
    expect(await swap(team.mate, { out: team.leader.uid, substitute: sub.uid })).toMatchObject({ status: 403 });
    expect(await swap(host, { out: sub.uid, substitute: sub.uid })).toMatchObject({ status: 400 });
    expect(await swap(host, { out: team.leader.uid, substitute: rival.mate.uid })).toMatchObject({
      status: 409,
      body: { code: 'already-joined' },
    });
    expect(await swap(host, { out: team.leader.uid })).toMatchObject({ status: 400 });

    const swapped = (await swap(host, { out: team.leader.uid, substitute: sub.uid })).body;
    const entrant = (swapped.participants as Body[]).find((item) => item.id === team.party)!;
    expect(entrant).toMatchObject({ uid: sub.uid });
    expect((entrant.members as Body[]).map((member) => member.uid).sort()).toEqual([sub.uid, team.mate.uid].sort());
    const stored = await tournamentOf(id);
    expect(stored.memberUids).toContain(sub.uid);
    expect(stored.memberUids).not.toContain(team.leader.uid);
    expect((await adminDb.doc(`tournaments/${id}/parties/${team.party}`).get()).data()).toMatchObject({
      leader: sub.uid,
    });
    expect(await notificationsOf(sub.uid, 'TOURNAMENT_SUBSTITUTE')).toMatchObject([{ reasoning: 'in' }]);
    expect(await notificationsOf(team.leader.uid, 'TOURNAMENT_SUBSTITUTE')).toMatchObject([{ reasoning: 'out' }]);

    // The substitute leads the party now: their report counts, the old leader's does not.
    const match = (await matchesOf(id)).find(
      (item) => item.state === 'READY' && item.participants.includes(team.party),
    )!;
    expect(await report(team.leader, id, match.id, team.party)).toMatchObject({ status: 403 });
    expect((await report(sub, id, match.id, team.party)).status).toBe(200);
  });
});
