import UserPage from '../../features/profile/pages/user-page';
import { SupportCreatorButton } from '../../features/creators/components/support-creator-button';

/** /user/{id}: a player's profile, with the creators' way to support a creator's code (record 117). */
export default function User() {
  return <UserPage creatorAction={(uid, code) => <SupportCreatorButton uid={uid} code={code} />} />;
}
