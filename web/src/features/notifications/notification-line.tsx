import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { mediumDateTime } from '../../lib/locale';
import { useLocale } from '../../lib/navigation';
import type { NotificationItem } from './api';
import { NotificationIcon } from './icons';
import '../../i18n/page-texts';

/**
 * A notification's content in a list (the header's dropdown, the /notifications page): its icon, its
 * sentence, and when ("10 days ago", the moment itself on hover). An unread one says "New" in words,
 * first to a screen reader and beside the time to the eye: its tint or border alone told neither a
 * screen reader nor anyone who does not see the colour (walk AB).
 */
export function NotificationLine({ item, text }: { item: NotificationItem; text: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <NotificationIcon type={item.type} />
      {/* Beside the sentence, not in it: the sentence stays whole, as a search for it finds it. */}
      {item.viewed ? null : <span className="visually-hidden">{t('notifications.new')}: </span>}
      <span className="notification-text">{text}</span>
      <span className="muted notification-when">
        {item.viewed ? null : (
          <span aria-hidden>
            <strong className="notification-new">{t('notifications.new')}</strong>
            {' · '}
          </span>
        )}
        <time dateTime={new Date(item.createdAt).toISOString()} title={mediumDateTime(locale).format(item.createdAt)}>
          {dayjs(item.createdAt).fromNow()}
        </time>
      </span>
    </>
  );
}
