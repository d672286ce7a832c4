import { AdminPage } from '../../features/battles/pages/admin-page';
import { PayoutReview } from '../../features/wallet/components/payout-review';
import { PrizeCapsAdmin } from '../../features/tournaments/components/prize-caps-admin';

/**
 * /admin: the platform admin's battle disputes and campaign, with the wallet's withdrawals waiting
 * for review and the tournaments' prize caps.
 */
export default function Admin() {
  return <AdminPage payouts={<PayoutReview />} tournaments={<PrizeCapsAdmin />} />;
}
