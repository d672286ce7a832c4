import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TEAM_NAME_MAX,
  isCheckInOpen,
  playsMatches,
  type Party,
  type Participant,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { EmptyState, Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { FollowButton } from '../../../components/follow-button';
import { PlayerChip } from '../../../components/player-chip';
import { Question } from '../../../components/question';
import { shownName } from '../../../lib/player-name';
import { useSession } from '../../../lib/session/session-store';
import { useUserSuggestions } from '../../../lib/suggest-users';
import { useCommand } from '../../../lib/use-command';
import type { LiveQuery } from '../../../lib/use-live-query';
import { useNow } from '../../../lib/use-now';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { CrownIcon, TrophyIcon } from './icons';
import { Disqualify } from './disqualify';
import { RemoveEntrant, RemovedNotice, RemovedPlayers } from './remove-entrant';
import { Substitute } from './substitute';
import { PlayerSuggestions } from './player-suggestions';
import {
  createParty,
  ignoreInvite,
  inviteToParty,
  joinParty,
  leaveParty,
  partyReady,
  removeParty,
  useInvitedPlayers,
  useMyInvites,
  useParties,
} from '../api';
import '../../../i18n/play-texts';

/** DESIGN §9 seeding: trophies, highest first, ties by join time; once started, the recorded seeds. */
export function seeded(tournament: Tournament): Participant[] {
  if (tournament.seeds) {
    const byId = new Map(tournament.participants.map((entrant) => [entrant.id, entrant]));
    return tournament.seeds.map((id) => byId.get(id)).filter((entrant): entrant is Participant => !!entrant);
  }
  return [...tournament.participants].sort((a, b) => b.trophies - a.trophies || a.joinedAt - b.joinedAt);
}

function Crown() {
  const { t } = useTranslation();
  return (
    <span className="crown" title={t('tournaments.party.leader')}>
      <CrownIcon label={t('tournaments.party.leader')} />
    </span>
  );
}

function Members({
  members,
  leader,
  action,
}: {
  members: Party['participants'];
  leader: string;
  /** The host's substitute button per member (issue #60), in play. */
  action?: (member: Party['participants'][number]) => ReactNode;
}) {
  return (
    <ul className="party-members">
      {members.map((member) => (
        <li key={member.uid}>
          <PlayerChip player={member} size={24} />
          {member.uid === leader ? <Crown /> : null}
          <FollowButton uid={member.uid} small />
          {action?.(member)}
        </li>
      ))}
    </ul>
  );
}

/** Type-ahead among players, for the leader's invites. */
function InvitePicker({ tournament, party }: { tournament: Tournament; party: Party }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { hits, searching } = useUserSuggestions(text);
  const invite = useCommand((_key, uid: string) => inviteToParty(tournament.id, uid));
  const taken = (uid: string) =>
    // Record 115: the host removed them, so the invite would be refused.
    tournament.removed?.[uid]
      ? t('tournaments.remove.removed-badge')
      : party.participants.some((member) => member.uid === uid) ||
        party.invited.includes(uid) ||
        !!tournament.usersInParties[uid];
  return (
    <div className="field">
      <label htmlFor="invite-search" className="label">
        {t('tournaments.party.invite')}
      </label>
      <input
        id="invite-search"
        type="search"
        autoComplete="off"
        value={text}
        placeholder={t('battles.challenge.opponent-placeholder')}
        onChange={(event) => setText(event.target.value)}
        data-testid="invite-search"
      />
      <PlayerSuggestions
        text={text}
        searching={searching}
        hits={hits}
        taken={taken}
        busy={invite.busy}
        action={t('tournaments.party.send-invite')}
        onPick={(uid) => void invite.run(uid).then((done) => done.ok && setText(''))}
        testId="invite-suggestion"
      />
      <FormError message={invite.error} />
    </div>
  );
}

/** Who the party has invited and not heard from yet, by name. */
function PendingInvites({ invited }: { invited: string[] }) {
  const { t } = useTranslation();
  const players = useInvitedPlayers(invited);
  const names =
    players.status === 'ready'
      ? invited.map((uid) => players.items.find((player) => player.id === uid)?.displayName).filter(Boolean)
      : [];
  return (
    <p className="muted" data-testid="pending-invites">
      {names.length === invited.length
        ? t('tournaments.party.pending-names', { count: invited.length, names: names.join(', ') })
        : t('tournaments.party.pending', { count: invited.length })}
    </p>
  );
}

/** The viewer's party in a TEAM tournament: create, invite, ready, remove or leave; or their invites. */
function PartyPanel({
  tournament,
  parties,
}: {
  tournament: Tournament;
  /** Until they are read (loading, or failed) the viewer's own party cannot be told from none. */
  parties: LiveQuery<Party>;
}) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const [teamName, setTeamName] = useState('');
  const invites = useMyInvites(tournament.id, uid);
  const create = useCommand((_key, name: string) => createParty(tournament.id, name));
  const ready = useCommand(() => partyReady(tournament.id));
  const remove = useCommand(() => removeParty(tournament.id));
  const leave = useCommand(() => leaveParty(tournament.id));
  // Leaving or removing a party asks once more: the others are told, and an entered party drops out.
  // Kept as the party's id, so that a party gone meanwhile (or another one later) starts unasked.
  const [confirmingFor, setConfirmingFor] = useState<string | null>(null);
  const focus = useQuestionFocus(confirmingFor);
  const join = useCommand((_key, partyId: string) => joinParty(tournament.id, partyId));
  const ignore = useCommand((_key, partyId: string) => ignoreInvite(tournament.id, partyId));
  if (!uid || tournament.state !== 'OPEN') return null;
  const removed = tournament.removed?.[uid];
  if (removed)
    return (
      <section className="card party-panel">
        <h2>{t('tournaments.party.title')}</h2>
        <RemovedNotice reasoning={removed.reasoning} testId="removed-by-host" />
      </section>
    );
  if (parties.status !== 'ready')
    return (
      <section className="card party-panel">
        <h2>{t('tournaments.party.title')}</h2>
        {parties.status === 'loading' ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <FormError message={t('tournaments.party.load-failed')} />
        )}
      </section>
    );
  const partyId = tournament.usersInParties[uid];
  const mine = parties.items.find((party) => party.uid === partyId);
  const error = create.error ?? ready.error ?? remove.error ?? leave.error ?? join.error ?? ignore.error;

  if (mine) {
    const leader = mine.leader === uid;
    const missing = tournament.teamSize - mine.participants.length;
    const confirming = confirmingFor === mine.uid;
    return (
      <section className="card party-panel" data-testid="my-party">
        <h2>
          {t('tournaments.party.mine', { name: mine.teamName })}{' '}
          <span className={`status-badge ${mine.ready ? 'status-ongoing' : 'status-pending'}`}>
            {mine.ready ? t('tournaments.party.ready') : t('tournaments.party.forming')}
          </span>
        </h2>
        <Members members={mine.participants} leader={mine.leader} />
        {mine.invited.length > 0 ? <PendingInvites invited={mine.invited} /> : null}
        {!mine.ready ? (
          <p>
            {missing > 0
              ? t('tournaments.party.missing', { count: missing })
              : leader
                ? t('tournaments.party.full')
                : t('tournaments.party.full-member', {
                    leader: shownName(t, mine.participants.find((member) => member.uid === mine.leader)?.displayName),
                  })}
          </p>
        ) : null}
        {leader && !mine.ready && missing > 0 ? <InvitePicker tournament={tournament} party={mine} /> : null}
        <div className="row wrap">
          {leader && !mine.ready ? (
            <Button
              busy={ready.busy}
              disabled={missing !== 0}
              onClick={() => void ready.run()}
              data-testid="party-ready"
            >
              {t('tournaments.party.mark-ready')}
            </Button>
          ) : null}
          {confirming ? null : (
            <Button
              variant={leader ? 'danger' : 'secondary'}
              ref={focus.start}
              onClick={() => setConfirmingFor(mine.uid)}
              data-testid={leader ? 'remove-party' : 'leave-party'}
            >
              {leader ? t('tournaments.party.remove') : t('tournaments.party.leave')}
            </Button>
          )}
        </div>
        {confirming ? (
          <Question
            ref={focus.question}
            testId="party-confirm"
            text={
              leader
                ? t(mine.ready ? 'tournaments.party.remove-warning-ready' : 'tournaments.party.remove-warning')
                : t(mine.ready ? 'tournaments.party.leave-warning-ready' : 'tournaments.party.leave-warning')
            }
            busy={leader ? remove.busy : leave.busy}
            onBack={() => setConfirmingFor(null)}
          >
            <Button
              variant="danger"
              busy={leader ? remove.busy : leave.busy}
              onClick={() => void (leader ? remove.run() : leave.run()).then(() => setConfirmingFor(null))}
              data-testid="confirm-party-exit"
            >
              {leader ? t('tournaments.party.confirm-remove') : t('tournaments.party.confirm-leave')}
            </Button>
          </Question>
        ) : null}
        <FormError message={error} />
      </section>
    );
  }

  const pending = invites.status === 'ready' ? Object.entries(invites.data.parties ?? {}) : [];
  return (
    <section className="card party-panel" data-testid="party-panel">
      <h2>{t('tournaments.party.title')}</h2>
      {pending.length > 0 ? (
        <ul className="invite-list" data-testid="my-invites">
          {pending.map(([id, invite]) => (
            <li key={id}>
              <span>{t('tournaments.party.invited-by', { team: invite.teamName, leader: invite.leaderName })}</span>
              <span className="row">
                <Button
                  small
                  busy={join.busy}
                  disabled={!verified}
                  onClick={() => void join.run(id)}
                  data-testid="accept-invite"
                >
                  {t('tournaments.party.join')}
                </Button>
                <Button small variant="ghost" busy={ignore.busy} onClick={() => void ignore.run(id)}>
                  {t('tournaments.party.ignore')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="row party-create"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run(teamName.trim()).then((done) => done.ok && setTeamName(''));
        }}
      >
        <label className="label" htmlFor="team-name">
          {t('tournaments.party.team-name')}
        </label>
        <input
          id="team-name"
          value={teamName}
          maxLength={TEAM_NAME_MAX}
          onChange={(event) => setTeamName(event.target.value)}
          data-testid="team-name"
        />
        <Button
          type="submit"
          busy={create.busy}
          disabled={!verified || teamName.trim().length === 0}
          data-testid="create-party"
        >
          {t('tournaments.party.create', { count: tournament.teamSize })}
        </Button>
      </form>
      <FormError message={error} />
    </section>
  );
}

/** Participants in seed order, with trophies, check-in, and each party's members and leader's crown. */
export function ParticipantsTab({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const parties = useParties(tournament.gameFormat === 'TEAM' ? tournament.id : undefined);
  const now = useNow(15_000);
  const partyList = parties.status === 'ready' ? parties.items : [];
  const forming = partyList.filter((party) => !party.ready);
  const entrants = seeded(tournament);
  const checkInOpen = isCheckInOpen(tournament, now);
  const host = useSession((state) => state.user?.uid) === tournament.uid;
  return (
    <div className="participants-tab">
      {tournament.gameFormat === 'TEAM' ? <PartyPanel tournament={tournament} parties={parties} /> : null}
      <section className="card">
        <h2>
          {t(
            tournament.gameFormat === 'TEAM'
              ? 'tournaments.participants.title-teams'
              : 'tournaments.participants.title',
            {
              joined: String(entrants.length),
              size: String(tournament.size),
            },
          )}
        </h2>
        {entrants.length === 0 ? (
          <EmptyState title={t('tournaments.page.empty.participants')} />
        ) : (
          <>
            {/* The trophies are those held at joining (the seeding's), not today's: the list says so. */}
            <p className="muted" data-testid="seeding-note">
              {t(
                tournament.gameFormat === 'TEAM'
                  ? 'tournaments.participants.seeding-teams'
                  : 'tournaments.participants.seeding',
              )}
            </p>
            <ol className="participant-list" data-testid="participant-list">
              {entrants.map((entrant, index) => (
                <li key={entrant.id} data-testid="participant">
                  <span className="seed">{index + 1}</span>
                  {entrant.kind === 'PLAYER' ? (
                    <span className="row">
                      <PlayerChip player={entrant.members[0] ?? entrant} />
                      <FollowButton uid={entrant.uid} small />
                    </span>
                  ) : (
                    <div className="team-entry">
                      <span className="team-name">
                        <Avatar url={null} placeholder={entrant.avatarPlaceholder} size={28} />
                        <strong>{entrant.displayName}</strong>
                      </span>
                      <Members
                        members={entrant.members}
                        leader={entrant.uid}
                        action={
                          host && tournament.state === 'ONGOING'
                            ? (member) => <Substitute tournament={tournament} party={entrant} member={member} />
                            : undefined
                        }
                      />
                    </div>
                  )}
                  <span className="trophies" title={t('tournaments.participants.trophies-at-join')}>
                    <TrophyIcon label={t('tournaments.participants.trophies-at-join')} /> {entrant.trophies}
                  </span>
                  {tournament.state === 'ONGOING' &&
                  playsMatches(tournament.bracket) &&
                  (host || tournament.disqualified?.[entrant.id]) ? (
                    <Disqualify tournament={tournament} entrant={entrant} />
                  ) : null}
                  {host &&
                  tournament.state === 'OPEN' &&
                  !entrant.members.some((member) => member.uid === tournament.uid) ? (
                    <RemoveEntrant tournament={tournament} entrant={entrant} />
                  ) : null}
                  {tournament.state === 'OPEN' && (entrant.checkedIn || checkInOpen) ? (
                    <span className={`status-badge ${entrant.checkedIn ? 'status-ongoing' : 'status-pending'}`}>
                      {entrant.checkedIn
                        ? t('tournaments.participants.checked-in')
                        : t('tournaments.participants.not-checked-in')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      {host && tournament.state === 'OPEN' ? <RemovedPlayers tournament={tournament} /> : null}
      {forming.length > 0 ? (
        <section className="card">
          <h2>{t('tournaments.participants.forming')}</h2>
          <ul className="party-list" data-testid="forming-parties">
            {forming.map((party) => (
              <li key={party.id}>
                <strong>{party.teamName}</strong>{' '}
                <span className="muted">
                  {t('tournaments.participants.party-size', {
                    joined: String(party.participants.length),
                    size: String(tournament.teamSize),
                  })}
                  {party.invited.length > 0
                    ? ` · ${t('tournaments.party.pending', { count: party.invited.length })}`
                    : ''}
                </span>
                <Members members={party.participants} leader={party.leader} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
