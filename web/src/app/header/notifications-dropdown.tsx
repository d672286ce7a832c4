import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocalLink, useLocale, useLocalePath } from '../../lib/navigation';
import { Dropdown } from '../../components/dropdown';
import { NOTIFICATIONS_LISTED } from '@versus/domain/notifications/types';
import { markAsViewed, useNotifications, type NotificationItem } from '../../features/notifications/api';
import { NotificationLine } from '../../features/notifications/notification-line';
import { describeNotification, notificationTarget } from '../../features/notifications/texts';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session/session-store';
import '../../i18n/page-texts';

const markQuietly = (ids: string[]) => {
  markAsViewed(ids).catch((error: unknown) => console.warn('could not mark notifications viewed', error));
};

export function NotificationsDropdown() {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const reliability = useSession((state) => state.profile?.reliability);
  const navigate = useNavigate();
  const toPath = useLocalePath();
  // The badge listens to the unseen ones only; the newest, read or not, once the list is first opened
  // (and from then on while the page stays): every page pays for the first, few pay for the second.
  const listedUnseen = useNotifications(uid, 'unseen');
  const unseen = useMemo(() => listedUnseen ?? [], [listedUnseen]);
  // Whose list was opened: a player who signs in after another on the same page starts unopened.
  const [openedBy, setOpenedBy] = useState<string>();
  const newest = useNotifications(openedBy === uid ? uid : undefined, 'newest');
  // The list: the newest 20, and the newest 20 unseen however old, so that what the badge counted is
  // what the list shows, and what closing it marks viewed (the newest's copy of a document wins). The
  // unseen show at once; the rest as they come.
  const items = useMemo(
    () =>
      newest === null && unseen.length === 0
        ? null
        : [...new Map([...unseen, ...(newest ?? [])].map((item) => [item.id, item])).values()].sort(
            (a, b) => b.createdAt - a.createdAt,
          ),
    [newest, unseen],
  );

  // The badge's listen reads at most 20: with 20 unseen there may be more, and it says so.
  const more = unseen.length >= NOTIFICATIONS_LISTED;
  const locale = useLocale();
  const describe = (item: NotificationItem) => describeNotification(t, locale, item, uid, reliability);
  const target = notificationTarget;

  return (
    <Dropdown
      ariaLabel={
        more
          ? t('notifications.open-more', { count: NOTIFICATIONS_LISTED })
          : t('notifications.open', { count: unseen.length })
      }
      testId="notifications"
      onOpen={() => setOpenedBy(uid)}
      // All are marked viewed when the dropdown closes (SPEC §4).
      onClose={() => markQuietly((items ?? []).filter((item) => !item.viewed).map((item) => item.id))}
      label={
        <span className="bell">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden fill="currentColor">
            <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
          </svg>
          {unseen.length > 0 ? (
            <span className="badge" data-testid="notifications-badge">
              {more ? `${NOTIFICATIONS_LISTED}+` : unseen.length}
            </span>
          ) : null}
        </span>
      }
    >
      {(close) => (
        <div className="menu notifications-panel">
          <div className="menu-heading">
            {t('notifications.title')}
            <LocalLink to={paths.notifications.getHref()} onClick={() => close()} data-testid="all-notifications">
              {t('notifications.see-all')}
            </LocalLink>
          </div>
          {items === null ? (
            <p className="muted">{t('common.loading')}</p>
          ) : items.length === 0 ? (
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
                    <NotificationLine item={item} text={describe(item)} />
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
