// What a Firestore database stores, by Firestore's published size rules ("Storage size
// calculations"): a document is its name, its fields and 32 bytes; a string is its UTF-8 bytes + 1;
// a number, timestamp or date 8; a boolean or null 1; a map or array the sum of what it holds (a
// map's keys as strings). Each automatic single-field index entry is the document's name, the
// field's path and value, and 32 bytes: two (ascending, descending) per value that is not an array,
// one (array-contains) per array element, none for maps themselves. A field exempted from indexing
// (firestore.indexes.json's fieldOverrides with no indexes, which a map's subfields inherit) has
// none; an override that keeps some indexes is counted as the automatic two.
// The database's composite indexes are not counted.
// Used by bench:season (issue #23) to measure the stored bytes of a season.
import type { DocumentData, Firestore, Timestamp } from 'firebase-admin/firestore';

const stringSize = (text: string) => Buffer.byteLength(text, 'utf8') + 1;
const nameSize = (path: string) => path.split('/').reduce((sum, part) => sum + stringSize(part), 0) + 16;

function valueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'number' || value instanceof Date) return 8;
  if (typeof value === 'string') return stringSize(value);
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + valueSize(item), 0);
  if (typeof (value as Timestamp).toMillis === 'function') return 8;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return value.byteLength;
  if (typeof value === 'object' && 'path' in value && typeof (value as { path: unknown }).path === 'string')
    return nameSize((value as { path: string }).path);
  if (typeof value === 'object' && 'latitude' in value) return 16;
  return Object.entries(value as Record<string, unknown>).reduce(
    (sum, [key, item]) => sum + stringSize(key) + valueSize(item),
    0,
  );
}

function indexSize(name: number, fieldPath: string, value: unknown, exempt: ReadonlySet<string>): number {
  if (exempt.has(fieldPath)) return 0;
  if (Array.isArray(value))
    return value.reduce((sum: number, item) => sum + name + stringSize(fieldPath) + valueSize(item) + 32, 0);
  const isMap =
    value !== null &&
    typeof value === 'object' &&
    !(value instanceof Date) &&
    typeof (value as Timestamp).toMillis !== 'function' &&
    Object.getPrototypeOf(value) === Object.prototype;
  if (isMap)
    return Object.entries(value as Record<string, unknown>).reduce(
      (sum, [key, item]) => sum + indexSize(name, `${fieldPath}.${key}`, item, exempt),
      0,
    );
  return 2 * (name + stringSize(fieldPath) + valueSize(value) + 32);
}

/**
 * A document's stored size and its single-field index entries' size, in bytes. `exempt`: the field
 * paths its collection group exempts from indexing.
 */
export function documentSize(
  path: string,
  data: DocumentData,
  exempt: ReadonlySet<string> = new Set(),
): { bytes: number; indexBytes: number } {
  const name = nameSize(path);
  let bytes = name + 32;
  let indexBytes = 0;
  for (const [key, value] of Object.entries(data)) {
    bytes += stringSize(key) + valueSize(value);
    indexBytes += indexSize(name, key, value, exempt);
  }
  return { bytes, indexBytes };
}

/** firestore.indexes.json's fields exempted from indexing (`indexes: []`), by collection group. */
export function indexExemptions(indexesJson: string): Map<string, Set<string>> {
  const { fieldOverrides = [] } = JSON.parse(indexesJson) as {
    fieldOverrides?: { collectionGroup: string; fieldPath: string; indexes?: unknown[] }[];
  };
  const exemptions = new Map<string, Set<string>>();
  for (const { collectionGroup, fieldPath, indexes } of fieldOverrides)
    if (indexes?.length === 0)
      exemptions.set(collectionGroup, (exemptions.get(collectionGroup) ?? new Set()).add(fieldPath));
  return exemptions;
}

export interface StoredGroup {
  // The shape of its path, each id replaced by a star: users, star, history, star for a history entry.
  shape: string;
  documents: number;
  bytes: number;
  indexBytes: number;
}

/** The collection names of the paths docs/data-model.md lists (its tables' first cells). */
export function dataModelCollections(markdown: string): string[] {
  const names = new Set<string>();
  for (const [, cell] of markdown.matchAll(/^\|([^|]*`[^|]*)\|/gm))
    for (const [, path] of cell!.matchAll(/`([^`]+)`/g))
      path!.split('/').forEach((part, index) => index % 2 === 0 && /^[\w-]+$/.test(part) && names.add(part));
  return [...names];
}

/**
 * Every document of the database, by the shape of its path: each collection name (the top-level
 * ones and `subcollections`: bench:season passes docs/data-model.md's) is read whole as a collection
 * group, which finds documents under missing parents too. (Listing each document's subcollections
 * instead makes the emulator scan the whole database per call: minutes at bench:season's 2×.)
 */
export async function storedBytes(
  db: Firestore,
  subcollections: string[],
  exemptions: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Promise<StoredGroup[]> {
  const names = new Set([...(await db.listCollections()).map((collection) => collection.id), ...subcollections]);
  const groups = new Map<string, StoredGroup>();
  for (const name of names) {
    // A collection group holds the collections of that name only: no document is read twice.
    for (const doc of (await db.collectionGroup(name).get()).docs) {
      const shape = doc.ref.path
        .split('/')
        .map((part, index) => (index % 2 === 1 ? '*' : part))
        .join('/');
      const size = documentSize(doc.ref.path, doc.data(), exemptions.get(name));
      const group = groups.get(shape) ?? { shape, documents: 0, bytes: 0, indexBytes: 0 };
      group.documents += 1;
      group.bytes += size.bytes;
      group.indexBytes += size.indexBytes;
      groups.set(shape, group);
    }
  }
  return [...groups.values()].sort((a, b) => b.bytes + b.indexBytes - (a.bytes + a.indexBytes));
}
