import { useTranslation } from 'react-i18next';
import { shownName } from '../lib/player-name';
import type { PublicProfile } from '@versus/domain/users/types';
import { LocalLink } from '../lib/navigation';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session/session-store';
import { Avatar } from './avatar';
import { FollowButton } from './follow-button';
import '../i18n/later-texts';

/** SPEC §5: the user preview's variant is grey (a card, as in search) or transparent (in a list). */
export type UserPreviewVariant = 'grey' | 'transparent';

/**
 * A player in a list (SPEC §2 user preview): picture, name, trophies and team when known, a link to
 * the profile, and the follow and challenge actions (challenging needs a verified e-mail, SPEC §6).
 */
export function UserPreview({
  user,
  variant,
}: {
  user: Pick<PublicProfile, 'uid' | 'displayName' | 'avatar' | 'avatarPlaceholder'> &
    Partial<Pick<PublicProfile, 'trophies' | 'team'>>;
  variant: UserPreviewVariant;
}) {
  const { t } = useTranslation();
  const own = useSession((state) => state.user?.uid);
  const verified = useSession((state) => state.user?.emailVerified === true);
  return (
    <div className={`user-preview user-preview-${variant}`} data-testid={`user-preview-${user.uid}`}>
      <LocalLink to={paths.user.getHref(user.uid)} className="user-preview-link">
        <Avatar url={user.avatar} placeholder={user.avatarPlaceholder} size={variant === 'grey' ? 40 : 32} />
        <span>
          <strong>{shownName(t, user.displayName)}</strong>
          {user.trophies !== undefined ? (
            <span className="muted user-preview-meta">
              {t('preview.trophies', { count: user.trophies })}
              {user.team?.name ? ` · ${user.team.name}` : ''}
            </span>
          ) : null}
        </span>
      </LocalLink>
      <span className="user-preview-actions">
        <FollowButton uid={user.uid} small />
        {own && own !== user.uid && verified ? (
          <LocalLink className="btn btn-secondary btn-small" to={paths.challenge.getHref(user.uid)}>
            {t('preview.challenge')}
          </LocalLink>
        ) : null}
      </span>
    </div>
  );
}
