import { useTranslation } from 'react-i18next';
import { statusOf, type Tournament } from '@versus/domain/tournaments/tournament';
import { Spinner } from '../../../components/feedback';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { UNREAD_COUNTED, unreadCount, type ChatMessage, type RoomMemberState } from '@versus/domain/rooms/room';
import { db } from '../../../lib/firebase';
import { useLiveDocument } from '../../../lib/use-live-document';
import { useLiveQuery } from '../../../lib/use-live-query';
import { useActiveTournaments } from '../api';
import { myRoomStateDoc, roomMessagesAfterQuery } from '../chat-queries';
import '../tournaments.css';
import '../../../i18n/play-texts';
import { mediumDateTime } from '../../../lib/locale';

/** Unread chat messages of one tournament's room since my last open (a badge in /my-games). */
function RoomUnread({ room, uid }: { room: string; uid: string }) {
  const { t } = useTranslation();
  const state = useLiveDocument<RoomMemberState>(myRoomStateDoc(db, room, uid));
  const since = state.status === 'ready' ? (state.data.lastOpen ?? 0) : state.status === 'missing' ? 0 : null;
  const messages = useLiveQuery<ChatMessage>(since === null ? null : `unread:${room}:${since}`, () =>
    roomMessagesAfterQuery(db, room, since ?? 0, UNREAD_COUNTED + 1),
  );
  const count = messages.status === 'ready' ? unreadCount(messages.items, uid, since) : 0;
  // A full page: there may be more than it holds.
  const more = messages.status === 'ready' && messages.items.length > UNREAD_COUNTED;
  // A full page of deleted messages: there may be unread ones after them, uncounted.
  if (count === 0 && !more) return null;
  return (
    <LocalLink className="count-badge" to={`${paths.tournament.getHref(room)}#chat`} data-testid={`unread-${room}`}>
      {count === 0
        ? t('my-games.unread-some')
        : more
          ? t('my-games.unread-more', { count: Math.min(count, UNREAD_COUNTED) })
          : t('my-games.unread', { count })}
    </LocalLink>
  );
}

/** One line per tournament: name, game, start, state (and, in /my-games, unread chat). */
export function TournamentRows({
  items,
  testId,
  unread = false,
}: {
  items: (Tournament & { id: string })[];
  testId?: string;
  unread?: boolean;
}) {
  const uid = useSession((state) => state.user?.uid);
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ul className="tournament-rows" data-testid={testId}>
      {items.map((item) => {
        const status = statusOf(item.state);
        return (
          <li key={item.id}>
            <LocalLink to={paths.tournament.getHref(item.id)}>{item.name}</LocalLink>
            <span className="muted">
              {t(`games.${item.game}`)} · {mediumDateTime(locale).format(item.startTime)}
            </span>
            <span className={`status-badge status-${status}`}>{t(`tournaments.status.${status}`)}</span>
            {unread && uid ? <RoomUnread room={item.id} uid={uid} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** /my-games: the tournaments I play in that have not ended (SPEC §2). */
export function ActiveTournamentsSection() {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const active = useActiveTournaments(uid);
  return (
    <section className="card" data-testid="my-games-active-tournaments">
      <h2>{t('my-games.sections.active-tournaments.title')}</h2>
      {active.status === 'loading' ? (
        <Spinner label={t('common.loading')} />
      ) : active.status === 'ready' && active.items.length > 0 ? (
        <TournamentRows items={active.items} unread />
      ) : (
        <p className="muted">{t('my-games.sections.active-tournaments.empty')}</p>
      )}
    </section>
  );
}
