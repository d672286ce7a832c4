import { BattleLists } from '../../features/battles/components/battle-lists';
import { MyGamesPage } from '../../features/my-games/pages/my-games-page';
import { ActiveTournamentsSection } from '../../features/tournaments/components/tournament-lists';

/** /my-games: active battles, new and outgoing challenges, active tournaments (SPEC §2). */
export default function MyGames() {
  return (
    <MyGamesPage
      battleSections={<BattleLists sections={['active-battles', 'new-challenges', 'outgoing-challenges']} />}
      tournamentSections={<ActiveTournamentsSection />}
    />
  );
}
