import { AdminPage } from '../../features/battles/pages/admin-page';
import { PayoutReview } from '../../features/wallet/components/payout-review';

/** /admin: the platform admin's battle disputes and campaign, with the wallet's withdrawals waiting for review. */
export default function Admin() {
  return <AdminPage payouts={<PayoutReview />} />;
}
