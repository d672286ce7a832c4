import type { ApiErrorBody } from '@versus/domain/platform/errors';
import { apiPath, type ApiQuery } from '@versus/domain/platform/api-path';
import { loadFirebase, type FirebaseSdk } from './firebase-lazy';
import { useProgressStore } from './progress-store';

/** The one error every API call rejects with: {message, statusCode} (SPEC §8, DESIGN §7). */
export class ApiError extends Error implements ApiErrorBody {
  readonly statusCode: number;
  readonly code?: ApiErrorBody['code'];
  readonly fields?: Record<string, string>;
  readonly details?: ApiErrorBody['details'];

  constructor(body: ApiErrorBody) {
    super(body.message);
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.fields = body.fields;
    this.details = body.details;
  }
}

export const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ message, statusCode: 500 });
};

/** No answer came (offline, a dropped connection); the message is `api-errors.network`'s English. */
const noAnswer = () =>
  new ApiError({
    message: 'Could not reach Versus. Check your connection and try again.',
    statusCode: 0,
    code: 'network',
  });

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: ApiQuery;
  idempotencyKey?: string;
  /** A file sent as the body itself (uploads), with its own Content-Type. */
  file?: Blob;
  /**
   * A call open to everyone (docs/api.md: no 🔒): sent without the visitor's token, so it need not
   * wait for Firebase to load (a prerendered page's first data, issue #24).
   */
  open?: boolean;
  /**
   * Sent to its end even if the page goes meanwhile (fetch's keepalive: a mark as a tab closes), with
   * the headers of the last signed call.
   */
  keepalive?: boolean;
}

/**
 * What a keepalive call, sent as the page goes, carries as it is, since anything awaited first would
 * come after the page is gone: the ID token of the last signed-in call (`signed`), only while the same
 * player is signed in (another may have signed in since, in this tab: `theirs` asks the loaded Auth at
 * once), and the app's latest attestation. Firebase renews both before they expire (the ID token
 * after an hour, while Firestore listens); `keepFresh` keeps each renewed one, so a tab closed long
 * after its last command is not refused.
 */
let signed: { authorization: string; theirs: () => boolean } | null = null;
let attestation: string | null = null;

let keeping = false;
function keepFresh({ auth, onIdTokenChanged, onAppCheckToken }: FirebaseSdk) {
  if (keeping) return;
  keeping = true;
  onIdTokenChanged(auth, (user) => {
    if (!user || !signed?.theirs()) return;
    // The renewed token is the SDK's own by now: no network.
    void user.getIdToken().then(
      (token) => {
        if (signed?.theirs()) signed.authorization = `Bearer ${token}`;
      },
      () => {},
    );
  });
  onAppCheckToken((token) => void (attestation = token));
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(apiPath(path, options.query), window.location.origin);
  const method = options.method ?? (options.body === undefined && !options.file ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!options.open && options.keepalive && signed?.theirs()) {
    headers.Authorization = signed.authorization;
    if (attestation) headers['X-Firebase-AppCheck'] = attestation;
  } else if (!options.open) {
    const sdk = await loadFirebase();
    const { auth, appCheckToken } = sdk;
    // A command carries the app's attestation (App Check, issue #58); GETs do not need it.
    const appCheck = method === 'GET' ? null : await appCheckToken().catch(() => null);
    if (appCheck) headers['X-Firebase-AppCheck'] = attestation = appCheck;
    // An expired token is renewed over the network: offline, that fails as a request would.
    const token = await auth.currentUser?.getIdToken().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'auth/network-request-failed') throw noAnswer();
      throw error;
    });
    if (token) headers.Authorization = `Bearer ${token}`;
    const uid = auth.currentUser?.uid;
    if (token && method !== 'GET' && uid) {
      signed = { authorization: `Bearer ${token}`, theirs: () => auth.currentUser?.uid === uid };
      keepFresh(sdk);
    }
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['Content-Type'] = options.file.type || 'application/octet-stream';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const progress = useProgressStore.getState();
  progress.start();
  try {
    const body = options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    // fetch rejects only when no answer came (offline, a dropped connection): the browser's own
    // words ("Failed to fetch") are not for the user.
    const send = () =>
      fetch(url, { method, headers, body, keepalive: options.keepalive }).catch(() => {
        throw noAnswer();
      });
    let response = await send();
    let payload = (await response.json().catch(() => null)) as unknown;
    // A kept App Check token the API no longer takes (its keys changed): once more with a new one.
    if (response.status === 401 && (payload as Partial<ApiErrorBody> | null)?.code === 'app-check-required') {
      const fresh = await (await loadFirebase()).appCheckToken(true).catch(() => null);
      if (fresh) {
        headers['X-Firebase-AppCheck'] = attestation = fresh;
        response = await send();
        payload = (await response.json().catch(() => null)) as unknown;
      }
    }
    if (!response.ok) {
      const body = payload as Partial<ApiErrorBody> | null;
      throw new ApiError({
        message: body?.message ?? response.statusText,
        statusCode: body?.statusCode ?? response.status ?? 500,
        code: body?.code,
        fields: body?.fields,
        details: body?.details,
      });
    }
    return payload as T;
  } catch (error) {
    throw toApiError(error);
  } finally {
    progress.done();
  }
}
