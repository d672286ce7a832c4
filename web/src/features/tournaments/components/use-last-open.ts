import { useCallback, useEffect, useRef } from 'react';
import { LAST_OPEN_EVERY_MS, LAST_OPEN_THROTTLE_MS, type ChatMessage } from '@versus/domain/rooms/room';
import { markRoomOpen } from '../api';

/**
 * A room's last open (SPEC §9; records 94 and 95), which only unread counts read: marked when the
 * room opens, then every 10 s and on each new message, at most once per 5 s, and on closing (or
 * leaving the page with the room open). A mark is sent only if another member's message has arrived
 * since the last known one, since a mark that moves no count changes nothing anyone sees.
 *
 * `known` is the stored last open as the closed panel reads it (null while unknown); `messages` the
 * room's messages as shown. Returns what closing the room calls.
 */
export function useLastOpenMarks(
  room: string,
  uid: string | undefined,
  open: boolean,
  known: number | null,
  messages: ChatMessage[],
) {
  // The last open as this tab knows it (the server's clock, as messages' `sent` are), when this tab
  // last sent a mark (its 5-s throttle), and whether one is on its way.
  const markedAt = useRef(0);
  const sentAt = useRef(0);
  const sending = useRef(false);
  const latest = useRef(messages);
  useEffect(() => {
    latest.current = messages;
  }, [messages]);
  useEffect(() => {
    markedAt.current = 0;
  }, [room]);
  useEffect(() => {
    if (known !== null) markedAt.current = Math.max(markedAt.current, known);
  }, [known]);

  const unmarked = useCallback(
    () => latest.current.some((message) => message.sender.uid !== uid && message.sent > markedAt.current),
    [uid],
  );
  const mark = useCallback(
    (closing: boolean) => {
      // A closing mark goes even beside one on its way, which the throttle may refuse.
      if (!unmarked() || (sending.current && !closing)) return;
      if (!closing && Date.now() - sentAt.current < LAST_OPEN_THROTTLE_MS) return;
      sending.current = true;
      sentAt.current = Date.now();
      markRoomOpen(room, closing)
        .then(
          // A throttled mark answers the stored last open: what came after it stays for the next.
          ({ lastOpen }) => void (markedAt.current = Math.max(markedAt.current, lastOpen)),
          (error: unknown) => console.warn('lastOpen failed', error),
        )
        .finally(() => void (sending.current = false));
    },
    [room, unmarked],
  );

  // Opening, every 10 s while open, and each new message.
  useEffect(() => {
    if (!open) return;
    mark(false);
    const timer = window.setInterval(() => mark(false), LAST_OPEN_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [open, mark, messages.length]);
  // Leaving the page with the room open closes it.
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
  }, [open]);
  useEffect(
    () => () => {
      if (openNow.current) mark(true);
    },
    [mark],
  );
  return useCallback(() => mark(true), [mark]);
}
