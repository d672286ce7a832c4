import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { SEND_WINDOW_MS, type ChatMessage } from '@versus/domain/rooms/room';
import { uploadProof } from '../../../lib/uploads';
import { useCommand } from '../../../lib/use-command';
import { sendRoomMessage } from '../api';

/** A message the member has sent that is on its way or waits for the ones before it. */
export type Outgoing = {
  key: string;
  message: string;
  image: File | null;
  /** How many of the member's messages with this text the room was to hold before this one. */
  before: number;
};

/**
 * A room's outgoing messages (docs/decisions/0103). Sending queues a message at once, even while
 * earlier ones are on their way: they go one at a time, in the order they were sent, so the room
 * shows them in that order. A refused one goes back into the panel's `box` with those queued after
 * it, which were not sent (`putBack`, in order, with the first picture among them). A send whose
 * answer was lost may have been stored: one the room shows counts as sent, and one the room shows
 * only after it went back leaves the box again (`sentAfterAll`, walk AH).
 *
 * `shown` is the room's messages as shown; `waiting` what the room does not show yet, for the panel
 * to list as "Sending…" (the room's listener may be quicker than a command's answer).
 */
export function useChatOutbox(
  room: string,
  uid: string | undefined,
  shown: ChatMessage[],
  box: { setText: Dispatch<SetStateAction<string>>; setFile: Dispatch<SetStateAction<File | null>> },
) {
  // Refused, a message goes back into the box with those sent after it, before whatever was typed
  // since, and its picture back to the picker if none was chosen meanwhile.
  const putBack = (messages: string[], image: File | null) => {
    box.setText((current) => [...messages, ...(current.trim() ? [current] : [])].join('\n'));
    if (image) box.setFile((current) => current ?? image);
  };
  // Put back for want of an answer, then shown by the room: it leaves the head of the box, and its
  // picture the picker (or the next Enter would post the picture again).
  const sentAfterAll = ({ message, image }: Outgoing) => {
    box.setText((current) =>
      current === message ? '' : current.startsWith(`${message}\n`) ? current.slice(message.length + 1) : current,
    );
    if (image) box.setFile((current) => (current === image ? null : current));
  };
  const send = useCommand(async (_key, message: string, image: File | null) => {
    const attachment = image ? (await uploadProof(image)).path : undefined;
    return sendRoomMessage(room, message, attachment);
  });
  const timesSent = useCallback(
    (room: ChatMessage[], message: string) =>
      room.filter((sent) => sent.sender.uid === uid && sent.message === message).length,
    [uid],
  );
  // The room as last rendered (a send's answer comes to a closure of an older render), the queue
  // (its first one is on its way), and the answered ones, until the room shows them.
  const latest = useRef(shown);
  const queue = useRef<Outgoing[]>([]);
  const answered = useRef<{ id: string; message: string }[]>([]);
  // The one put back after no answer at all: stored nonetheless, the room shows it later (walk AH).
  const uncertain = useRef<Outgoing | null>(null);
  const draining = useRef(false);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const floodLifts = useRef<number | undefined>(undefined);
  useEffect(() => {
    latest.current = shown;
    // Put back for want of an answer, the room now shows it was sent: the error is not true any more,
    // and the box gives it up, or Enter would post it twice (walk AH).
    const arrived = uncertain.current;
    if (!arrived || unshown(arrived)) return;
    uncertain.current = null;
    send.setError(null);
    sentAfterAll(arrived);
    // The room's messages alone decide it; the callbacks are the panel's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  useEffect(() => () => window.clearTimeout(floodLifts.current), []);
  const unshown = (item: Outgoing) => timesSent(latest.current, item.message) <= item.before;

  const drain = async () => {
    if (draining.current) return;
    draining.current = true;
    try {
      while (queue.current.length > 0) {
        const next = queue.current[0]!;
        const result = await send.run(next.message, next.image);
        if (result.ok) answered.current.push({ id: result.value.id, message: next.message });
        // With no answer at all it may have been stored: once the room shows it, it was sent, and
        // the error no longer says anything true.
        else if (result.error.code === 'network' && !unshown(next)) send.setError(null);
        // Refused, nothing was stored: it goes back with those behind it, which were not sent. A
        // flood's refusal goes once the send window has passed, when sending works again (walk Z: it
        // stayed for minutes).
        else {
          if (result.error.code === 'rate-limited') {
            window.clearTimeout(floodLifts.current);
            floodLifts.current = window.setTimeout(() => send.setError(null), SEND_WINDOW_MS);
          }
          const back = queue.current;
          // Only the first was on its way; those behind it were not sent.
          uncertain.current = result.error.code === 'network' ? next : null;
          queue.current = [];
          setOutgoing([]);
          putBack(
            back.map((refused) => refused.message),
            back.find((refused) => refused.image)?.image ?? null,
          );
          return;
        }
        queue.current = queue.current.slice(1);
        setOutgoing(queue.current);
      }
    } finally {
      draining.current = false;
    }
  };

  const enqueue = (message: string, image: File | null) => {
    window.clearTimeout(floodLifts.current);
    uncertain.current = null;
    // Those with this text the room shows, and those it does not show yet: queued or answered.
    answered.current = answered.current.filter(({ id }) => !latest.current.some((shown) => shown.id === id));
    const before =
      timesSent(latest.current, message) +
      queue.current.filter((queued) => queued.message === message && unshown(queued)).length +
      answered.current.filter((sent) => sent.message === message).length;
    queue.current = [...queue.current, { key: crypto.randomUUID(), message, image, before }];
    setOutgoing(queue.current);
    void drain();
  };

  // Until the room shows them (its listener may be quicker than a command's answer).
  const waiting = outgoing.filter((item) => timesSent(shown, item.message) <= item.before);
  return { enqueue, waiting, error: send.error };
}
