import { CoinAmount } from '../../components/coin-amount';
import { LocalLink } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session/session-store';
import { CreatorDropdown } from './creator-dropdown';
import { NotificationsDropdown } from './notifications-dropdown';
import { useBalanceTitle } from './use-balance-title';
import { UserMenu } from './user-menu';

/**
 * The header's actions for a signed-in player: balance, notifications, creator data and the user
 * menu. Loaded once a session is known (header.tsx), so a visitor's page comes alive without them
 * (DESIGN §8's 150 KB), and shown as one, so the header does not fill in piece by piece.
 */
export function SignedInActions() {
  const funds = useSession((state) => state.account?.funds);
  const balanceTitle = useBalanceTitle(true);
  const isCreator = useSession((state) => Boolean(state.profile?.creatorCode));
  return (
    <>
      <LocalLink to={paths.checkout.getHref()} className="coin-balance" data-testid="coin-balance" title={balanceTitle}>
        <CoinAmount value={funds} />
      </LocalLink>
      <NotificationsDropdown />
      {isCreator ? <CreatorDropdown /> : null}
      <UserMenu />
    </>
  );
}
