import { isDocumentId } from '@versus/domain/platform/ids';
import { notFound } from '../errors/http-error';

/**
 * The one id check (hardening issue): every reference built from a caller's id goes through it, so
 * an id that cannot name one of our documents ("a/b", "..", "__x__") is a 404 before Firestore sees it.
 */
export function documentId(value: unknown, what = 'That'): string {
  if (!isDocumentId(value)) throw notFound(what);
  return value;
}
