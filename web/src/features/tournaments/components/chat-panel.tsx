import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  MENTION_PATTERN,
  MENTION_TYPING,
  MESSAGE_MAX,
  MESSAGES_PAGE,
  TYPED_THROTTLE_MS,
  typingMembers,
  unreadCount,
  type ChatMessage,
  type RoomMember,
  type RoomMemberState,
} from '@versus/domain/rooms/room';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { imageProblem } from '../../../lib/image-file';
import { keepTabIn } from '../../../lib/keep-tab-in';
import { db } from '../../../lib/firebase';
import { useLocale } from '../../../lib/navigation';
import { shownName } from '../../../lib/player-name';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { useLiveDocument } from '../../../lib/use-live-document';
import { useGrowingLiveQuery, useLiveQuery } from '../../../lib/use-live-query';
import { useNow } from '../../../lib/use-now';
import { deleteRoomMessage, sendTyped } from '../api';
import { myRoomStateDoc, roomMembersQuery, roomMessagesQuery } from '../chat-queries';
import { ChatOutsider } from './chat-outsider';
import { ChatIcon } from './icons';
import { useChatOutbox } from './use-chat-outbox';
import { useOffline } from '../../../lib/use-offline';
import { RemoveMessage } from './chat-remove';
import { useLastOpenMarks } from './use-last-open';
import { useRoomScroll } from './use-room-scroll';
import { useTuckedWhileScrolling } from './use-tucked-while-scrolling';
import '../../../i18n/play-texts';
import { dateTimeFormat } from '../../../lib/locale';
import { useFollowedAnchor } from '../../../lib/use-followed-anchor';

/** SPEC §9: the room's listeners start 200 ms after the panel mounts. */
const LISTEN_DELAY_MS = 200;
const DAY = (time: number) => new Date(time).toDateString();
const NONE: ReadonlySet<string> = new Set();

/**
 * Text with safe links: http(s) addresses become links that open apart; the members it mentions
 * (`@name`, as the server resolved them) stand out; everything else is text.
 */
function Linked({ text, names }: { text: string; names: ReadonlySet<string> }) {
  const parts: ReactNode[] = [];
  const plain = (segment: string, offset: number) => {
    let last = 0;
    for (const match of segment.matchAll(MENTION_PATTERN)) {
      const name = match[2]!;
      if (!names.has(name.toLowerCase())) continue;
      const start = match.index + match[1]!.length;
      parts.push(segment.slice(last, start));
      parts.push(
        <strong key={`mention-${offset + start}`} className="chat-mention">
          @{name}
        </strong>,
      );
      last = start + 1 + name.length;
    }
    parts.push(segment.slice(last));
  };
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    if (match.index > last) plain(text.slice(last, match.index), last);
    parts.push(
      <a key={match.index} href={match[0]} target="_blank" rel="noopener noreferrer nofollow ugc">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  plain(text.slice(last), last);
  return <>{parts}</>;
}

/**
 * A tournament's chat (issue #13): for its host and players, a panel on the page and full screen
 * on a phone. Messages live (newest 50, then older on demand), grouped by sender and day, times in
 * the viewer's zone; who is typing; unread since the member last had it open; @mentions with
 * type-ahead among the members; the sender or the host removes a message.
 */
export function ChatPanel({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const uid = useSession((state) => state.user?.uid);
  const member = !!uid && (uid === tournament.uid || tournament.memberUids.includes(uid));
  const [listening, setListening] = useState(false);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const now = useNow(1000);
  const panel = useRef<HTMLElement>(null);
  const lastTyped = useRef(0);
  const input = useRef<HTMLTextAreaElement>(null);
  // Opened with messages it had not seen, the room marks where they start ("New messages") until it
  // is closed: from what it had read when it was last closed (the last open is not read while open).
  const readWhenClosed = useRef<number | null>(null);
  const [newSince, setNewSince] = useState<number | null>(null);
  // Opened or closed by its buttons (or Escape), the keyboard goes with it: into the room at its
  // Close (on a phone the room covers the button that opened it; elsewhere Open gives way to Close),
  // and back to the button that opens it again. A mention's link leaves the keyboard where it was.
  const closeButton = useRef<HTMLButtonElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  // The message a mention's link asks for (`?message=`), until the room is opened another way.
  const [params] = useSearchParams();
  const [wanted, setWanted] = useState<{ message: string | null }>({ message: null });
  const openRoom = () => {
    setWanted({ message: null });
    setNewSince(readWhenClosed.current);
    setOpen(true);
    moveFocus.current = true;
  };
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (open) closeButton.current?.focus();
    // The launcher is fixed (no offsetParent): shown, it has a box.
    else (launcher.current?.getClientRects().length ? launcher.current : openButton.current)?.focus();
  }, [open]);

  useEffect(() => {
    if (!member) return;
    const timer = window.setTimeout(() => setListening(true), LISTEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [member]);
  // A mention's link (`?message={id}#chat`) opens the room, every time one is followed, keeps it in
  // view, and shows that message: the room opened on its newest, the mention out of sight above.
  useFollowedAnchor('#chat', panel, member, () => {
    setWanted({ message: params.get('message') });
    setNewSince(readWhenClosed.current);
    setOpen(true);
  });

  const room = tournament.id;
  // Older messages load a page at a time; those shown stay while a longer page loads.
  const messages = useGrowingLiveQuery<ChatMessage>(
    listening ? `room:${room}` : null,
    (count) => roomMessagesQuery(db, room, count),
    MESSAGES_PAGE,
  );
  const members = useLiveQuery<RoomMember>(listening ? `room-members:${room}` : null, () => roomMembersQuery(db, room));
  const ordered = useMemo(() => [...messages.items].sort((a, b) => a.sent - b.sent), [messages.items]);
  const everyone = members.status === 'ready' ? members.items : [];
  // What this browser has shown counts as read at once; the server's last open (throttled) is
  // what other devices and /my-games go by. It is read while the room is closed: while it is open,
  // what is shown is read, and this tab's own marks are not read back (records 94, 95).
  const [seenAt, setSeenAt] = useState(0);
  const state = useLiveDocument<RoomMemberState>(uid && listening && !open ? myRoomStateDoc(db, room, uid) : null);
  const lastOpen = state.status === 'ready' ? (state.data.lastOpen ?? 0) : state.status === 'loading' ? null : 0;
  // Read up to here: the later of the server's last open and what this browser has shown.
  const readUpTo = lastOpen === null ? null : Math.max(lastOpen, seenAt);
  const unread = uid && readUpTo !== null ? unreadCount(ordered, uid, readUpTo) : 0;
  // Only the latest page is read: when even its oldest is new and there are older, there may be more
  // new than it counts ("50+ new"; it said "46 new" of about 159, walk AJ).
  const unreadMore = unread > 0 && messages.more && (ordered[0]?.sent ?? 0) > (readUpTo ?? 0);
  const typing = typingMembers(everyone, uid, now, ordered);

  const closeMarks = useLastOpenMarks(room, open && listening, lastOpen, ordered);
  const offline = useOffline();
  const outbox = useChatOutbox(room, uid, ordered, { setText, setFile });
  useEffect(() => {
    if (!open) readWhenClosed.current = readUpTo;
  }, [open, readUpTo]);
  // Only a boundary among the messages shown is marked: a room never opened, or whose every shown
  // message is new, opens on its newest as before.
  const newAt = newSince
    ? ordered.findIndex((message) => message.sender.uid !== uid && !message.deleted && message.sent > newSince)
    : -1;
  // What is in view is read, up to the newest message's time (the server's clock, which `sent` and
  // the last open keep; a full page keeps its length); where the list stands, useRoomScroll.
  const newest = ordered.at(-1)?.sent ?? 0;
  useEffect(() => {
    if (open) setSeenAt((seen) => Math.max(seen, newest));
  }, [open, newest]);
  const tucked = useTuckedWhileScrolling();
  const { list, newMark, onScroll } = useRoomScroll({ open, wanted, newest, waiting: outbox.waiting.length });

  // Opened on a wide screen, the room comes whole into view once its messages are there (it grows
  // below the fold otherwise, its newest messages and box out of sight); on a phone it is the screen.
  // Taller than the window below the sticky header and banners, it shows its end: its newest
  // messages and its box matter more than its title.
  const loaded = messages.status === 'ready';
  useEffect(() => {
    const room = panel.current;
    if (!open || !loaded || !room) return;
    room.scrollIntoView({ block: 'nearest' });
    if (room.getBoundingClientRect().bottom > window.innerHeight) room.scrollIntoView({ block: 'end' });
  }, [open, loaded]);

  const remove = useCommand((_key, messageId: string) => deleteRoomMessage(room, messageId));

  // Everyone in the room, once each: the mentions' type-ahead offers the others; a message's
  // `@name` stands out where it names one of them, the reader too, as the server resolves it.
  const people = useMemo(
    () =>
      [tournament.owner, ...tournament.participants.flatMap((entrant) => entrant.members)].filter(
        (person, index, all) => all.findIndex((other) => other.uid === person.uid) === index,
      ),
    [tournament],
  );
  const names = useMemo(() => people.filter((person) => person.uid !== uid), [people, uid]);
  const mentionable = useMemo(() => new Set(people.map((person) => person.displayName.toLowerCase())), [people]);
  const partial = MENTION_TYPING.exec(text)?.[1];
  const suggestions =
    partial === undefined
      ? []
      : names.filter((person) => person.displayName.toLowerCase().startsWith(partial.toLowerCase())).slice(0, 5);

  if (!member) return <ChatOutsider tournament={tournament} />;
  const time = dateTimeFormat(locale, { timeStyle: 'short' });
  const day = dateTimeFormat(locale, { dateStyle: 'full' });
  const typed = (value: string) => {
    setText(value);
    if (value.trim() && Date.now() - lastTyped.current >= TYPED_THROTTLE_MS) {
      lastTyped.current = Date.now();
      sendTyped(room).catch((error: unknown) => console.warn('typed failed', error));
    }
  };
  // The box and the picker empty at once and the message waits at the end of the list as
  // "Sending…": what is typed meanwhile is the next message, and goes after it.
  const submit = () => {
    const message = text.trim();
    if (!message || message.length > MESSAGE_MAX) return;
    outbox.enqueue(message, file);
    setText('');
    setFile(null);
  };
  const closeRoom = () => {
    setSeenAt((seen) => Math.max(seen, newest));
    setOpen(false);
    closeMarks();
    moveFocus.current = true;
  };
  const onlySpaces = text.length > 0 && !text.trim();
  // The box takes at most 500 characters as typed, but refused messages come back into it together.
  const tooLong = text.trim().length > MESSAGE_MAX;
  const hint = onlySpaces ? t('rooms.only-spaces') : tooLong ? t('rooms.errors.too-long') : null;

  return (
    <>
      <button
        type="button"
        className={`btn btn-primary chat-launcher${tucked ? ' tucked' : ''}`}
        ref={launcher}
        onClick={openRoom}
        data-testid="chat-launcher"
        title={t('rooms.open')}
      >
        <ChatIcon />
        <span className="visually-hidden">{t('rooms.open')}</span>
        {unread > 0 ? (
          <span className="count-badge" data-testid="chat-unread-mobile">
            {unreadMore ? `${unread}+` : unread}
          </span>
        ) : null}
      </button>
      <section
        ref={panel}
        id="chat"
        className={`card chat-panel${open ? ' open' : ''}`}
        aria-label={t('rooms.title')}
        data-testid="chat-panel"
        onKeyDown={(event) => {
          // A question's Escape (a Remove's) answers Back, and leaves the room open.
          if (event.key === 'Escape' && open && !event.defaultPrevented) closeRoom();
          // Full screen on a phone, the room keeps the keyboard, as a dialog does: Tab went on to the
          // footer's links under it, out of sight (a walk's).
          if (open && panel.current) keepTabIn(panel.current, event);
        }}
      >
        <header className="chat-head">
          <div className="chat-title">
            <h2>
              {t('rooms.title')}{' '}
              {unread > 0 && !open ? (
                <span className="count-badge" data-testid="chat-unread">
                  {t(unreadMore ? 'rooms.unread-more' : 'rooms.unread', { count: unread })}
                </span>
              ) : null}
            </h2>
            {/* A phone's open room covers the tournament's page: it says whose room it is. */}
            {open ? (
              <p className="chat-room-name" data-testid="chat-room-name" title={tournament.name}>
                {tournament.name}
              </p>
            ) : null}
          </div>
          {open ? (
            <Button ref={closeButton} variant="ghost" small onClick={closeRoom} data-testid="chat-close">
              {t('rooms.close')}
            </Button>
          ) : (
            <Button ref={openButton} variant="secondary" small onClick={openRoom} data-testid="chat-open">
              {t('rooms.open')}
            </Button>
          )}
        </header>
        {open ? (
          <>
            {messages.more ? (
              <Button variant="ghost" small busy={messages.status === 'loading'} onClick={messages.showMore}>
                {t('rooms.older')}
              </Button>
            ) : null}
            <ol className="chat-messages" ref={list} onScroll={onScroll} data-testid="chat-messages" aria-live="polite">
              {ordered.length === 0 && messages.status === 'ready' && outbox.waiting.length === 0 ? (
                <li className="muted">{t('rooms.empty')}</li>
              ) : null}
              {ordered.map((message, index) => {
                const previous = ordered[index - 1];
                const newDay = !previous || DAY(previous.sent) !== DAY(message.sent);
                // The first new one shows its sender again below the mark.
                const grouped = !newDay && index !== newAt && previous?.sender.uid === message.sender.uid;
                const removable = !message.deleted && (message.sender.uid === uid || tournament.uid === uid);
                return (
                  <Fragment key={message.id}>
                    {index === newAt && index > 0 ? (
                      <li className="chat-new" ref={newMark} data-testid="chat-new">
                        {t('rooms.new-messages')}
                      </li>
                    ) : null}
                    {newDay ? <li className="chat-day">{day.format(message.sent)}</li> : null}
                    <li
                      className={`chat-message${grouped ? ' grouped' : ''}${message.mentions.includes(uid!) ? ' mention' : ''}`}
                      data-testid="chat-message"
                      data-message={message.id}
                    >
                      {grouped ? null : (
                        <div className="chat-sender">
                          <Avatar
                            url={message.sender.avatar}
                            placeholder={message.sender.avatarPlaceholder}
                            size={24}
                          />
                          <strong>{shownName(t, message.sender.displayName)}</strong>
                          {message.sender.uid === tournament.uid ? (
                            <span className="chip">{t('rooms.host')}</span>
                          ) : null}
                        </div>
                      )}
                      <div className="chat-body">
                        {message.deleted ? (
                          <em className="muted">
                            {t(
                              message.deletedBy === tournament.uid && message.sender.uid !== tournament.uid
                                ? 'rooms.removed-by-host'
                                : 'rooms.removed',
                            )}
                          </em>
                        ) : (
                          <span className="prewrap">
                            <Linked text={message.message} names={message.mentions.length > 0 ? mentionable : NONE} />
                          </span>
                        )}
                        {message.attachment ? (
                          <a href={message.attachment.url} target="_blank" rel="noreferrer">
                            <img className="chat-image" src={message.attachment.url} alt={t('rooms.image')} />
                          </a>
                        ) : null}
                        <time className="muted" dateTime={new Date(message.sent).toISOString()}>
                          {time.format(message.sent)}
                        </time>
                        {removable ? (
                          <RemoveMessage
                            busy={remove.busy}
                            // The removed message loses its question: the keyboard goes on in the message box.
                            onRemove={() =>
                              remove.run(message.id).then((done) => {
                                if (done.ok) input.current?.focus();
                                return done.ok;
                              })
                            }
                            label={t('rooms.remove-message', {
                              name: shownName(t, message.sender.displayName),
                              time: time.format(message.sent),
                            })}
                          />
                        ) : null}
                      </div>
                    </li>
                  </Fragment>
                );
              })}
              {outbox.waiting.map((waiting) => (
                <li key={waiting.key} className="chat-message pending" data-testid="chat-pending">
                  <div className="chat-body">
                    <span className="prewrap">{waiting.message}</span>
                    <span className="muted">{t('rooms.sending')}</span>
                  </div>
                </li>
              ))}
            </ol>
            <p className="chat-typing muted" data-testid="chat-typing" aria-live="polite">
              {typing.length > 0
                ? t('rooms.typing', {
                    names: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
                      typing.map((person) => person.displayName),
                    ),
                    count: typing.length,
                  })
                : '\u00a0'}
            </p>
            {offline ? (
              <p className="notice small" role="status" data-testid="chat-offline">
                {t('rooms.offline')}
              </p>
            ) : null}
            <form
              className="chat-form"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
                // Send turns off with the box emptied: the keyboard goes back to the box, not the page's top.
                input.current?.focus();
              }}
            >
              {suggestions.length > 0 ? (
                <ul className="chat-suggestions" aria-label={t('rooms.mention')}>
                  {suggestions.map((person) => (
                    <li key={person.uid}>
                      <button
                        type="button"
                        onClick={() => setText(text.replace(/@([\p{L}\p{N}_.-]*)$/u, `@${person.displayName} `))}
                      >
                        @{person.displayName}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <label className="visually-hidden" htmlFor="chat-input">
                {t('rooms.message')}
              </label>
              <textarea
                ref={input}
                id="chat-input"
                value={text}
                rows={2}
                maxLength={MESSAGE_MAX}
                placeholder={t('rooms.placeholder')}
                onChange={(event) => typed(event.target.value)}
                aria-describedby={hint ? 'chat-hint' : undefined}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    submit();
                  }
                }}
                data-testid="chat-input"
              />
              <div className="chat-actions">
                <label className="btn btn-ghost btn-small">
                  {file ? file.name : t('rooms.attach')}
                  <input
                    type="file"
                    className="visually-hidden"
                    accept="image/jpeg,image/png,image/gif"
                    onChange={(event) => {
                      const chosen = event.target.files?.[0] ?? null;
                      const problem = imageProblem(chosen);
                      setFileError(problem ? t(problem, { size: '10' }) : null);
                      setFile(problem ? null : chosen);
                      // The same picture chosen again for the next message is a change too.
                      event.target.value = '';
                    }}
                  />
                </label>
                <span className="field-counter">{`${text.length}/${MESSAGE_MAX}`}</span>
                <Button type="submit" small disabled={!text.trim() || tooLong} data-testid="chat-send">
                  {t('rooms.send')}
                </Button>
              </div>
              {hint ? (
                // Why Send stays off: spaces and line breaks alone, or more than a message holds.
                <p className="field-hint" id="chat-hint" role="status" data-testid="chat-hint">
                  {hint}
                </p>
              ) : null}
              <FormError message={fileError ?? outbox.error ?? remove.error} />
            </form>
          </>
        ) : null}
      </section>
    </>
  );
}
