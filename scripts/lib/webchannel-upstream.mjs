// The requests the browsers' proxy (firestore-browser-proxy.mjs) sends the Firestore emulator itself,
// for a WebChannel session whose browser has gone: the removal of its listens as its next forward
// request, and a back channel that acknowledges what it was sent. Both speak WebChannel (VER 8) as
// the web SDK does, in the session's own sequence (its next RID and message offset).
import http from 'node:http';
import { backChannelReader } from './listen-reads.mjs';

/** A request's query as the web SDK writes it: the session's own fields, a request's, a cache buster. */
const channelQuery = (session, sid, fields) =>
  new URLSearchParams({
    VER: '8',
    database: session.database,
    SID: sid,
    ...fields,
    zx: Math.random().toString(36).slice(2),
    t: '1',
  });

/** The longest a back channel is read while the emulator goes on delivering what it had queued. */
const READ_AT_MOST_MS = 10_000;

/**
 * A back channel request that acknowledges everything delivered to the session up to `aid`, so
 * the emulator lets go of it, reading what it then delivers (what was queued for the session and
 * never fetched: a browser that went offline first) until it has sent nothing for `readMs`, at most
 * READ_AT_MOST_MS. A busy emulator sends a long queue over seconds: a single 500 ms read left the
 * rest held (200 messages of a watching tab gone 45 s, seen in npm test's soak). Answers the
 * highest array id read, or `aid`.
 */
export function acknowledge({ host, port, agent }, sid, session, aid, readMs) {
  const query = channelQuery(session, sid, { RID: 'rpc', AID: String(aid), CI: '0', TYPE: 'xmlhttp' });
  let highest = aid;
  return new Promise((resolve) => {
    const done = () => resolve(highest);
    const out = http.request({ host, port, method: 'GET', path: `${session.path}?${query}`, agent }, (answer) => {
      if (readMs <= 0) return out.destroy();
      let quiet = setTimeout(() => out.destroy(), readMs);
      const cap = setTimeout(() => out.destroy(), READ_AT_MOST_MS);
      const read = backChannelReader((id) => {
        highest = Math.max(highest, id);
      });
      answer.on('data', (chunk) => {
        read(chunk);
        clearTimeout(quiet);
        quiet = setTimeout(() => out.destroy(), readMs);
      });
      answer.on('close', () => {
        clearTimeout(quiet);
        clearTimeout(cap);
      });
    });
    // With nothing to send, the emulator holds a back channel without answering: the AID counts once
    // it has the request, so an acknowledgement alone is closed soon after it is sent.
    if (readMs <= 0) out.on('finish', () => setTimeout(() => out.destroy(), 200));
    out.setTimeout(READ_AT_MOST_MS + 2_000, () => out.destroy());
    out.on('error', done);
    out.on('close', done);
    out.end();
  });
}

/**
 * Sends the emulator one `removeTarget` per live target of the session, as its next forward
 * request. Resolves whether the emulator answered (if not, the removal may not have been applied).
 */
export function removeTargets({ host, port, agent }, sid, session) {
  const targets = [...session.targets];
  if (targets.length === 0) return Promise.resolve(true);
  const form = new URLSearchParams({ count: String(targets.length), ofs: String(session.nextOfs) });
  for (const [i, targetId] of targets.entries())
    form.set(`req${i}___data__`, JSON.stringify({ database: session.database, removeTarget: targetId }));
  const query = channelQuery(session, sid, { RID: String(session.nextRid), AID: String(session.aid) });
  session.nextRid += 1;
  session.nextOfs += targets.length;
  return new Promise((resolve) => {
    let answered = false;
    const out = http.request(
      {
        host,
        port,
        method: 'POST',
        path: `${session.path}?${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        agent,
      },
      (answer) => {
        answered = true;
        answer.resume();
        answer.on('close', () => resolve(true));
      },
    );
    // A browser's terminate waits on this: never longer than a few seconds.
    out.setTimeout(5_000, () => out.destroy());
    out.on('error', () => resolve(answered));
    out.on('close', () => resolve(answered));
    out.end(form.toString());
  });
}
