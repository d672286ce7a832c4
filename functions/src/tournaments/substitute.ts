import { gameAccountOf, isVerifiedGame } from '@versus/domain/games/game-accounts';
import type { Participant, Tournament } from '@versus/domain/tournaments/tournament';
import { conflict, HttpError, notFound } from '../errors/http-error';
import { notify } from '../notifications/notify';
import { profileRef } from '../platform/collections';
import { runOptimistic } from '../platform/optimistic';
import { ongoing } from './play-rules';
import { memberSummary, partyRef, tournamentLink, tournamentRef } from './refs';
import { entrantFields, notTheHost, readTournament } from './tournaments';

/**
 * POST /tournaments/{id}/substitute/{partyId} (issue #60): in a team tournament in play, the host
 * swaps a player who left a party for a substitute who is in no other entrant. The party keeps its
 * place, its matches and its reports (they are the party's); a leader replaced is replaced as leader.
 * One optimistic transaction with the tournament, the party and the substitute's profile.
 */
export async function substituteMember(
  uid: string,
  id: string,
  partyId: string,
  out: string,
  into: string,
  now: number,
): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const [tournament, party, profile] = await Promise.all([
      readTournament(tx, id),
      tx.get(partyRef(id, partyId)),
      tx.get(profileRef(into)),
    ]);
    if (tournament.uid !== uid) throw notTheHost();
    ongoing(tournament, 'matches');
    const entrant = tournament.participants.find((item) => item.id === partyId && item.kind === 'PARTY');
    if (!entrant) throw notFound('That party');
    if (!entrant.members.some((member) => member.uid === out))
      throw new HttpError(400, 'That player is not in this party.', 'invalid-input', { out: 'validation.required' });
    const substitute = profile.data();
    if (!substitute || substitute.deactivated) throw notFound('That player');
    if (tournament.memberUids?.includes(into) || into === tournament.uid)
      throw conflict('That player is already in this tournament.', 'already-joined');
    const member = memberSummary(into, substitute);
    const members = entrant.members.map((item) => (item.uid === out ? member : item));
    const leader = entrant.uid === out ? into : entrant.uid;
    const replaced: Participant = {
      ...entrant,
      uid: leader,
      members,
      trophies: members.reduce((sum, item) => sum + (item.trophies ?? 0), 0),
    };
    const participants = tournament.participants.map((item) => (item.id === partyId ? replaced : item));
    // A verified game's results are looked up with the leader's account, recorded at the start.
    const accounts =
      tournament.gameAccounts && leader !== entrant.uid && isVerifiedGame(tournament.game)
        ? { gameAccounts: { ...tournament.gameAccounts, [leader]: gameAccountOf(substitute, tournament.game) } }
        : {};
    const fields = entrantFields(tournament, participants, {});
    tx.update(tournamentRef(id), { participants: fields.participants, memberUids: fields.memberUids, ...accounts });
    if (party.exists)
      tx.update(partyRef(id, partyId), {
        leader,
        participants: (party.data()!.participants ?? []).map((item) => (item.uid === out ? member : item)),
      });
    const link = tournamentLink(tournament);
    notify(
      tx,
      into,
      {
        type: 'TOURNAMENT_SUBSTITUTE',
        tournament: link,
        party: { id: partyId, teamName: entrant.displayName },
        reasoning: 'in',
      },
      now,
    );
    notify(
      tx,
      out,
      {
        type: 'TOURNAMENT_SUBSTITUTE',
        tournament: link,
        party: { id: partyId, teamName: entrant.displayName },
        reasoning: 'out',
      },
      now,
    );
    return { ...tournament, ...fields, ...accounts };
  });
}
