import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  activeHostedQuery,
  activeTournamentsQuery,
  bracketDoc,
  pastTournamentsQuery,
  matchesQuery,
  myFreeStartsQuery,
  myOpenMatchesQuery,
  pointsQuery,
  myInvitesDoc,
  myInvitesQuery,
  partiesQuery,
  tournamentDoc,
} from '../../web/src/features/tournaments/queries';
import { actors, seed, useRulesEnvironment } from './environment';

// Tournaments and every subcollection, per role: the web's own queries where it has them.
const environment = useRulesEnvironment();
const as = (db: unknown) => db as Firestore;

const seedTournament = () =>
  seed(environment(), {
    'tournaments/t1': {
      uid: 'alice',
      name: 'Cup',
      state: 'OPEN',
      archived: false,
      startTime: 1,
      memberUids: ['bob'],
    },
    'tournaments/t1/parties/p1': { uid: 'p1', leader: 'bob', teamName: 'Owls', invited: ['carol'], createdAt: 1 },
    'tournaments/t1/invites/carol': { uid: 'carol', tournamentId: 't1', parties: { p1: { teamName: 'Owls' } } },
    'tournaments/t1/bracket/state': { version: 1, data: {} },
    'tournaments/t1/matches/0': { state: 'READY', round: 1, number: 1, participants: ['bob', 'dave'] },
    'tournaments/t1/points/bob': { participant: 'bob', rounds: [], total: 0 },
    'users/alice/free_starts/2027-01-15': { tournamentId: 't1', day: '2027-01-15' },
    'users/alice/prize_years/riot_2027': { uid: 'alice', publisher: 'riot', year: 2027, pools: { t1: 1040 } },
  });

describe('tournaments and their subcollections', () => {
  it('are public to read: the tournament, parties, bracket, matches and points', async () => {
    await seedTournament();
    const { anonymous, other } = actors(environment());
    for (const db of [anonymous, other]) {
      await assertSucceeds(getDoc(tournamentDoc(as(db), 't1')));
      await assertSucceeds(getDocs(partiesQuery(as(db), 't1')));
      await assertSucceeds(getDoc(bracketDoc(as(db), 't1')));
      await assertSucceeds(getDoc(doc(as(db), 'tournaments/t1/matches/0')));
      await assertSucceeds(getDoc(doc(as(db), 'tournaments/t1/points/bob')));
      // The bracket, the points table and the score-submit banner read through the app's queries.
      await assertSucceeds(getDocs(matchesQuery(as(db), 't1')));
      await assertSucceeds(getDocs(pointsQuery(as(db), 't1')));
      await assertSucceeds(getDocs(myOpenMatchesQuery(as(db), 't1', 'bob')));
    }
  });

  it('the lists of my tournaments run for anyone: tournaments are public', async () => {
    await seedTournament();
    const { owner, other } = actors(environment());
    await assertSucceeds(getDocs(pastTournamentsQuery(as(owner), 'alice', 'host', 20)));
    await assertSucceeds(getDocs(activeHostedQuery(as(owner), 'alice')));
    await assertSucceeds(getDocs(pastTournamentsQuery(as(other), 'bob', 'player', 20)));
    await assertSucceeds(getDocs(activeTournamentsQuery(as(other), 'bob')));
  });

  it('nobody writes any of it from a client, not even the host or an admin', async () => {
    await seedTournament();
    const { anonymous, owner, other, admin } = actors(environment());
    const paths = [
      'tournaments/t1',
      'tournaments/t2',
      'tournaments/t1/parties/p1',
      'tournaments/t1/parties/p2',
      'tournaments/t1/invites/carol',
      'tournaments/t1/bracket/state',
      'tournaments/t1/matches/0',
      'tournaments/t1/points/bob',
      'users/alice/free_starts/2027-01-16',
      'users/alice/prize_years/riot_2027',
      'users/alice/prize_years/riot_2028',
    ];
    for (const db of [anonymous, owner, other, admin]) {
      for (const path of paths) {
        await assertFails(setDoc(doc(db, path), { hacked: true }));
        await assertFails(deleteDoc(doc(db, path)));
      }
      await assertFails(updateDoc(doc(db, 'tournaments/t1'), { state: 'FINISHED' }));
      await assertFails(updateDoc(doc(db, 'tournaments/t1/parties/p1'), { ready: true }));
    }
  });

  it('a host’s free days and yearly prize totals are read by the host alone', async () => {
    await seedTournament();
    const { anonymous, owner, other, admin } = actors(environment());
    for (const path of ['users/alice/free_starts/2027-01-15', 'users/alice/prize_years/riot_2027']) {
      await assertSucceeds(getDoc(doc(owner, path)));
      for (const db of [anonymous, other, admin]) await assertFails(getDoc(doc(db, path)));
    }
    await assertSucceeds(getDocs(collection(owner, 'users/alice/prize_years')));
    await assertFails(getDocs(collection(other, 'users/alice/prize_years')));
  });

  it('invites are read by the invitee only, by document and across tournaments', async () => {
    await seedTournament();
    const env = environment();
    const carol = env.authenticatedContext('carol', { email_verified: true }).firestore();
    const { anonymous, owner, other } = actors(env);
    await assertSucceeds(getDoc(myInvitesDoc(as(carol), 't1', 'carol')));
    await assertSucceeds(getDocs(myInvitesQuery(as(carol), 'carol')));
    for (const db of [anonymous, owner, other]) {
      await assertFails(getDoc(myInvitesDoc(as(db), 't1', 'carol')));
      await assertFails(getDocs(myInvitesQuery(as(db), 'carol')));
    }
  });

  it('free-tournament days are the host’s own', async () => {
    await seedTournament();
    const { anonymous, owner, other } = actors(environment());
    await assertSucceeds(getDocs(myFreeStartsQuery(as(owner), 'alice')));
    await assertFails(getDocs(myFreeStartsQuery(as(other), 'alice')));
    await assertFails(getDocs(myFreeStartsQuery(as(anonymous), 'alice')));
  });
});
