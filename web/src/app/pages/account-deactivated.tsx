import AccountDeactivatedPage from '../../features/auth/pages/account-deactivated-page';
import { DataExport } from '../../features/profile/components/data-export';

/**
 * /account-deactivated: the way back, and the archive of the player's data (its request allows a
 * deactivated account), so a copy needs no restore (record 185).
 */
export default function AccountDeactivated() {
  return <AccountDeactivatedPage dataExport={<DataExport />} />;
}
