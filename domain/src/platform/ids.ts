/**
 * Ids the server builds document paths from. Ours are Firestore auto-ids, Auth uids, PayPal ids and
 * the like: letters, digits, "-" and "_". Anything else (a "/", "..", Firestore's reserved
 * "__x__" form, an empty or 1 kB string) cannot name a document of ours.
 */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export const isDocumentId = (value: unknown): value is string =>
  typeof value === 'string' && DOCUMENT_ID_PATTERN.test(value) && !/^__.*__$/.test(value);
