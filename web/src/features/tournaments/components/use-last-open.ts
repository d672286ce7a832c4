import { useCallback, useEffect, useRef } from 'react';
import { LAST_OPEN_EVERY_MS, LAST_OPEN_THROTTLE_MS, type ChatMessage } from '@versus/domain/rooms/room';
import { markRoomOpen } from '../api';

/**
 * A room's last open (SPEC §9; records 94, 95, 102 and 104), which only unread counts read: checked
 * when the room opens, every 10 s and on each new message while it is open and the tab visible, at
 * most once per 5 s, and on closing (or leaving the page with the room open, or the tab). A mark is
 * sent only if a message has arrived since the last known one: another member's, whose count it
 * moves, or the player's own, which does not mark by itself (record 104).
 *
 * `known` is the stored last open as the closed panel reads it (null while unknown); `messages` the
 * room's messages as shown. Returns what closing the room calls.
 */
export function useLastOpenMarks(room: string, open: boolean, known: number | null, messages: ChatMessage[]) {
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
    if (known !== null) markedAt.current = Math.max(markedAt.current, known);
  }, [known]);

  // A message shown after the last open this tab knows: another member's, which a mark would count
  // as read, or the player's own, which no longer moves the last open by itself (docs/decisions/0104)
  // and would otherwise fill /my-games' page of what came after it.
  const unmarked = useCallback(() => (latest.current.at(-1)?.sent ?? 0) > markedAt.current, []);
  const mark = useCallback(
    (closing: 'closing' | 'leaving' | false) => {
      // A closing mark goes even beside one on its way, which the throttle may refuse.
      if (!unmarked() || (sending.current && !closing)) return;
      if (!closing && (document.hidden || Date.now() - sentAt.current < LAST_OPEN_THROTTLE_MS)) return;
      sending.current = true;
      sentAt.current = Date.now();
      // Read up to the newest message shown, not up to when the server takes the mark: one that
      // reaches the room meanwhile stays unread (docs/decisions/0102).
      const seen = latest.current.at(-1)?.sent ?? 0;
      markRoomOpen(room, seen, closing)
        .then(
          // A throttled mark answers the stored last open: what came after it stays for the next.
          ({ lastOpen }) => void (markedAt.current = Math.max(markedAt.current, lastOpen)),
          (error: unknown) => console.warn('lastOpen failed', error),
        )
        .finally(() => void (sending.current = false));
    },
    [room, unmarked],
  );

  // Opening, every 10 s while open, and each new message (the newest one's time: a full page of
  // messages keeps its length).
  const newest = messages.at(-1)?.sent ?? 0;
  useEffect(() => {
    if (!open) return;
    mark(false);
    const timer = window.setInterval(() => mark(false), LAST_OPEN_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [open, mark, newest]);
  // Leaving the page with the room open closes it, and so does closing the tab (pagehide: the mark
  // leaves at once with keepalive, with the token and attestation of the last call; lib/api).
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
  }, [open]);
  useEffect(() => {
    const leave = () => {
      if (openNow.current) mark('leaving');
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      if (openNow.current) mark('closing');
    };
  }, [mark]);
  return useCallback(() => mark('closing'), [mark]);
}
