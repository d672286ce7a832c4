import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_NAME_MAX, TEAM_NAME_MIN, type Party, type Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { MissingHint } from '../../../components/missing-hint';
import { FollowButton } from '../../../components/follow-button';
import { PlayerChip } from '../../../components/player-chip';
import { Question } from '../../../components/question';
import { shownName } from '../../../lib/player-name';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { useFollowedAnchor } from '../../../lib/use-followed-anchor';
import type { LiveQuery } from '../../../lib/use-live-query';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { CrownIcon } from './icons';
import { RemovedNotice } from './remove-entrant';
import { PlayerSearch } from './player-search';
import {
  createParty,
  ignoreInvite,
  inviteToParty,
  joinParty,
  leaveParty,
  partyReady,
  removeFromParty,
  removeParty,
  useInvitedPlayers,
  useMyInvites,
  withdrawInvite,
} from '../api';
import '../../../i18n/play-texts';

/**
 * A TEAM tournament's parties as their players see them (SPEC §3 Party): the viewer's own party,
 * made, filled, entered, left or removed, with its leader's invites and members; or the invites
 * the viewer has. Members lists a party's players, with its leader's crown.
 */

function Crown() {
  const { t } = useTranslation();
  return (
    <span className="crown" title={t('tournaments.party.leader')}>
      <CrownIcon label={t('tournaments.party.leader')} />
    </span>
  );
}

export function Members({
  members,
  leader,
  action,
}: {
  members: Party['participants'];
  leader: string;
  /** Per member: the host's substitute button (issue #60), in play; the leader's Remove (record 129). */
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
  const invite = useCommand((_key, uid: string) => inviteToParty(tournament.id, uid));
  const taken = (uid: string) =>
    // Record 115: the host removed them, so the invite would be refused.
    tournament.removed?.[uid]
      ? t('tournaments.remove.removed-badge')
      : party.participants.some((member) => member.uid === uid) ||
        party.invited.includes(uid) ||
        !!tournament.usersInParties[uid];
  return (
    <>
      <PlayerSearch
        name="invite"
        label={t('tournaments.party.invite')}
        taken={taken}
        busy={invite.busy}
        action={t('tournaments.party.send-invite')}
        onPick={async (uid) => (await invite.run(uid)).ok}
      />
      <FormError message={invite.error} />
    </>
  );
}

/**
 * Who the party has invited and not heard from yet, by name. The leader may take each invite back
 * (record 129): a listed name with Withdraw.
 */
function PendingInvites({ tournament, party, leader }: { tournament: Tournament; party: Party; leader: boolean }) {
  const { t } = useTranslation();
  const { invited } = party;
  const players = useInvitedPlayers(invited);
  const withdraw = useCommand((_key, uid: string) => withdrawInvite(tournament.id, uid));
  // Until the names are read, how many; then every invitee by name (a deleted account's as such, which
  // the leader may still take back).
  if (players.status !== 'ready')
    return (
      <p className="muted" data-testid="pending-invites">
        {t('tournaments.party.pending', { count: invited.length })}
      </p>
    );
  const named = invited.map((uid) => ({
    uid,
    displayName: shownName(t, players.items.find((player) => player.id === uid)?.displayName),
  }));
  if (!leader)
    return (
      <p className="muted" data-testid="pending-invites">
        {t('tournaments.party.pending-names', {
          count: invited.length,
          names: named.map((player) => player.displayName).join(', '),
        })}
      </p>
    );
  return (
    <div data-testid="pending-invites">
      <p className="muted">{t('tournaments.party.invited')}</p>
      {/* Each name with its Withdraw beside it, as a member with its Remove (not at the row's far end). */}
      <ul className="party-members">
        {named.map((player) => (
          <li key={player.uid}>
            <span>{player.displayName}</span>
            <Button
              small
              variant="ghost"
              busy={withdraw.busy}
              aria-label={t('tournaments.party.withdraw-label', { name: player.displayName })}
              // The name goes with its button: the keyboard goes on at the invite field, or at the party
              // where it is full and has none.
              onClick={() =>
                void withdraw
                  .run(player.uid)
                  .then(
                    (done) =>
                      done.ok &&
                      (document.getElementById('invite-search') ?? document.getElementById('my-party'))?.focus(),
                  )
              }
              data-testid="withdraw-invite"
            >
              {t('tournaments.party.withdraw')}
            </Button>
          </li>
        ))}
      </ul>
      <FormError message={withdraw.error} />
    </div>
  );
}

/** The viewer's party in a TEAM tournament: create, invite, ready, remove or leave; or their invites. */
export function PartyPanel({
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
  const [nameTried, setNameTried] = useState(false);
  const invites = useMyInvites(tournament.id, uid);
  const create = useCommand((_key, name: string) => createParty(tournament.id, name));
  const ready = useCommand(() => partyReady(tournament.id));
  const remove = useCommand(() => removeParty(tournament.id));
  const leave = useCommand(() => leaveParty(tournament.id));
  // Leaving or removing a party asks once more: the others are told, and an entered party drops out.
  // Kept as the party's id, so that a party gone meanwhile (or another one later) starts unasked.
  const [confirmingFor, setConfirmingFor] = useState<string | null>(null);
  const focus = useQuestionFocus(confirmingFor);
  // The leader's Remove asks once more, naming the member (record 129). `askedLast` keeps the member
  // last asked about, whose Remove button takes the keyboard back after Back.
  const [removing, setRemoving] = useState<string | null>(null);
  const [askedLast, setAskedLast] = useState<string | null>(null);
  const removingFocus = useQuestionFocus(removing);
  const removeMember = useCommand((_key, member: string) => removeFromParty(tournament.id, member));
  const join = useCommand((_key, partyId: string) => joinParty(tournament.id, partyId));
  const ignore = useCommand((_key, partyId: string) => ignoreInvite(tournament.id, partyId));
  // An invite's banner leads here (#party): on a phone the panel sits below the tabs and banners.
  const panel = useRef<HTMLElement>(null);
  useFollowedAnchor('#party', panel, invites.status !== 'loading' && parties.status !== 'loading');
  // A join takes the keyboard to the party joined once it shows: its Join button goes with the
  // invite, and the keyboard fell to the page's start (a walk's).
  const [joined, setJoined] = useState(false);
  const inParty =
    parties.status === 'ready' && parties.items.some((party) => party.uid === tournament.usersInParties[uid ?? '']);
  useEffect(() => {
    if (!joined || !inParty) return;
    setJoined(false);
    panel.current?.focus();
  }, [joined, inParty]);
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
  const error =
    create.error ?? ready.error ?? remove.error ?? leave.error ?? removeMember.error ?? join.error ?? ignore.error;

  if (mine) {
    const leader = mine.leader === uid;
    const missing = tournament.teamSize - mine.participants.length;
    const confirming = confirmingFor === mine.uid;
    // Only while the member is still in the party (another tab may have removed them, or they left).
    const removingMember = leader
      ? mine.participants.find((member) => member.uid === removing && member.uid !== uid)
      : undefined;
    return (
      <section className="card party-panel" id="my-party" tabIndex={-1} data-testid="my-party" ref={panel}>
        <h2>
          {t('tournaments.party.mine', { name: mine.teamName })}{' '}
          <span className={`status-badge ${mine.ready ? 'status-ongoing' : 'status-pending'}`}>
            {mine.ready ? t('tournaments.party.ready') : t('tournaments.party.forming')}
          </span>
        </h2>
        <Members
          members={mine.participants}
          leader={mine.leader}
          action={
            leader
              ? (member) =>
                  member.uid === uid ? null : (
                    <Button
                      small
                      variant="ghost"
                      ref={askedLast === member.uid ? removingFocus.start : undefined}
                      aria-label={t('tournaments.party.remove-member-label', { name: member.displayName })}
                      onClick={() => {
                        setRemoving(member.uid);
                        setAskedLast(member.uid);
                      }}
                      data-testid="remove-member"
                    >
                      {t('tournaments.party.remove-member')}
                    </Button>
                  )
              : undefined
          }
        />
        {removingMember ? (
          <Question
            ref={removingFocus.question}
            testId="remove-member-question"
            text={t(
              mine.ready ? 'tournaments.party.remove-member-warning-ready' : 'tournaments.party.remove-member-warning',
              { name: removingMember.displayName },
            )}
            busy={removeMember.busy}
            onBack={() => setRemoving(null)}
          >
            <Button
              variant="danger"
              busy={removeMember.busy}
              onClick={() => void removeMember.run(removingMember.uid).then(() => setRemoving(null))}
              data-testid="confirm-remove-member"
            >
              {t('tournaments.party.confirm-remove-member', { name: removingMember.displayName })}
            </Button>
          </Question>
        ) : null}
        {mine.invited.length > 0 ? <PendingInvites tournament={tournament} party={mine} leader={leader} /> : null}
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
          {/* One question at a time: the party's own exit waits while a member's removal is asked. */}
          {confirming || removingMember ? null : (
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
    <section className="card party-panel" id="party" data-testid="party-panel" ref={panel}>
      <h2>{t('tournaments.party.title')}</h2>
      {/* The way in, before the first step (a walk found only a name field and a button). */}
      <p className="muted" data-testid="party-how">
        {t('tournaments.party.how', { count: tournament.teamSize })}
      </p>
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
                  onClick={() => void join.run(id).then((done) => done.ok && setJoined(true))}
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
          onChange={(event) => {
            setTeamName(event.target.value);
            setNameTried(false);
          }}
          aria-describedby="team-name-count"
          data-testid="team-name"
        />
        {/* The limit shows as it is typed: a longer name stopped at 30 with no word (walk Z). */}
        <span className="field-counter" id="team-name-count">{`${teamName.length}/${TEAM_NAME_MAX}`}</span>
        <Button
          type="submit"
          busy={create.busy}
          disabled={!verified || teamName.trim().length < TEAM_NAME_MIN}
          onInertPress={() => setNameTried(verified)}
          aria-describedby="team-name-missing"
          data-testid="create-party"
        >
          {t('tournaments.party.create', { count: tournament.teamSize })}
        </Button>
      </form>
      <MissingHint id="team-name-missing" text={nameTried ? t('tournaments.errors.team-name-length') : null} />
      <FormError message={error} />
    </section>
  );
}
