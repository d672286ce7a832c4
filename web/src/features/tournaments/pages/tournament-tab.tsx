import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { useLocalePath, useUnprefixedPath } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { ParticipantsTab } from '../components/participants-tab';
import { PendingTab } from '../components/pending-tab';
import { StandingsTab } from '../components/play-tabs';
import { SettingsTab } from '../components/settings-tab';
import { TournamentOverview } from '../components/tournament-overview';
import { useTournamentContext } from './tournament-page';
import '../../../i18n/play-texts';

/** One tab of /tournaments/{id}: overview, participants, standings, pending (host) and settings (host). */
export default function TournamentTab() {
  const { t } = useTranslation();
  const tournament = useTournamentContext();
  const uid = useSession((state) => state.user?.uid);
  const localePath = useLocalePath();
  const tab = useUnprefixedPath().split('/').pop();
  if (tab === 'participants') return <ParticipantsTab tournament={tournament} />;
  if (tab === 'settings') {
    if (uid !== tournament.uid)
      return <EmptyState title={t('tournaments.page.tab.settings')}>{t('tournaments.page.empty.settings')}</EmptyState>;
    return <SettingsTab tournament={tournament} />;
  }
  if (tab === 'standings') return <StandingsTab tournament={tournament} />;
  if (tab === 'pending') {
    if (uid !== tournament.uid)
      return <EmptyState title={t('tournaments.page.tab.pending')}>{t('tournaments.page.empty.pending')}</EmptyState>;
    if (tournament.state !== 'ONGOING')
      return <Navigate to={localePath(paths.tournament.getHref(tournament.id, 'standings'))} replace />;
    return <PendingTab tournament={tournament} />;
  }
  return <TournamentOverview tournament={tournament} />;
}
