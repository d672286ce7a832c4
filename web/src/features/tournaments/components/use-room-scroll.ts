import { useEffect, useRef, type RefObject, type UIEvent } from 'react';

/** How near its end (px) a room's list counts as showing it. */
const AT_END_PX = 48;

/**
 * Where an open room's list of messages stands. Opened, it shows the message a mention's link asks
 * for (`wanted`), else its first new one (`newMark`), else its newest. Then a new message keeps the
 * newest in view only while the list shows its end, or when it is the player's own (`waiting`, the
 * messages on their way, grew): one read further up (a mention, older messages) stays where it is
 * (record 179: it was pulled to the end by every message).
 */
export function useRoomScroll({
  open,
  wanted,
  newest,
  waiting,
}: {
  open: boolean;
  wanted: { message: string | null };
  newest: number;
  waiting: number;
}): {
  list: RefObject<HTMLOListElement | null>;
  newMark: RefObject<HTMLLIElement | null>;
  onScroll: (event: UIEvent<HTMLOListElement>) => void;
} {
  const list = useRef<HTMLOListElement>(null);
  const newMark = useRef<HTMLLIElement>(null);
  const placed = useRef(false);
  const atEnd = useRef(true);
  const sent = useRef(waiting);
  useEffect(() => {
    placed.current = false;
    atEnd.current = true;
  }, [open, wanted]);
  useEffect(() => {
    const shown = list.current;
    const mine = waiting > sent.current;
    sent.current = waiting;
    if (!open || !shown) return;
    const mention =
      wanted.message && shown.querySelector<HTMLElement>(`[data-message="${CSS.escape(wanted.message)}"]`);
    const mark = placed.current ? null : mention || newMark.current;
    const first = !placed.current;
    if (newest > 0) placed.current = true;
    if (mark) shown.scrollTop += mark.getBoundingClientRect().top - shown.getBoundingClientRect().top;
    else if (first || atEnd.current || mine) shown.scrollTop = shown.scrollHeight;
  }, [open, newest, waiting, wanted]);
  const onScroll = (event: UIEvent<HTMLOListElement>) => {
    const shown = event.currentTarget;
    atEnd.current = shown.scrollHeight - shown.scrollTop - shown.clientHeight < AT_END_PX;
  };
  return { list, newMark, onScroll };
}
