// What a browser's listens would be billed in production, read off the Listen stream's answers
// (the Firestore browser proxy feeds it every back channel it passes on; bench:client reads the sum).
//
// Firestore bills a listen one read for each document added to or changed in its results, one for a
// document that leaves them because it changed (not for one that was deleted), and at least one for
// a query whose first result is empty (https://firebase.google.com/docs/firestore/pricing#listens).
// A document matching two listened targets is sent once, naming both, and billed per target.
// The emulator answers a change to a query's results with a RESET of the target and the whole result
// again; production sends only what changed. So each target's documents are kept with their update
// times, and a document sent again unchanged is not counted. A document missing from the result after
// a RESET is counted as one that changed out of it: the emulator does not say whether it was deleted.
// The emulator also sends a resumed listen its whole result again, where production sends only what
// changed within 30 minutes. Either way a browser is counted high, never low.
// Read off the same answers: a session's last events, for a failed browser test's description
// (`remember`, `sentEvent`; record 101). And the WebChannel's two directions parsed: what a browser
// sends (`forwardMessages`) and what a back channel carries (`backChannelReader`).

/**
 * One Listen session's reads: `add(response)` for each ListenResponse the emulator sent it;
 * `onBill(targetId, reads)` hears which target each read is billed to.
 */
export function listenReads(onBill = () => {}) {
  /** Per target: its documents' update times, the names sent since a RESET, whether it was current. */
  const targets = new Map();
  const target = (id) => {
    let held = targets.get(id);
    if (!held) {
      held = { documents: new Map(), resending: null, current: false };
      targets.set(id, held);
    }
    return held;
  };
  let reads = 0;
  let billed = 0;
  const bill = (id, count = 1) => {
    billed += count;
    onBill(id, count);
  };
  return {
    get reads() {
      return reads;
    },
    /** Whether the target has had its first answer in full (CURRENT) since it was added. */
    isCurrent(id) {
      return targets.get(id)?.current === true;
    },
    add(response) {
      if (!response || typeof response !== 'object') return 0;
      billed = 0;
      const change = response.documentChange;
      if (change?.document?.name) {
        const { name, updateTime } = change.document;
        for (const id of change.targetIds ?? []) {
          const held = target(id);
          held.resending?.add(name);
          if (held.documents.get(name) !== updateTime) bill(id);
          held.documents.set(name, updateTime);
        }
        // A document that changed out of a query's results.
        for (const id of change.removedTargetIds ?? []) if (target(id).documents.delete(name)) bill(id);
      }
      if (response.documentRemove?.document)
        for (const id of response.documentRemove.removedTargetIds ?? [])
          if (target(id).documents.delete(response.documentRemove.document)) bill(id);
      if (response.documentDelete?.document)
        for (const id of response.documentDelete.removedTargetIds ?? [])
          target(id).documents.delete(response.documentDelete.document);
      const { targetChangeType: type, targetIds = [] } = response.targetChange ?? {};
      for (const id of targetIds) {
        if (type === 'REMOVE') targets.delete(id);
        if (type === 'RESET') target(id).resending = new Set();
        if (type !== 'CURRENT') continue;
        const held = target(id);
        if (held.resending)
          for (const name of [...held.documents.keys()])
            if (!held.resending.has(name)) {
              held.documents.delete(name);
              bill(id);
            }
        held.resending = null;
        if (!held.current && held.documents.size === 0) bill(id);
        held.current = true;
      }
      reads += billed;
      return billed;
    },
  };
}

/** Parses a WebChannel forward body: `count=N&ofs=K&req0___data__=<json>…`. */
export function forwardMessages(body) {
  const form = new URLSearchParams(body);
  const count = Number(form.get('count') ?? 0);
  const ofs = Number(form.get('ofs') ?? 0);
  const messages = [];
  for (let i = 0; i < count; i++) {
    try {
      messages.push(JSON.parse(form.get(`req${i}___data__`) ?? 'null'));
    } catch {
      messages.push(null);
    }
  }
  return { count, ofs, messages };
}

/**
 * Reads a back channel's answer as it streams (WebChannel's framing: `<length>\n<JSON array of
 * [arrayId, payload]>`, repeated) and calls `onEntry(arrayId, payload)` for each entry. Anything it
 * cannot read stops the reading, and `onLost()` hears it once: what it gathers is never needed to
 * pass the answer on.
 */
export function backChannelReader(onEntry, onLost = () => {}) {
  let pending = Buffer.alloc(0);
  let lost = false;
  return (chunk) => {
    if (lost) return;
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      const newline = pending.indexOf(10);
      if (newline < 0) return;
      // The length counts UTF-16 code units of the frame, as JavaScript strings do.
      const length = Number(pending.subarray(0, newline).toString());
      if (!Number.isInteger(length) || length <= 0) {
        lost = true;
        onLost();
        return;
      }
      const rest = pending.subarray(newline + 1).toString();
      if (rest.length < length) return;
      const frame = rest.slice(0, length);
      pending = pending.subarray(newline + 1 + Buffer.byteLength(frame));
      let entries;
      try {
        entries = JSON.parse(frame);
      } catch {
        entries = null;
      }
      if (!Array.isArray(entries)) {
        lost = true;
        onLost();
        return;
      }
      // A caller's own failure stops the reading too (the answer still passes on), but it is not a
      // frame that could not be read.
      try {
        for (const entry of entries) if (Number.isInteger(entry?.[0])) onEntry(entry[0], entry[1]);
      } catch {
        lost = true;
        return;
      }
    }
  };
}

/** What a listen reads, for the counts by collection: a query's collection, or a document's. */
export function targetLabel(target) {
  const from = target.query?.structuredQuery?.from?.[0];
  if (from?.collectionId) return from.allDescendants ? `${from.collectionId} (group)` : from.collectionId;
  const path = target.documents?.documents?.[0]?.split('/documents/')[1]?.split('/');
  return path && path.length >= 2 ? `${path.at(-2)} (document)` : 'other';
}

/** How many of a Listen session's last events it keeps for a failed browser test's description. */
const RECENT = 24;
const clock = () => new Date().toISOString().slice(11, 23);
/** A document's name as a reader knows it: its path under the database. */
const shortName = (name) => name?.split('/documents/')[1] ?? String(name);

/** Keeps one event of a Listen session (`recent`, the last RECENT of them). */
export function remember(session, event) {
  session.recent.push(`${clock()} ${event}`);
  if (session.recent.length > RECENT) session.recent.shift();
}

/** What the emulator sent a Listen session, as one line of its `recent` (NO_CHANGE and ADD are not kept). */
export function sentEvent(response) {
  if (!response || typeof response !== 'object') return null;
  const change = response.documentChange;
  if (change?.document)
    return `sent ${shortName(change.document.name)} to [${change.targetIds ?? []}]${change.removedTargetIds?.length ? `, out of [${change.removedTargetIds}]` : ''}`;
  const gone = response.documentDelete ?? response.documentRemove;
  if (gone?.document) return `sent ${shortName(gone.document)} gone from [${gone.removedTargetIds ?? []}]`;
  const { targetChangeType: type = 'NO_CHANGE', targetIds = [] } = response.targetChange ?? {};
  if (response.targetChange && type !== 'NO_CHANGE' && type !== 'ADD') return `sent ${type} for [${targetIds}]`;
  return null;
}
