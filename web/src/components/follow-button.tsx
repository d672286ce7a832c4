import { useTranslation } from 'react-i18next';
import { followUser, unfollowUser } from '../lib/follow';
import { useSession } from '../lib/session/session-store';
import { useCommand } from '../lib/use-command';
import { Button } from './button';

/**
 * Follow or unfollow a player (SPEC §5: signed in, not self, not twice), from a profile, a
 * participant list or search results. The state is the signed-in account's live `following`.
 */
export function FollowButton({ uid, small = false }: { uid: string; small?: boolean }) {
  const { t } = useTranslation();
  const own = useSession((state) => state.user?.uid);
  const following = useSession((state) => state.account?.following?.includes(uid) ?? false);
  const mutual = useSession((state) => state.account?.mutuals?.includes(uid) ?? false);
  const toggle = useCommand((_key, follow: boolean) => (follow ? followUser(uid) : unfollowUser(uid)));
  if (!own || own === uid) return null;
  return (
    <span className="follow-control">
      {mutual ? (
        <span className="chip chip-ok" data-testid="mutual-badge">
          {t('social.mutual')}
        </span>
      ) : null}
      <Button
        small={small}
        variant={following ? 'secondary' : 'primary'}
        busy={toggle.busy}
        onClick={() => void toggle.run(!following)}
        data-testid={`follow-${uid}`}
        aria-pressed={following}
      >
        {following ? t('social.unfollow') : t('social.follow')}
      </Button>
      {toggle.error ? (
        <span className="form-error" role="alert">
          {toggle.error}
        </span>
      ) : null}
    </span>
  );
}
