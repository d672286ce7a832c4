import { useTranslation } from 'react-i18next';
import { isCheckInOpen, playsMatches, type Participant, type Tournament } from '@versus/domain/tournaments/tournament';
import { Avatar } from '../../../components/avatar';
import { EmptyState } from '../../../components/feedback';
import { FollowButton } from '../../../components/follow-button';
import { PlayerChip } from '../../../components/player-chip';
import { useSession } from '../../../lib/session/session-store';
import { useNow } from '../../../lib/use-now';
import { TrophyIcon } from './icons';
import { Disqualify } from './disqualify';
import { Members, PartyPanel } from './party-panel';
import { RemoveEntrant, RemovedPlayers } from './remove-entrant';
import { Substitute } from './substitute';
import { useParties } from '../api';
import '../../../i18n/play-texts';

/** DESIGN §9 seeding: trophies, highest first, ties by join time; once started, the recorded seeds. */
export function seeded(tournament: Tournament): Participant[] {
  if (tournament.seeds) {
    const byId = new Map(tournament.participants.map((entrant) => [entrant.id, entrant]));
    return tournament.seeds.map((id) => byId.get(id)).filter((entrant): entrant is Participant => !!entrant);
  }
  return [...tournament.participants].sort((a, b) => b.trophies - a.trophies || a.joinedAt - b.joinedAt);
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
          <EmptyState title={t('tournaments.page.empty.participants')} level={3} />
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
