import { describe, expect, it } from 'vitest';
import { backChannelReader, listenReads } from './listen-reads.mjs';

const doc = (name: string, targetIds: number[], removedTargetIds: number[] = [], updateTime = `${Math.random()}`) => ({
  documentChange: { document: { name, fields: {}, updateTime }, targetIds, removedTargetIds },
});
const current = (...targetIds: number[]) => ({ targetChange: { targetChangeType: 'CURRENT', targetIds } });

describe('listenReads: what a listen is billed', () => {
  it('bills each document of a first result, and each change after it', () => {
    const reads = listenReads();
    reads.add({ targetChange: { targetChangeType: 'ADD', targetIds: [2] } });
    reads.add(doc('a', [2]));
    reads.add(doc('b', [2]));
    reads.add(current(2));
    reads.add({ targetChange: { targetChangeType: 'NO_CHANGE', targetIds: [] } });
    expect(reads.reads).toBe(2);
    reads.add(doc('a', [2]));
    expect(reads.reads).toBe(3);
  });

  it('bills one read for a query whose first result is empty, once', () => {
    const reads = listenReads();
    reads.add(current(4));
    reads.add(current(4));
    expect(reads.reads).toBe(1);
    // A document that comes later is billed as ever.
    reads.add(doc('c', [4]));
    expect(reads.reads).toBe(2);
  });

  it('bills a document that leaves a query because it changed, not one that was deleted', () => {
    const reads = listenReads();
    reads.add(doc('a', [2]));
    reads.add(doc('b', [2]));
    reads.add(doc('c', [2]));
    reads.add(current(2));
    reads.add(doc('a', [], [2]));
    reads.add({ documentRemove: { document: 'b', removedTargetIds: [2] } });
    reads.add({ documentDelete: { document: 'c', removedTargetIds: [2] } });
    expect(reads.reads).toBe(5);
  });

  it('bills what a RESET sends again only where it changed, and a document missing after it as changed out', () => {
    const reads = listenReads();
    reads.add(doc('a', [2], [], 't1'));
    reads.add(doc('b', [2], [], 't1'));
    reads.add(doc('c', [2], [], 't1'));
    reads.add(current(2));
    expect(reads.reads).toBe(3);
    // The emulator's answer to a change of b and c's leaving: the whole result again.
    reads.add({ targetChange: { targetChangeType: 'RESET', targetIds: [2] } });
    reads.add(doc('a', [2], [], 't1'));
    reads.add(doc('b', [2], [], 't2'));
    reads.add(current(2));
    expect(reads.reads).toBe(5);
    // c came back: billed as new.
    reads.add(doc('c', [2], [], 't3'));
    expect(reads.reads).toBe(6);
  });

  it('bills a document per target it is sent for, and a target listened again as new', () => {
    const reads = listenReads();
    reads.add(doc('a', [2, 4]));
    reads.add(current(2, 4));
    expect(reads.reads).toBe(2);
    reads.add({ targetChange: { targetChangeType: 'REMOVE', targetIds: [4] } });
    reads.add(current(4));
    expect(reads.reads).toBe(3);
  });
});

describe('listenReads: which targets have had their first answer', () => {
  it('counts a target current from its CURRENT on, and new again once removed', () => {
    const reads = listenReads();
    reads.add({ targetChange: { targetChangeType: 'ADD', targetIds: [2, 4] } });
    reads.add(doc('a', [2]));
    expect([reads.isCurrent(2), reads.isCurrent(4)]).toEqual([false, false]);
    reads.add(current(2));
    expect([reads.isCurrent(2), reads.isCurrent(4)]).toEqual([true, false]);
    reads.add({ targetChange: { targetChangeType: 'REMOVE', targetIds: [2] } });
    expect(reads.isCurrent(2)).toBe(false);
  });
});

describe('backChannelReader', () => {
  it('reads WebChannel frames split anywhere, multi-byte characters included', () => {
    const frame = (entries: unknown[]) => {
      const json = JSON.stringify(entries);
      return `${json.length}\n${json}`;
    };
    const change = doc('ä€', [2]);
    const text =
      frame([[1, [change]]]) +
      frame([
        [2, ['noop']],
        [3, [current(2)]],
      ]);
    const bytes = Buffer.from(text);
    const seen: [number, unknown][] = [];
    const read = backChannelReader((id: number, payload: unknown) => seen.push([id, payload]));
    // One byte at a time: every frame and character boundary falls between chunks.
    for (let i = 0; i < bytes.length; i++) read(bytes.subarray(i, i + 1));
    expect(seen.map(([id]) => id)).toEqual([1, 2, 3]);
    expect(seen[0]![1]).toEqual([change]);
  });

  it('stops at what it cannot read, and says so once', () => {
    const seen: number[] = [];
    let lost = 0;
    const read = backChannelReader(
      (id: number) => seen.push(id),
      () => (lost += 1),
    );
    read(Buffer.from('x\n[[1,[]]]'));
    read(Buffer.from('10\n[[2,["noop"]]]'));
    expect(seen).toEqual([]);
    expect(lost).toBe(1);
  });

  it('stops, without calling it unreadable, when the caller fails on an entry', () => {
    let lost = 0;
    const seen: number[] = [];
    const read = backChannelReader(
      (id: number) => {
        seen.push(id);
        throw new Error('the caller');
      },
      () => (lost += 1),
    );
    const json = '[[2,["noop"]]]';
    read(Buffer.from(`${json.length}\n${json}${json.length}\n${json}`));
    expect(seen).toEqual([2]);
    expect(lost).toBe(0);
  });

  it('says so for a frame of the right length that is not JSON', () => {
    let lost = 0;
    const read = backChannelReader(
      () => {},
      () => (lost += 1),
    );
    read(Buffer.from('5\n[[1,]'));
    expect(lost).toBe(1);
  });
});
