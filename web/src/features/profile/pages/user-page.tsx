import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isOnline, type Presence } from '@versus/domain/users/presence';
import type { FollowEntry, PublicProfile } from '@versus/domain/users/types';
import { Avatar } from '../../../components/avatar';
import { ErrorPanel, PageSkeleton } from '../../../components/feedback';
import { FollowButton } from '../../../components/follow-button';
import { UserPreview } from '../../../components/user-preview';
import { Tooltip } from '../../../components/tooltip';
import { LocalLink, useLocalePath, usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { useLiveDocument } from '../../../lib/use-live-document';
import { shownName } from '../../../lib/player-name';
import { useGrowingLiveQuery } from '../../../lib/use-live-query';
import { Button } from '../../../components/button';
import { followListQuery, playerStatisticsDoc } from '../queries';
import { countersOf, type PlayerStatistics } from '@versus/domain/users/statistics';
import { Badges, MatchHistory, ProgressCard, StatsGrid } from '../components/standing';
import { ReliabilityCard } from '../components/reliability';
import { paths } from '../../../lib/paths';
import '../profile.css';
import { presenceDoc, profileDoc } from '../../../lib/documents';
import { db } from '../../../lib/firebase';
import { useServedNow } from '../../../lib/served-data';
import { FOLLOW_PAGE_SIZE, liveKeys } from '@versus/domain/platform/served-data';
import { useShownDate } from '../../../lib/served-dates';
import '../../../i18n/page-texts';

/**
 * A creator's code on their profile (record 117), with what app/ puts beside it (the creators'
 * "Support this creator"): a walk found the code nowhere but in the creator's own dropdown.
 */
function CreatorCode({ code, action }: { code: string; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="row wrap creator-code" data-testid="creator-code">
      <span className="chip">{t('user.creator-code', { code })}</span>
      {action}
    </div>
  );
}

/**
 * Followers or following, the latest first and more a page at a time (they stopped at 24 with no way
 * on; walk AJ), each a user preview with its follow and challenge actions.
 */
function FollowList({ uid, list }: { uid: string; list: 'followers' | 'following' }) {
  const { t } = useTranslation();
  const entries = useGrowingLiveQuery<FollowEntry>(
    liveKeys.follows(uid, list),
    (count) => followListQuery(db, uid, list, count),
    FOLLOW_PAGE_SIZE,
  );
  return (
    <section className="card" data-testid={`${list}-list`}>
      <h2>{t(`social.${list}`)}</h2>
      {entries.status === 'ready' && entries.items.length === 0 ? (
        <p className="muted">{t(`social.none-${list}`)}</p>
      ) : null}
      <ul className="follow-list">
        {entries.items.map((entry) => (
          <li key={entry.id}>
            <UserPreview user={entry} variant="transparent" />
          </li>
        ))}
      </ul>
      {entries.more ? (
        <Button variant="secondary" busy={entries.status === 'loading'} onClick={entries.showMore}>
          {t(`standing.follows.more-${list}`)}
        </Button>
      ) : null}
    </section>
  );
}

export default function UserPage({
  creatorAction,
}: {
  /** Beside a creator's code: app/ composes the creators' support button (features do not import each other). */
  creatorAction?: (uid: string, code: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id } = useParams();
  const toPath = useLocalePath();
  const ownUid = useSession((state) => state.user?.uid);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const admin = useSession((state) => state.user?.admin === true);
  const profile = useLiveDocument<PublicProfile>(id ? profileDoc(db, id) : null);
  const stats = useLiveDocument<PlayerStatistics>(id ? playerStatisticsDoc(db, id) : null);
  const presence = useLiveDocument<Presence>(id ? presenceDoc(db, id) : null);
  usePageTitle(profile.status === 'ready' ? profile.data.displayName : t('user.title'));
  const now = useServedNow();
  const online = presence.status === 'ready' && isOnline(presence.data.lastSeen, now);
  const date = useShownDate();

  if (!id && ownUid) return <Navigate to={toPath(paths.user.getHref(ownUid))} replace />;
  if (profile.status === 'loading')
    return (
      <div className="page">
        <PageSkeleton label={t('common.loading')} shape="profile" />
      </div>
    );
  if (profile.status !== 'ready' || profile.data.deactivated) {
    return (
      <div className="page" data-testid="user-missing">
        <ErrorPanel title={t('errors.could-not-load-user')} message={t('user.not-found')} level={1} />
      </div>
    );
  }
  const user = profile.data;
  const accounts = Object.entries(user.thirdPartyAccounts ?? {});
  return (
    <div className="page">
      <section className="card profile-hero">
        <Avatar url={user.avatar} placeholder={user.avatarPlaceholder} size={96} />
        <div>
          <h1>{shownName(t, user.displayName)}</h1>
          {/* Until presence is read (the served page carries the profile, not presence), the chip
              keeps its place but says nothing, rather than "Offline". */}
          <span
            className={`chip ${online ? 'chip-ok' : ''}${presence.status === 'loading' ? ' chip-pending' : ''}`}
            data-testid="presence"
            aria-hidden={presence.status === 'loading' || undefined}
          >
            {online ? t('user.online') : t('user.offline')}
          </span>
          <p className="muted">{t('user.joined', { date: date(user.createdAt).format('LL') })}</p>
          {user.creatorCode ? (
            <CreatorCode code={user.creatorCode} action={creatorAction?.(user.uid, user.creatorCode)} />
          ) : null}
          {accounts.length > 0 ? (
            <ul className="chips">
              {accounts.map(([platform, value]) => (
                <li key={platform} className="chip">
                  {t(`profile.connections.${platform as 'discord'}.title`)}: {value}
                  {/* A game account its player has not proved is said so: a typed Riot ID is anyone's
                      to type, and looked like its owner's verified one (record 183). */}
                  {(platform === 'riot' || platform === 'steam') && !user.gameAccounts?.[platform] ? (
                    <span className="muted"> ({t('user.account-not-verified')})</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="follow-counts" data-testid="follow-counts">
            {t('social.followers-count', { count: user.followersCount ?? 0 })} ·{' '}
            {t('social.following-count', { count: user.followingCount ?? 0 })}
          </p>
          {/* Side by side, or one above the other on a phone, never touching. */}
          <div className="row wrap">
            <FollowButton uid={user.uid} />
            {ownUid && ownUid !== user.uid ? (
              // Challenging needs a verified e-mail (SPEC §6): disabled with the tooltip, like the user menu.
              <Tooltip text={t('user.email-not-verified-tooltip')} enabled={!verified}>
                {verified ? (
                  <LocalLink
                    className="btn btn-primary"
                    to={paths.challenge.getHref(user.uid)}
                    data-testid="challenge-user"
                  >
                    {t('user.challenge')}
                  </LocalLink>
                ) : (
                  <span className="btn btn-primary" aria-disabled="true" data-testid="challenge-user">
                    {t('user.challenge')}
                  </span>
                )}
              </Tooltip>
            ) : null}
          </div>
        </div>
      </section>
      <StatsGrid counters={countersOf(stats.status === 'ready' ? stats.data : null)} />
      {ownUid === user.uid ? <ProgressCard stats={stats.status === 'ready' ? stats.data : undefined} /> : null}
      <ReliabilityCard
        uid={user.uid}
        reliability={user.reliability}
        own={ownUid === user.uid}
        admin={admin}
        now={now}
      />
      <Badges stats={stats.status === 'ready' ? stats.data : undefined} />
      <MatchHistory uid={user.uid} viewer={ownUid} />
      <div className="follow-lists">
        <FollowList uid={user.uid} list="followers" />
        <FollowList uid={user.uid} list="following" />
      </div>
    </div>
  );
}
