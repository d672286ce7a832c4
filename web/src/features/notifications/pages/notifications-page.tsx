import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState, ErrorPanel, Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { db } from '../../../lib/firebase';
import { useLocale, useLocalePath, usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { useLiveQueries } from '../../../lib/use-live-query';
import { NOTIFICATION_KEPT_DAYS } from '@versus/domain/notifications/types';
import { markAllViewed, markAsViewed, useNotifications, type NotificationItem } from '../api';
import { NotificationLine } from '../notification-line';
import { notificationsPageQueries } from '../queries';
import {
  NOTIFICATION_CATEGORIES,
  describeNotification,
  notificationTarget,
  typesOf,
  type NotificationCategory,
} from '../texts';
import '../notifications.css';
import '../../../i18n/page-texts';

const PAGE = 20;

/** /notifications: every notification, newest first, with load-more and filters by kind. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const uid = useSession((state) => state.user?.uid);
  const reliability = useSession((state) => state.profile?.reliability);
  const [filter, setFilter] = useState<NotificationCategory | null>(null);
  const [count, setCount] = useState(PAGE);
  const items = useLiveQueries<NotificationItem>(
    uid ? `notifications:${uid}:${filter ?? 'all'}:${count}` : null,
    () => notificationsPageQueries(db, uid!, filter ? typesOf(filter) : null, count),
    // The newest `count` of the parts' (each the newest `count` of its types).
    (lists) =>
      lists
        .flat()
        // Ties as Firestore orders them (by id, descending with the field's order).
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
        .slice(0, count),
  );
  usePageTitle(t('notifications.title'));
  const list = items.status === 'ready' ? items.items : [];
  // "Mark all as read" marks every unseen one, listed or not (the server finds them); the list shows
  // them read as their documents change. Whether there are any: the header badge's own listen, the
  // same query, which the SDK shares.
  const unseen = useNotifications(uid, 'unseen');
  const unread = (unseen?.length ?? 0) > 0 || list.some((item) => !item.viewed);
  // Up to the newest the page shows (the list's or the badge's): one arriving meanwhile stays unseen.
  const markAll = useCommand(() =>
    markAllViewed(Math.max(0, ...list.map((item) => item.createdAt), ...(unseen ?? []).map((item) => item.createdAt))),
  );
  const open = (item: NotificationItem) => {
    if (!item.viewed) markAsViewed([item.id]).catch((error: unknown) => console.warn('mark viewed failed', error));
    const to = notificationTarget(item);
    if (to) void navigate(toPath(to));
  };
  return (
    <div className="page page-narrow notifications-page">
      <PageHeader
        title={t('notifications.title')}
        actions={
          unread ? (
            <Button
              variant="secondary"
              small
              busy={markAll.busy}
              onClick={() => void markAll.run()}
              data-testid="notifications-mark-all"
            >
              {t('notifications.mark-all')}
            </Button>
          ) : null
        }
      />
      <FormError message={markAll.error} />
      <div className="chip-row" role="group" aria-label={t('notifications.filter')} data-testid="notification-filters">
        {[null, ...NOTIFICATION_CATEGORIES].map((category) => (
          <button
            key={category ?? 'all'}
            type="button"
            className={`chip ${filter === category ? 'chip-active' : ''}`}
            aria-pressed={filter === category}
            onClick={() => {
              setFilter(category);
              setCount(PAGE);
            }}
          >
            {t(`notifications.filters.${category ?? 'all'}`)}
          </button>
        ))}
      </div>
      {items.status === 'loading' ? <Spinner label={t('common.loading')} /> : null}
      {items.status === 'error' ? <ErrorPanel title={t('errors.error')} message={t('notifications.failed')} /> : null}
      {items.status === 'ready' && list.length === 0 ? (
        <EmptyState title={filter ? t(`notifications.empty-filtered.${filter}`) : t('notifications.empty')} />
      ) : null}
      <ul className="notification-page-list" data-testid="notification-page-list">
        {list.map((item) => (
          <li key={item.id} className={item.viewed ? '' : 'unseen'}>
            <button type="button" onClick={() => open(item)}>
              <NotificationLine item={item} text={describeNotification(t, locale, item, uid, reliability)} />
            </button>
          </li>
        ))}
      </ul>
      {list.length >= count ? (
        <Button variant="secondary" onClick={() => setCount(count + PAGE)} data-testid="notifications-more">
          {t('notifications.load-more')}
        </Button>
      ) : null}
      <p className="muted notifications-kept">{t('notifications.kept', { days: String(NOTIFICATION_KEPT_DAYS) })}</p>
    </div>
  );
}
