import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INACTIVITY_WARNING_MS,
  MIN_PARTICIPANTS,
  checkInOpensAt,
  entrantOf,
  isCheckInOpen,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { isOut, type TournamentMatch } from '@versus/domain/tournaments/play';
import { finishedPlace, finishedRanges } from '@versus/domain/tournaments/formats';
import { reliabilityBar } from '@versus/domain/users/reliability';
import { Button } from '../../../components/button';
import { Deadline } from '../../../components/countdown';
import { FormError } from '../../../components/form-fields';
import { refusalText } from '../../../lib/api-error-text';
import { NotEnoughCoins } from '../../../components/not-enough-coins';
import { Question } from '../../../components/question';
import { Tooltip } from '../../../components/tooltip';
import { formatCoins, mediumDateTime } from '../../../lib/locale';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { shownName } from '../../../lib/player-name';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { useNow } from '../../../lib/use-now';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { checkIn, extendTournament, joinTournament, leaveTournament, useMyInvites } from '../api';
import { entrantName } from './match-names';
import { LastResult } from './last-result';
import { RemovedNotice } from './remove-entrant';
import '../../../i18n/play-texts';

/** Why it was cancelled, as its status text names it: the host who cancelled reads it as theirs. */
const cancelledBy = (reason: Tournament['cancelReason'], isHost: boolean) =>
  !reason || reason === 'host' ? (isHost ? 'host-you' : 'host') : reason;

/**
 * The one thing that matters now for the viewer, with its button (issue: "your status"). Under way,
 * an entrant reads whether they are still in, from `matches` (the page's live matches; none in a
 * points table), once they have loaded: undefined until then.
 */
export function StatusPanel({ tournament, matches }: { tournament: Tournament; matches?: TournamentMatch[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useNow(1000);
  const uid = useSession((state) => state.user?.uid);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const funds = useSession((state) => state.account?.funds ?? 0);
  const reliability = useSession((state) => state.profile?.reliability);
  // Repeated no-shows, or a reliability under the host's bar (issue #60): a join would be refused.
  const barred = reliabilityBar(reliability, tournament, now);
  const join = useCommand((key, id: string) => joinTournament(id, key), { idempotent: true });
  const leave = useCommand((_key, id: string) => leaveTournament(id));
  // Leave asks once more: a place given up may be taken before a join again. The question belongs to
  // one entry (its join time), so a later entry, after a leave or a removal, starts without it.
  const [leavingEntry, setLeavingEntry] = useState<number | null>(null);
  // The entry a leave from here ended: the panel says so (and the refund) until the player is in again.
  const [leftEntry, setLeftEntry] = useState<number | null>(null);
  const leaveFocus = useQuestionFocus(leavingEntry);
  // A paid join asks once more too, naming the coins it holds (record 166); a free one joins at once.
  const [asking, setAsking] = useState(false);
  const joinFocus = useQuestionFocus(asking);
  const joinButton = joinFocus.start;
  const checkInCommand = useCommand((_key, id: string) => checkIn(id));
  const extend = useCommand((_key, id: string) => extendTournament(id));
  // A join that got no answer at all (a lost connection) may have gone through: once the live
  // tournament has the player in, its error says nothing true (walk AH).
  const [joinUnanswered, setJoinUnanswered] = useState(false);
  const isHost = uid === tournament.uid;
  const entrant = uid ? entrantOf(tournament, uid) : undefined;
  const error = (entrant && joinUnanswered ? null : join.error) ?? leave.error ?? checkInCommand.error ?? extend.error;
  // Once the leave has gone through, the keyboard goes on from Join (the question and Leave are gone).
  const entered = !!entrant;
  // In after a join with no answer, its error is gone for good: a later leave must not bring it back.
  const { setError: setJoinError } = join;
  useEffect(() => {
    if (!entered || !joinUnanswered) return;
    setJoinError(null);
    setJoinUnanswered(false);
  }, [entered, joinUnanswered, setJoinError]);
  useEffect(() => {
    if (leavingEntry !== null && !entered) joinButton.current?.focus();
  }, [leavingEntry, entered, joinButton]);
  // Once a join from here has gone through, the keyboard goes on at what it says now ("You are in…"),
  // read out as it is focused: Join is gone.
  const joining = useRef(false);
  const statusLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (entered && joining.current) statusLine.current?.focus();
    if (entered || join.error) joining.current = false;
    // In, the question is answered: after a leave, Join asks again.
    if (entered) setAsking(false);
  }, [entered, join.error]);
  const joinNow = () => {
    joining.current = true;
    void join.run(tournament.id).then((result) => {
      setJoinUnanswered(!result.ok && result.error.code === 'network');
      // Joined meanwhile from another tab: the panel says "You are in", not an error (walk AD).
      if (!result.ok && result.error.code === 'already-joined') join.setError(null);
    });
  };
  const partyId = uid ? tournament.usersInParties?.[uid] : undefined;
  // A team tournament's player in no party yet, whom the tournament lists as invited: who invited
  // them (one document, read only then).
  const invites = useMyInvites(
    tournament.gameFormat === 'TEAM' &&
      tournament.state === 'OPEN' &&
      !entrant &&
      !partyId &&
      (tournament.invitesForUsers?.[uid ?? '']?.length ?? 0) > 0
      ? tournament.id
      : undefined,
    uid,
  );
  const invitedTo = invites.status === 'ready' ? Object.values(invites.data.parties ?? {}) : [];

  let body: ReactNode;
  if (tournament.state === 'CANCELLED') {
    body = (
      <>
        <p data-testid="tournament-status">
          {/* A team tournament (always free) counts teams, not players. */}
          {t(
            tournament.gameFormat === 'TEAM' && tournament.cancelReason === 'too-few-players'
              ? 'tournaments.status-text.cancelled-too-few-players-free-teams'
              : `tournaments.status-text.cancelled-${cancelledBy(tournament.cancelReason, isHost)}${tournament.entryFee > 0 ? '' : '-free'}`,
          )}
        </p>
        {/* The host's own words, when they gave any (record 162). */}
        {tournament.cancelNote ? (
          <p className="prewrap" data-testid="cancel-note">
            {t(`tournaments.status-text.cancelled-note${isHost ? '-you' : ''}`, { note: tournament.cancelNote })}
          </p>
        ) : null}
      </>
    );
  } else if (tournament.state === 'FINISHED') {
    // Who won, with the way to the table (a walk found only "finished" here).
    const winners = Object.entries(tournament.placings ?? {})
      .filter(([, place]) => place === 1)
      .map(([id]) => entrantName(tournament, id));
    // A placed entrant below the winner reads their own place (a range where places are shared, the
    // bracket's own as the standings say), and what it paid; a disqualified one was told so already.
    const finish =
      entrant && !tournament.disqualified?.[entrant.id]
        ? finishedPlace(tournament, finishedRanges(tournament, matches), entrant.id)
        : null;
    const place = finish?.place;
    const placeTo = finish?.to ?? 0;
    const ordinal = (count: number) => t('tournaments.facts.place', { count, ordinal: true });
    const won = entrant ? (tournament.results?.find((result) => result.participant === entrant.id)?.amount ?? 0) : 0;
    body = (
      <>
        <p data-testid="tournament-status">
          {t('tournaments.status-text.finished')}{' '}
          {place && (place > 1 || placeTo > 1) ? (
            <span data-testid="tournament-place">
              {t(won > 0 ? 'tournaments.status-text.placed-won' : 'tournaments.status-text.placed', {
                place: placeTo > place ? `${ordinal(place)}–${ordinal(placeTo)}` : ordinal(place),
                coins: formatCoins(locale, won),
              })}{' '}
            </span>
          ) : null}
          {winners.length > 0 ? (
            <strong data-testid="tournament-winner">
              {place === 1 && placeTo === 1
                ? t('tournaments.status-text.won-you')
                : t('tournaments.status-text.won-by', { count: winners.length, names: winners.join(', ') })}
            </strong>
          ) : null}
        </p>
        <LocalLink to={paths.tournament.getHref(tournament.id, 'standings')}>
          {t('tournaments.status-text.see-standings')}
        </LocalLink>
        {/* The entrant's last match stays readable, with the host's reasoning if the host decided it
            (a walk lost a final by the host's decision and read why nowhere once it was over). */}
        {entrant && matches ? (
          <LastResult matches={matches} entrant={entrant.id} nameOf={(id) => entrantName(tournament, id)} />
        ) : null}
      </>
    );
  } else if (tournament.state === 'ONGOING') {
    const timingOut = tournament.timesOut - now <= INACTIVITY_WARNING_MS;
    // An entrant out of it reads so here too, not only in the match panel (it said "under way").
    // Until the matches have loaded, only that it is under way (not "still in" to one who is out).
    const out = entrant && matches ? isOut(tournament, matches, entrant.id) : false;
    const team = entrant?.kind === 'PARTY' ? '-team' : '';
    body = (
      <>
        <p data-testid="tournament-status">
          {t(
            entrant && matches
              ? `tournaments.status-text.ongoing-${out ? 'out' : 'in'}${team}`
              : 'tournaments.status-text.ongoing',
          )}
        </p>
        {out ? (
          <LocalLink to={paths.tournament.getHref(tournament.id, 'standings')}>
            {t('tournaments.status-text.see-standings-ongoing')}
          </LocalLink>
        ) : null}
        {isHost && timingOut ? (
          <div className="notice" data-testid="about-to-be-cancelled">
            <p>
              {t('tournaments.status-text.about-to-be-cancelled')} <Deadline until={tournament.timesOut} now={now} />
            </p>
            <Button busy={extend.busy} onClick={() => void extend.run(tournament.id)}>
              {t('tournaments.actions.extend')}
            </Button>
          </div>
        ) : null}
      </>
    );
  } else if (now >= tournament.startTime) {
    // Open past its start: the sweeper starts or cancels it within a minute. Until then no Join,
    // Leave or check-in, which the API would refuse (a walk saw "See you at the start!" and a Leave).
    body = <p data-testid="tournament-status">{t('tournaments.status-text.starting')}</p>;
  } else if (!uid) {
    body = (
      <LocalLink className="btn btn-primary" to={paths.login.getHref()}>
        {t('tournaments.actions.login-to-join')}
      </LocalLink>
    );
  } else if (entrant) {
    const leader = entrant.uid === uid;
    const open = isCheckInOpen(tournament, now);
    const team = entrant.kind === 'PARTY';
    const leaving = leavingEntry === entrant.joinedAt;
    const leaderName = shownName(t, entrant.members.find((member) => member.uid === entrant.uid)?.displayName);
    body = (
      <>
        {team ? (
          <p data-testid="your-team">
            {t(leader ? 'tournaments.status-text.team-you-lead' : 'tournaments.status-text.team-member', {
              team: entrant.displayName,
              leader: leaderName,
            })}
          </p>
        ) : null}
        <p data-testid="tournament-status" ref={statusLine} tabIndex={-1}>
          {entrant.checkedIn
            ? t('tournaments.status-text.checked-in')
            : open
              ? team && !leader
                ? t('tournaments.status-text.leader-checks-in', { leader: leaderName })
                : t('tournaments.status-text.check-in-now')
              : t(team && !leader ? 'tournaments.status-text.joined-member' : 'tournaments.status-text.joined', {
                  time: mediumDateTime(locale).format(checkInOpensAt(tournament)),
                  leader: leaderName,
                })}
        </p>
        <div className="row wrap">
          {open && !entrant.checkedIn && leader ? (
            <Button
              busy={checkInCommand.busy}
              onClick={() => void checkInCommand.run(tournament.id)}
              data-testid="check-in"
            >
              {t('tournaments.actions.check-in')}
            </Button>
          ) : null}
          {entrant.kind === 'PLAYER' && !leaving ? (
            <Button
              variant="secondary"
              ref={leaveFocus.start}
              onClick={() => setLeavingEntry(entrant.joinedAt)}
              data-testid="leave"
            >
              {tournament.entryFee > 0
                ? t('tournaments.actions.leave-refund', { fee: formatCoins(locale, tournament.entryFee) })
                : t('tournaments.actions.leave')}
            </Button>
          ) : null}
        </div>
        {entrant.kind === 'PLAYER' && leaving ? (
          <Question
            ref={leaveFocus.question}
            testId="leave-question"
            text={
              tournament.entryFee > 0
                ? t('tournaments.actions.leave-question-refund', { fee: formatCoins(locale, tournament.entryFee) })
                : t('tournaments.actions.leave-question')
            }
            busy={leave.busy}
            onBack={() => setLeavingEntry(null)}
          >
            <Button
              variant="danger"
              busy={leave.busy}
              onClick={() =>
                void leave.run(tournament.id).then((result) => {
                  // Left meanwhile from another tab: what was asked is done, not an error (walk AD).
                  const done = result.ok || result.error.code === 'not-joined';
                  if (!result.ok && done) leave.setError(null);
                  if (done) setLeftEntry(entrant.joinedAt);
                })
              }
              data-testid="confirm-leave"
            >
              {t('tournaments.actions.leave-confirm')}
            </Button>
          </Question>
        ) : null}
      </>
    );
  } else if (tournament.removed?.[uid]) {
    // Record 115: the host removed this player before the start; only the host lets them back.
    body = <RemovedNotice reasoning={tournament.removed[uid].reasoning} testId="tournament-status" />;
  } else if (tournament.gameFormat === 'TEAM') {
    body = (
      <>
        <p data-testid="tournament-status">
          {partyId
            ? t('tournaments.status-text.party-forming')
            : invitedTo.length > 0
              ? t('tournaments.status-text.team-invited', {
                  count: invitedTo.length,
                  team: invitedTo[0]!.teamName,
                  leader: invitedTo[0]!.leaderName,
                })
              : t('tournaments.status-text.team-how')}
        </p>
        <LocalLink className="btn btn-primary" to={paths.tournament.getHref(tournament.id, 'participants')}>
          {partyId
            ? t('tournaments.actions.my-party')
            : invitedTo.length > 0
              ? t('tournaments.actions.answer-invite', { count: invitedTo.length })
              : t('tournaments.actions.create-or-join-party')}
        </LocalLink>
      </>
    );
  } else if (isHost && tournament.entryFee > 0) {
    body = <p data-testid="tournament-status">{t('tournaments.status-text.host-cannot-play')}</p>;
  } else if (tournament.participantCount >= tournament.size) {
    body = <p data-testid="tournament-status">{t('tournaments.status-text.full')}</p>;
  } else if (barred) {
    body = <p data-testid="tournament-status">{refusalText(t, barred.code, barred)}</p>;
  } else {
    // SPEC §5: the coins are checked once the e-mail is verified; before that, verifying is the way in
    // (its "Get coins" led to a shop whose buttons wait for the same).
    const short = verified && tournament.entryFee > funds;
    body = (
      <>
        {!verified ? <p data-testid="verify-first">{t('tournaments.status-text.verify-first')}</p> : null}
        {short ? (
          <NotEnoughCoins
            text={t('tournaments.status-text.not-enough-coins', {
              fee: formatCoins(locale, tournament.entryFee),
              funds: formatCoins(locale, funds),
            })}
          />
        ) : null}
        {asking && !short ? (
          <Question
            ref={joinFocus.question}
            testId="join-question"
            text={t('tournaments.actions.join-question', { fee: formatCoins(locale, tournament.entryFee) })}
            busy={join.busy}
            onBack={() => setAsking(false)}
          >
            <Button busy={join.busy} onClick={joinNow} data-testid="confirm-join">
              {t('tournaments.actions.join-confirm')}
            </Button>
          </Question>
        ) : (
          <Tooltip text={t('user.email-not-verified-tooltip')} enabled={!verified}>
            <Button
              ref={joinButton}
              busy={join.busy}
              disabled={!verified || short}
              onClick={() => {
                if (tournament.entryFee > 0) {
                  setAsking(true);
                  return;
                }
                joinNow();
              }}
              data-testid="join"
            >
              {tournament.entryFee > 0
                ? t('tournaments.actions.join-fee', { fee: formatCoins(locale, tournament.entryFee) })
                : t('tournaments.actions.join-free')}
            </Button>
          </Tooltip>
        )}
      </>
    );
  }
  // A visitor who did not play a tournament under way or over reads its status, not "Your status".
  const heading = isHost
    ? t('tournaments.overview.you-host')
    : entrant || tournament.state === 'OPEN'
      ? t('tournaments.overview.your-status')
      : t('tournaments.overview.status');
  return (
    <section className="card status-panel" aria-label={heading}>
      <h2>{heading}</h2>
      {/* Not once removed meanwhile by the host: a leave then answers "not in", and nothing was left. */}
      {leftEntry !== null && !entrant && !tournament.removed?.[uid ?? ''] ? (
        <p className="success" role="status" data-testid="left-tournament">
          {tournament.entryFee > 0
            ? t('tournaments.actions.left-refund', { fee: formatCoins(locale, tournament.entryFee) })
            : t('tournaments.actions.left')}
        </p>
      ) : null}
      {body}
      {/* The host, while its players check in: how many have so far, live (a walk's host saw no count). */}
      {isHost && tournament.state === 'OPEN' && isCheckInOpen(tournament, now) ? (
        <p data-testid="host-checked-in">
          {t('tournaments.status-text.host-checked-in', {
            checkedIn: String(tournament.participants.filter((entrant) => entrant.checkedIn).length),
            total: String(tournament.participantCount),
            min: String(MIN_PARTICIPANTS),
          })}
        </p>
      ) : null}
      <FormError message={error} />
    </section>
  );
}
