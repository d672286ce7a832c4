import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../lib/navigation';
import { Dropdown } from '../../components/dropdown';
import { markAsViewed, useNotifications, type NotificationItem } from '../../features/notifications/api';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session/session-store';

const markQuietly = (ids: string[]) => {
  markAsViewed(ids).catch((error: unknown) => console.warn('could not mark notifications viewed', error));
};

export function NotificationsDropdown() {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const items = useNotifications(uid);
  const unseen = items.filter((item) => !item.viewed);

  // "Player1 reported Player1 as the winner" read as a glitch: a report names who won from the reader's side.
  const variant = (item: NotificationItem) =>
    item.isAdmin
      ? '_admin'
      : item.type === 'OPPONENT_SUBMITTED_BATTLES_RESULTS' && item.winner?.uid === uid
        ? '_you'
        : item.type === 'TOURNAMENT_CANCELLED' && item.reasoning === 'not-checked-in'
          ? '_dropped'
          : '';
  const describe = (item: NotificationItem) =>
    t(`notifications.types.${item.type}${variant(item)}` as 'notifications.types.FOLLOW', {
      defaultValue: t('notifications.generic'),
      user: item.users?.[0]?.displayName ?? item.opponent?.displayName ?? '',
      winner: item.winner?.displayName ?? '',
      tournament: item.tournament?.name ?? '',
      party: item.party?.teamName ?? '',
      points: item.points ?? 0,
      // Plural forms of the points notifications ("1 point").
      count: item.points ?? 0,
      payout: item.payout ?? 0,
      place: item.place ?? 0,
      reasoning: item.reasoning ?? '',
    });
  // A host's conflict opens its resolve page; points to review the pending tab; payouts the standings.
  const tournamentTarget = (item: NotificationItem, id: string) =>
    item.match && (item.type === 'ADMIN_TOURNAMENT_CONFLICT' || item.type === 'TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD')
      ? paths.resolveConflict.getHref(id, item.match)
      : item.type === 'ADMIN_TOURNAMENT_POINTS_SUBMITTED'
        ? paths.tournament.getHref(id, 'pending')
        : item.type === 'TOURNAMENT_PAYOUT_RECEIVED' || item.type === 'ADMIN_TOURNAMENT_PAYOUT_RECEIVED'
          ? paths.tournament.getHref(id, 'standings')
          : paths.tournament.getHref(id, item.party ? 'participants' : 'overview');
  // Battle notifications open their battle or challenge; tournament ones their tournament.
  const target = (item: NotificationItem) =>
    item.battle
      ? `/battles/${item.battle}`
      : item.challenge && item.type === 'CHALLENGED_TO_BATTLE'
        ? `/battles/view-challenge/${item.challenge}`
        : item.tournament
          ? tournamentTarget(item, item.tournament.id)
          : null;

  return (
    <Dropdown
      ariaLabel={t('notifications.open', { count: unseen.length })}
      testId="notifications"
      // All are marked viewed when the dropdown closes (SPEC §4).
      onClose={() => markQuietly(unseen.map((item) => item.id))}
      label={
        <span className="bell">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden fill="currentColor">
            <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
          </svg>
          {unseen.length > 0 ? (
            <span className="badge" data-testid="notifications-badge">
              {unseen.length}
            </span>
          ) : null}
        </span>
      }
    >
      {(close) => (
        <div className="menu notifications-panel">
          <div className="menu-heading">{t('notifications.title')}</div>
          {items.length === 0 ? (
            <p className="muted">{t('notifications.empty')}</p>
          ) : (
            <ul className="notification-list">
              {items.map((item) => (
                <li key={item.id} className={item.viewed ? '' : 'unseen'}>
                  <button
                    type="button"
                    onClick={() => {
                      if (!item.viewed) markQuietly([item.id]);
                      const to = target(item);
                      if (to) {
                        close();
                        void navigate(toPath(to));
                      }
                    }}
                  >
                    <span>{describe(item)}</span>
                    <time className="muted">{dayjs(item.createdAt).fromNow()}</time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dropdown>
  );
}
