// The browsers' way to the Firestore emulator (npm start, npm test): a pass-through HTTP proxy that
// ends the listens of every browser session that has gone.
//
// The emulator (Debian's cloud-firestore-emulator 528.0.0, and firebase-tools has no other here)
// never ends a Listen stream whose WebChannel closes: its listen handler's onClose only logs
// "channel closed", so the stream keeps its targets and queues every change to them for a browser
// that will never fetch it. Measured with the JVM's class histogram: a closed tab's session, or one
// ended by the SDK's terminate(), went on queueing about 18 envelopes a second under 10 writes a
// second to a listened document, until the heap was full (issue #57, docs/decisions/0002). A
// `removeTarget` on the session does stop it. So this proxy remembers each Listen session's live
// targets from the messages the browser sends, and when the session ends (the browser's own
// terminate, or no request for GONE_AFTER_MS: a closed tab, a killed browser, a lost network), it
// sends the emulator one `removeTarget` per live target in the session's own sequence. A request
// that still names a session it ended is answered as WebChannel answers an expired one (400
// "Unknown SID"), so a browser that was only asleep opens a new session and listens again.
// Then it acknowledges every message the emulator sent or queued for the session. The emulator
// keeps them until a back channel request names the last one received (its AID; a forward
// request's AID frees nothing, measured), and a gone browser never sends one: each gone session
// kept what it had been sent on its last long poll, and a browser that lost its network first
// also what was queued for it until the proxy ended it (about 120 and several hundred messages of
// a few KB). The proxy reads the array ids off the back channels it passes on, then opens one back
// channel naming the highest, reads what was still queued (until the emulator has sent nothing for
// 500 ms), and opens one more naming the last of those. A browser's Write session (its writes, such
// as lastSeen) is ended and acknowledged alike.
// The session itself stays in the emulator (a few KB). The emulator applies a session's messages in
// offset order and holds back every one after a missing one: so each message the proxy has counted
// reaches it even if its browser goes, and the removal takes the next offset.
// It also counts what the browsers' reads would be billed in production (`reads` in its stats, for
// bench:client): each Listen session's answers (listen-reads.mjs) and each count. From the same
// answers it tells the browser tests which of a session's listens have had their first answer, and
// a failed test what the session last listened to and was sent (`/__proxy/listen`; record 101).
// When npm start recycles the emulator (scripts/start.mjs), the proxy holds the browsers' requests
// until the new process is up (`hold`, `release`) and forgets the old process's sessions: a
// request naming one is answered "Unknown SID", and the browser opens a new session and listens
// again, from the data the new process imported.
// Production's Firestore ends a closed channel's listens itself; nothing of this is deployed.
import http from 'node:http';
import { backChannelReader, forwardMessages, listenReads, remember, sentEvent, targetLabel } from './listen-reads.mjs';
import { acknowledge, removeTargets } from './webchannel-upstream.mjs';

const LISTEN = '/google.firestore.v1.Firestore/Listen/channel';
/** A browser's writes go over a WebChannel session of their own, which keeps its messages alike. */
const WRITE = '/google.firestore.v1.Firestore/Write/channel';
const CHANNELS = new Set([LISTEN, WRITE]);
/** How long the emulator may be silent while the proxy reads what it had queued for a session it ends. */
const DRAIN_MS = 500;

/** A Listen session's targets and those still waiting for their first answer, asked over HTTP. */
export async function fetchListenState(port, sid) {
  const response = await fetch(`http://127.0.0.1:${port}/__proxy/listen?sid=${encodeURIComponent(sid)}`);
  return response.json();
}

/** What a running proxy (npm start's) knows, asked over HTTP from another process: its stats(). */
export async function fetchProxyStats(port) {
  const response = await fetch(`http://127.0.0.1:${port}/__proxy/stats`);
  return response.json();
}

export function startFirestoreBrowserProxy({
  port,
  upstreamPort,
  host = '127.0.0.1',
  goneAfterMs = 45_000,
  // How long an `outlive` request's answer (a new session's, above all) is still awaited after its
  // browser went (see pipeThrough).
  handshakeWaitMs = 120_000,
  log = () => {},
  // false: a plain pass-through (to show what the emulator does without this proxy's help).
  endsListens = true,
} = {}) {
  // No kept-alive connections to the emulator: it closes them under a request now and then (a
  // terminate answered "socket hang up" on a reused one).
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  /** Live Listen sessions by SID. */
  const sessions = new Map();
  /** Sessions this proxy ended, by SID, with when (forgotten after a day). */
  const ended = new Map();
  /**
   * `ending`: sessions whose listens are being removed and messages acknowledged right now;
   * `recycledAt`: when the last recycle's new emulator took over (epoch ms; 0 before any);
   * `endsUnanswered`: ends whose removal of listens got no answer in 5 s;
   * `handshakesLost`: new sessions' handshakes that ended before their answer named the session.
   */
  const stats = {
    sessions: 0,
    ended: 0,
    endsUnanswered: 0,
    handshakesLost: 0,
    targetsRemoved: 0,
    acknowledged: 0,
    ending: 0,
    recycled: 0,
    recycledAt: 0,
    reads: 0,
  };
  /** The reads by what was listened to (targetLabel), and by count (`counts`). */
  const readsBy = new Map();
  const billTo = (label, count) => {
    stats.reads += count;
    readsBy.set(label, (readsBy.get(label) ?? 0) + count);
  };

  const upstream = (req, path, headers = req.headers) =>
    http.request({ host, port: upstreamPort, method: req.method, path, headers, agent });
  /** Where the proxy's own requests for a gone session go (webchannel-upstream.mjs). */
  const emulator = { host, port: upstreamPort, agent };

  /**
   * Passes a request on and its answer back. `outlive`: read to its end even when the browser goes
   * meanwhile (`onGone` is called then): a new session's handshake, since the emulator has made the
   * session by the time it answers and only its answer names it (see the new-session branch below),
   * for up to handshakeWaitMs (a just-recycled emulator answered later than the 10 s once waited:
   * record 2); and a session's forward messages, which the proxy has counted in the session's offset.
   * `evenIfGone`: sent though its browser has gone (a terminate, which frees the emulator's session;
   * a forward request: the emulator delivers a session's messages in offset order and holds back
   * every later one, such as the proxy's removal of its listens, until each earlier one has come).
   */
  function pipeThrough(req, res, body, onResponse, { outlive = false, onGone, onClose, evenIfGone = false } = {}) {
    // A browser that went while its request waited (a recycle's hold): nothing is sent for it,
    // unless `evenIfGone`.
    if (res.destroyed && !evenIfGone) return;
    const out = upstream(req, req.url);
    if (onClose) out.on('close', onClose);
    let answered = null;
    out.on('response', (answer) => {
      answered = answer;
      onResponse?.(answer);
      if (res.destroyed) return answer.resume();
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      // An emulator that went (a recycle) cuts its answers short: the browser's request is cut too,
      // so it knows at once, instead of waiting on a long poll that will never end.
      answer.on('close', () => {
        if (!answer.complete) res.destroy();
      });
    });
    out.on('error', () => {
      if (res.destroyed) return;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    });
    // A browser that goes away mid-request (a long poll of a closed tab) ends its upstream request;
    // an `outlive` one (a handshake, a session's forward messages) is read on, for handshakeWaitMs.
    res.on('close', () => {
      if (res.writableFinished) return;
      if (!outlive) return out.destroy();
      onGone?.();
      // Unpiped first: a pipe whose last destination goes pauses its source.
      answered?.unpipe(res);
      answered?.resume();
      out.setTimeout(handshakeWaitMs, () => out.destroy());
    });
    if (body === undefined) req.pipe(out);
    else out.end(body);
  }

  function unknownSession(req, res) {
    res.writeHead(400, {
      'content-type': 'text/plain',
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
    });
    res.end('Unknown SID');
  }

  /** Applies a browser's Listen messages to what the session listens to. */
  function track(session, { count, ofs, messages }, rid, aid) {
    for (const message of messages) {
      if (!message) continue;
      if (typeof message.database === 'string') session.database = message.database;
      if (message.addTarget?.targetId !== undefined) {
        session.targets.add(message.addTarget.targetId);
        session.labels.set(message.addTarget.targetId, targetLabel(message.addTarget));
        remember(session, `listen ${message.addTarget.targetId}: ${targetLabel(message.addTarget)}`);
      }
      if (message.removeTarget !== undefined) {
        session.targets.delete(message.removeTarget);
        remember(session, `unlisten ${message.removeTarget}`);
      }
    }
    session.nextOfs = Math.max(session.nextOfs, ofs + count);
    if (Number.isFinite(rid)) session.nextRid = Math.max(session.nextRid, rid + 1);
    if (Number.isFinite(aid)) session.aid = Math.max(session.aid, aid);
  }

  /**
   * Sends the emulator the session's removeTargets as its next forward request, then acknowledges
   * what it was sent: what the browser got, then what was queued for it and never fetched (read
   * off one more back channel), so the emulator keeps next to nothing for a gone session.
   */
  async function endListens(sid, session, why) {
    sessions.delete(sid);
    ended.set(sid, Date.now());
    stats.ended += 1;
    stats.ending += 1;
    try {
      stats.targetsRemoved += session.targets.size;
      const answered = await removeTargets(emulator, sid, session);
      if (!answered) stats.endsUnanswered += 1;
      const delivered = Math.max(session.aid, session.delivered);
      const queued = await acknowledge(emulator, sid, session, delivered, DRAIN_MS);
      if (queued > delivered) await acknowledge(emulator, sid, session, queued, 0);
      stats.acknowledged += queued - session.aid;
      log(
        `session ${sid} ended: ${session.targets.size} listen(s) removed${answered ? '' : ' (no answer)'}, ${queued - session.aid} message(s) acknowledged, ${queued - delivered} of them never fetched (${why})`,
      );
    } finally {
      stats.ending -= 1;
    }
  }

  /**
   * A count from the browser (getCountFromServer) is billed one read per 1,000 index entries it
   * counted, at least one: read off its answer.
   */
  function countAggregation(answer) {
    const chunks = [];
    answer.on('data', (chunk) => chunks.push(chunk));
    answer.on('end', () => {
      let billed = 1;
      try {
        for (const item of JSON.parse(Buffer.concat(chunks).toString()))
          for (const field of Object.values(item?.result?.aggregateFields ?? {}))
            billed = Math.max(billed, Math.ceil(Number(field?.integerValue ?? 0) / 1_000));
      } catch {
        // an error's answer: billed as one
      }
      billTo('counts', billed);
    });
  }

  /** While the emulator is being recycled: what new requests wait on. */
  let held = null;
  /** What it knows (the stats above), with the sessions still live and whether a recycle holds the browsers now. */
  const currentStats = () => ({
    ...stats,
    live: sessions.size,
    holding: held !== null,
    readsBy: Object.fromEntries(readsBy),
  });

  const server = http.createServer(async (req, res) => {
    if (held && !req.url?.startsWith('/__proxy/')) {
      // The request's body waits in its socket meanwhile.
      req.pause();
      await held.promise;
      req.resume();
    }
    const url = new URL(req.url ?? '/', 'http://proxy');
    // What it knows, for bench:soak: sessions seen, ended, targets removed, still live; the recycles.
    if (url.pathname === '/__proxy/stats') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(currentStats()));
    }
    // One Listen session's targets, how many still wait for their first answer in full, and its last
    // events: for the browser tests, which act on a page once its listens have answered and describe
    // a failure with what the page was sent (docs/decisions/0101, 0102).
    if (url.pathname === '/__proxy/listen') {
      const listening = sessions.get(url.searchParams.get('sid') ?? '');
      const targets = listening?.path === LISTEN ? [...listening.targets] : [];
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          found: listening?.path === LISTEN,
          targets: targets.length,
          waiting: targets.filter((id) => !listening.reads.isCurrent(id)).length,
          unreadable: listening?.unreadable ?? 0,
          recent: listening?.path === LISTEN ? listening.recent : [],
        }),
      );
    }
    // The count itself, not the browser's CORS check before it.
    if (req.method === 'POST' && url.pathname.endsWith(':runAggregationQuery'))
      return pipeThrough(req, res, undefined, (answer) => countAggregation(answer));
    if (!endsListens || !CHANNELS.has(url.pathname)) return pipeThrough(req, res);
    const sid = url.searchParams.get('SID');
    if (sid && ended.has(sid)) return unknownSession(req, res);
    const session = sid ? sessions.get(sid) : undefined;
    if (session) {
      session.open += 1;
      session.lastSeen = Date.now();
      res.on('close', () => {
        session.open -= 1;
        session.lastSeen = Date.now();
      });
    }
    if (req.method !== 'POST') {
      // A back channel: the browser's acknowledgement, and the array ids the emulator delivers on it.
      if (!session) return pipeThrough(req, res);
      const aid = Number(url.searchParams.get('AID'));
      if (Number.isFinite(aid)) session.aid = Math.max(session.aid, aid);
      // What the browser is sent once, whatever back channel carries it (a retried long poll may
      // carry what an earlier one did): each array id is billed the first time it passes.
      const read = backChannelReader(
        (id, payload) => {
          if (id <= session.delivered) return;
          session.delivered = id;
          if (session.path !== LISTEN) return;
          for (const response of Array.isArray(payload) ? payload : [payload]) {
            session.reads.add(response);
            const event = sentEvent(response);
            if (event) remember(session, event);
          }
        },
        () => {
          session.unreadable += 1;
          remember(session, 'a back channel the proxy could not read');
        },
      );
      return pipeThrough(req, res, undefined, (answer) => answer.on('data', read));
    }
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const forwarded = forwardMessages(body.toString());
      const rid = Number(url.searchParams.get('RID'));
      const aid = Number(url.searchParams.get('AID'));
      // Ended while its body came (its browser's terminate, the sweep): the proxy's removal has taken
      // the offset this request's messages would have, so they are not sent.
      const live = session && sessions.get(sid) === session ? session : undefined;
      const terminate = url.searchParams.get('TYPE') === 'terminate';
      if (session && !live && !terminate) return unknownSession(req, res);
      if (terminate) {
        // The browser's own terminate(): its listens first, then the terminate as sent.
        if (live) await endListens(sid, live, 'terminated by the browser');
        return pipeThrough(req, res, body, undefined, { evenIfGone: true });
      }
      if (live) {
        track(live, forwarded, rid, aid);
        return pipeThrough(req, res, body, undefined, { outlive: true, evenIfGone: true });
      }
      if (sid) return pipeThrough(req, res, body);
      // A new session: its SID comes in the first chunk of the answer (`[[0,["c","<SID>",…`). The
      // emulator makes the session, with the listens in this request, before it answers: when the
      // browser goes before the answer (a tab closed while a just-recycled emulator is slow), the
      // answer is still read and the session ended at once, or the emulator queues for it for ever.
      let created = null;
      let gone = false;
      // An answer that came in full without naming a session (an error's) made none.
      let answeredInFull = false;
      const kind = url.pathname === LISTEN ? 'Listen' : 'Write';
      const goneBeforeTold = () => {
        gone = true;
        if (created && sessions.get(created.sid) === created)
          void endListens(created.sid, created, 'its browser went before it was told the session');
      };
      pipeThrough(
        req,
        res,
        body,
        (answer) => {
          answer.on('end', () => {
            answeredInFull = true;
          });
          let head = '';
          const find = (chunk) => {
            head += chunk.toString();
            const match = /\["c","([^"]+)"/.exec(head);
            if (!match && head.length < 8_192) return;
            answer.off('data', find);
            if (!match) return;
            created = {
              sid: match[1],
              path: url.pathname,
              database: url.searchParams.get('database') ?? '',
              targets: new Set(),
              nextOfs: 0,
              nextRid: 0,
              aid: 0,
              delivered: 0,
              labels: new Map(),
              reads: listenReads((targetId, count) => billTo(created.labels.get(targetId) ?? 'other', count)),
              open: 0,
              lastSeen: Date.now(),
              recent: [],
              unreadable: 0,
            };
            track(created, forwarded, rid, aid);
            sessions.set(match[1], created);
            stats.sessions += 1;
            log(
              `session ${match[1]} opened (${kind}, ${created.targets.size} listen(s)${gone ? ', its browser gone' : ''})`,
            );
            if (gone) goneBeforeTold();
          };
          answer.on('data', find);
        },
        {
          outlive: true,
          onGone: goneBeforeTold,
          // Ended before its answer named a session (the emulator may have made one all the same).
          onClose: () => {
            if (created || answeredInFull) return;
            stats.handshakesLost += 1;
            log(`a ${kind} handshake ended unanswered (its browser ${gone ? 'gone' : 'still there'})`);
          },
        },
      );
    });
  });

  // A session with no request open and none for goneAfterMs belongs to a browser that has gone:
  // a live one always keeps its long poll (the back channel) open.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [sid, session] of sessions)
        if (session.open <= 0 && now - session.lastSeen > goneAfterMs)
          void endListens(sid, session, `no request for ${Math.round(goneAfterMs / 1000)} s`);
      for (const [sid, at] of ended) if (now - at > 86_400_000) ended.delete(sid);
    },
    Math.min(5_000, goneAfterMs / 2),
  );
  sweep.unref();

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        server,
        stats: currentStats,
        /** New requests wait until release(); the ones open now end as the old emulator goes. */
        hold: () => {
          if (held) return;
          let release;
          const promise = new Promise((resolve) => {
            release = resolve;
          });
          held = { promise, release };
        },
        /**
         * The emulator behind is a new process: every session of the old one is forgotten (its
         * browser is told "Unknown SID" and opens a new one), and the held requests go on.
         */
        release: ({ newUpstream = false } = {}) => {
          if (newUpstream) {
            log(`released on a new emulator process, forgetting ${sessions.size} session(s)`);
            for (const sid of sessions.keys()) ended.set(sid, Date.now());
            sessions.clear();
            stats.recycled += 1;
            stats.recycledAt = Date.now();
          }
          held?.release();
          held = null;
        },
        close: () =>
          new Promise((done) => {
            clearInterval(sweep);
            server.closeAllConnections();
            server.close(() => done());
            agent.destroy();
          }),
      }),
    );
  });
}
