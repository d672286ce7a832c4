import { Router, type Request } from 'express';
import {
  createPartySchema,
  createTournamentSchema,
  editTournamentSchema,
  searchTournamentsSchema,
  type CreateTournamentInput,
} from '@versus/domain/tournaments/schemas';
import {
  matchDisputeSchema,
  reportMatchSchema,
  pauseMatchSchema,
  cancelTournamentSchema,
  disqualifySchema,
  removeEntrantSchema,
  substituteSchema,
  setParticipantPointsSchema,
  setWinnerSchema,
  submitPointsSchema,
} from '@versus/domain/tournaments/play-schemas';
import { COVER_FOLDER } from '@versus/domain/tournaments/tournament';
import {
  gate,
  gateAnd,
  requireActiveUser,
  activeUserWith,
  requireActiveUserBeside,
  requireUser,
  requireVerifiedEmail,
  throughGate,
} from '../api/authenticate';
import { PUBLIC_SEARCH_CACHE_CONTROL, rateLimit } from '../api/rate-limit';
import { HttpError, badRequest } from '../errors/http-error';
import { idempotent } from '../api/idempotency';
import { parseBody, parseQuery, validBody, validIds } from '../api/validate';
import { blobStore, isBlobPath } from '../platform/blob-store';
import type { Clock } from '../platform/clock';
import { documentId } from '../platform/ids';
import {
  createParty,
  ignoreInvite,
  inviteToParty,
  joinParty,
  leaveParty,
  partyReady,
  removeFromParty,
  removeParty,
  withdrawInvite,
} from './parties';
import { checkInToMatch, disputeMatch, pauseMatchClock, reportMatch, setMatchWinner } from './play';
import { disqualifyEntrant } from './disqualify';
import { allowBack, removeEntrant } from './remove-entrant';
import { substituteMember } from './substitute';
import { finishTournament, setParticipantPoints, submitPoints } from './points-play';
import { searchTournaments } from './search';
import { checkMatchWithGame, contradictsGameRecord, guessMatchProfileReads, readMatch } from './game-check';
import { entrantOf } from '@versus/domain/tournaments/tournament';
import { createTournament, editTournament } from './tournaments';
import { cancelTournament, extendTournament } from './ending';
import { checkIn, joinTournament, leaveTournament } from './joining';

/** A cover must be an image this host uploaded first (SPEC §7: uploaded before create). */
async function checkCover(uid: string, cover: { name: string } | null | undefined) {
  if (!cover) return;
  const { name } = cover;
  if (!isBlobPath(name) || !name.startsWith(`${COVER_FOLDER}/${uid}/`) || !(await blobStore().exists(name))) {
    throw new HttpError(400, 'Upload the cover image first.', 'cover-missing', {
      coverImage: 'tournaments.errors.cover-missing',
    });
  }
}

/** A proof must be an image this player uploaded first (POST /uploads/proof), as for battles. */
async function checkProof(uid: string, path: string, field: string) {
  if (!isBlobPath(path) || !path.startsWith(`proofs/${uid}/`) || !(await blobStore().exists(path)))
    throw badRequest('Upload a proof image first.', { [field]: 'tournaments.errors.proof-required' });
  return { path, url: blobStore().urlOf(path) };
}

export function tournamentsRoutes(clock: Clock): Router {
  const router = Router();
  const id = (req: Request) => documentId(String(req.params.id), 'That tournament');
  const coverUrl = (path: string) => blobStore().urlOf(path);

  /** Browse, and the search page's random and query modes: open to everyone (SPEC §6 visitor). */
  router.get('/searchTournaments', rateLimit('search'), async (req, res) => {
    const found = await searchTournaments(await parseQuery(searchTournamentsSchema, req.query));
    res.set('Cache-Control', PUBLIC_SEARCH_CACHE_CONTROL).json(found);
  });

  // With the wizard's Idempotency-Key: an answer lost on the way (a phone's dropped connection) and
  // Create pressed again gives the tournament made, not a second one (walk AH). The body is checked
  // before the key is reserved, so bad input costs no Firestore call.
  router.post(
    '/tournaments/create',
    requireActiveUserBeside,
    requireVerifiedEmail,
    validBody(createTournamentSchema, () => ({ now: clock.now() })),
    idempotent('tournament-create', clock),
    // validBody has replaced the body with its parsed form.
    async (req, res) => {
      const now = clock.now();
      const input = req.body as CreateTournamentInput;
      const checked = gateAnd(req, checkCover(req.user.uid, input.coverImage));
      res.status(201).json(await createTournament(req.user.uid, input, coverUrl, now, checked));
    },
  );

  router.post('/tournaments/:id/edit', ...activeUserWith(editTournamentSchema), async (req, res) => {
    const edit = await parseBody(editTournamentSchema, req.body);
    if (Object.keys(edit).length === 0) throw badRequest('Nothing to change.');
    await checkCover(req.user.uid, edit.coverImage);
    res.json(await editTournament(req.user.uid, id(req), edit as never, coverUrl, clock.now()));
  });

  router.post('/tournaments/:id/cancel', requireUser, validBody(cancelTournamentSchema), async (req, res) => {
    const { reasoning } = req.body as { reasoning?: string };
    res.json(await cancelTournament(req.user.uid, id(req), reasoning, clock.now()));
  });

  router.post('/tournaments/:id/extend', requireUser, async (req, res) => {
    res.json(await extendTournament(req.user.uid, id(req), clock.now()));
  });

  router.post(
    '/tournaments/:id/join',
    requireActiveUserBeside,
    rateLimit('coins'),
    validIds({ id: 'That tournament' }),
    requireVerifiedEmail,
    idempotent('tournament-join', clock),
    async (req, res) => {
      res.json(await joinTournament(req.user.uid, id(req), clock.now(), gate(req)));
    },
  );

  router.post('/tournaments/:id/leave', requireUser, rateLimit('coins'), async (req, res) => {
    res.json(await leaveTournament(req.user.uid, id(req), clock.now()));
  });

  router.post('/tournaments/:id/checkIn', requireActiveUser, async (req, res) => {
    res.json(await checkIn(req.user.uid, id(req), clock.now()));
  });

  router.post('/tournaments/:id/createParty', requireActiveUserBeside, requireVerifiedEmail, async (req, res) => {
    const { teamName } = await parseBody(createPartySchema, req.body);
    res.status(201).json(await createParty(req.user.uid, id(req), teamName, clock.now(), gate(req)));
  });

  router.post('/tournaments/:id/inviteToParty/:userUid', requireActiveUserBeside, async (req, res) => {
    const invitee = documentId(String(req.params.userUid), 'That player');
    res.json(await inviteToParty(req.user.uid, id(req), invitee, clock.now(), gate(req)));
  });

  router.post(
    '/tournaments/:id/joinParty/:partyUid',
    requireActiveUserBeside,
    requireVerifiedEmail,
    async (req, res) => {
      const party = documentId(String(req.params.partyUid), 'That party');
      res.json(await joinParty(req.user.uid, id(req), party, clock.now(), gate(req)));
    },
  );

  router.post('/tournaments/:id/ignoreInvite/:partyUid', requireUser, async (req, res) => {
    const party = documentId(String(req.params.partyUid), 'That party');
    await ignoreInvite(req.user.uid, id(req), party, clock.now());
    res.json({ ignored: true });
  });

  router.post('/tournaments/:id/partyReady', requireActiveUserBeside, async (req, res) => {
    res.json(await partyReady(req.user.uid, id(req), clock.now(), gate(req)));
  });

  router.post('/tournaments/:id/removeParty', requireUser, async (req, res) => {
    await removeParty(req.user.uid, id(req), clock.now());
    res.json({ removed: true });
  });

  router.post('/tournaments/:id/leaveParty', requireUser, async (req, res) => {
    res.json(await leaveParty(req.user.uid, id(req), clock.now()));
  });

  // The leader takes a member out, or an invite back (record 129).
  router.post('/tournaments/:id/removeFromParty/:userUid', requireUser, async (req, res) => {
    const member = documentId(String(req.params.userUid), 'That player');
    res.json(await removeFromParty(req.user.uid, id(req), member, clock.now()));
  });

  router.post('/tournaments/:id/withdrawInvite/:userUid', requireUser, async (req, res) => {
    const invitee = documentId(String(req.params.userUid), 'That player');
    res.json(await withdrawInvite(req.user.uid, id(req), invitee, clock.now()));
  });

  // Play (DESIGN §6, §9): elimination matches and points rounds.
  const match = (req: Request) => documentId(String(req.params.matchUid), 'That match');

  // League of Legends and Dota 2 (issue #22): a report asks the game first; a game found decides
  // the match, and a report that contradicts it is refused with the game's match.
  router.post('/tournaments/elimination/:id/match/:matchUid/report', requireActiveUserBeside, async (req, res) => {
    const { winnerUid, score } = await parseBody(reportMatchSchema, req.body);
    // Only a player in the tournament makes the game be asked (its rate limits are shared).
    const profiles = guessMatchProfileReads(id(req), match(req));
    const read = await throughGate(req, readMatch(id(req), match(req)));
    const tournament = read[0].data();
    if (!tournament) throw new HttpError(404, 'That tournament could not be found.', 'not-found');
    if (!entrantOf(tournament, req.user.uid))
      throw new HttpError(403, 'You are not playing in this tournament.', 'not-a-participant');
    const checked = await checkMatchWithGame(id(req), match(req), clock.now(), read, profiles, req.user.uid, winnerUid);
    if (checked.match.outcome === 'GAME_API') {
      const contradiction = contradictsGameRecord(checked.match, winnerUid);
      if (contradiction) throw contradiction;
      return res.json(checked.match);
    }
    res.json(await reportMatch(req.user.uid, id(req), match(req), winnerUid, score, clock.now()));
  });

  /** POST /tournaments/{id}/disqualify/{entrantId}: the host disqualifies an entrant in play (issue #60). */
  router.post('/tournaments/:id/disqualify/:entrantId', ...activeUserWith(disqualifySchema), async (req, res) => {
    const { reasoning } = await parseBody(disqualifySchema, req.body);
    const entrant = documentId(String(req.params.entrantId), 'That entrant');
    res.json(await disqualifyEntrant(req.user.uid, id(req), entrant, reasoning, clock.now()));
  });

  /** POST /tournaments/{id}/remove/{entrantId}: before the start the host removes an entrant (record 115). */
  router.post('/tournaments/:id/remove/:entrantId', ...activeUserWith(removeEntrantSchema), async (req, res) => {
    const { reasoning } = await parseBody(removeEntrantSchema, req.body);
    const entrant = documentId(String(req.params.entrantId), 'That entrant');
    res.json(await removeEntrant(req.user.uid, id(req), entrant, reasoning, clock.now()));
  });

  /** POST /tournaments/{id}/allowBack/{uid}: the host lets a player they removed join again (record 115). */
  router.post('/tournaments/:id/allowBack/:uid', requireUser, async (req, res) => {
    const player = documentId(String(req.params.uid), 'That player');
    res.json(await allowBack(req.user.uid, id(req), player, clock.now()));
  });

  /** POST /tournaments/{id}/substitute/{partyId}: the host swaps a substitute in for a party member (issue #60). */
  router.post('/tournaments/:id/substitute/:partyId', ...activeUserWith(substituteSchema), async (req, res) => {
    const { out, substitute } = await parseBody(substituteSchema, req.body);
    const party = documentId(String(req.params.partyId), 'That party');
    res.json(
      await substituteMember(
        req.user.uid,
        id(req),
        party,
        documentId(out, 'That player'),
        documentId(substitute, 'That player'),
        clock.now(),
      ),
    );
  });

  /** POST …/match/{matchUid}/checkIn: a side checks in to its ready match (issue #60). */
  router.post('/tournaments/elimination/:id/match/:matchUid/checkIn', requireActiveUser, async (req, res) => {
    res.json(await checkInToMatch(req.user.uid, id(req), match(req), clock.now()));
  });

  /** POST …/match/{matchUid}/pause: the host holds (`paused: true`) or releases one match's clock (issue #60). */
  router.post(
    '/tournaments/elimination/:id/match/:matchUid/pause',
    ...activeUserWith(pauseMatchSchema),
    async (req, res) => {
      const { paused } = await parseBody(pauseMatchSchema, req.body);
      res.json(await pauseMatchClock(req.user.uid, id(req), match(req), paused, clock.now()));
    },
  );

  /** POST …/match/{matchUid}/checkGame: a side or the host asks the game for the result now (issue #22). */
  router.post('/tournaments/elimination/:id/match/:matchUid/checkGame', requireActiveUserBeside, async (req, res) => {
    // The sides' profiles (their linked accounts) beside the match's read, when this process has seen the match.
    const profiles = guessMatchProfileReads(id(req), match(req));
    const read = await throughGate(req, readMatch(id(req), match(req)));
    const tournament = read[0].data();
    if (!tournament) throw new HttpError(404, 'That tournament could not be found.', 'not-found');
    if (tournament.uid !== req.user.uid && !entrantOf(tournament, req.user.uid))
      throw new HttpError(403, 'You are not playing in this tournament.', 'not-a-participant');
    const checked = await checkMatchWithGame(id(req), match(req), clock.now(), read, profiles, req.user.uid);
    res.json({ found: checked.found, ...(checked.found ? {} : { reason: checked.reason }), match: checked.match });
  });

  router.post(
    '/tournaments/elimination/:id/match/:matchUid/dispute',
    ...activeUserWith(matchDisputeSchema),
    async (req, res) => {
      const { story, proof } = await parseBody(matchDisputeSchema, req.body);
      const image = await checkProof(req.user.uid, proof, 'proof');
      res.json(await disputeMatch(req.user.uid, id(req), match(req), story, image, clock.now()));
    },
  );

  router.post(
    '/tournaments/elimination/:id/match/:matchUid/setWinner',
    ...activeUserWith(setWinnerSchema),
    async (req, res) => {
      const { winnerUid, score, reasoning } = await parseBody(setWinnerSchema, req.body);
      res.json(
        await setMatchWinner(req.user.uid, id(req), match(req), winnerUid, score, reasoning || null, clock.now()),
      );
    },
  );

  router.post('/tournaments/points/:id/submitPoints', ...activeUserWith(submitPointsSchema), async (req, res) => {
    const input = await parseBody(submitPointsSchema, req.body);
    const attachment = await checkProof(req.user.uid, input.attachment, 'attachment');
    res.json(
      await submitPoints(
        req.user.uid,
        id(req),
        { points: input.points, attachment, description: input.description || null },
        clock.now(),
      ),
    );
  });

  router.post(
    '/tournaments/points/:id/setParticipantPoints',
    ...activeUserWith(setParticipantPointsSchema),
    async (req, res) => {
      const input = await parseBody(setParticipantPointsSchema, req.body);
      const participant = documentId(input.participant, 'That participant');
      res.json(
        await setParticipantPoints(
          req.user.uid,
          id(req),
          { participant, points: input.points, description: input.description || null, round: input.round ?? null },
          clock.now(),
        ),
      );
    },
  );

  router.post('/tournaments/:id/finish', requireActiveUserBeside, rateLimit('coins'), async (req, res) => {
    res.json(await finishTournament(req.user.uid, id(req), clock.now(), gate(req)));
  });

  return router;
}
