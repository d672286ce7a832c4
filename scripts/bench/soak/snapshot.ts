// bench:soak's snapshot of everything npm start holds: every document as a digest of its fields,
// and every account, to compare across Ctrl-C and a restart.
import { createHash } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { emulatorEnv } from '../../lib/stack.mjs';

/** Keys sorted all the way down, so that a digest does not depend on the order fields come in. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;

/**
 * Every document (path → a digest of its fields), read with one kindless query over all
 * collections (the emulator's REST runQuery, 5,000 at a time), and every account.
 */
export async function snapshot(auth: Auth) {
  const documents = new Map<string, string>();
  const base = `http://${emulatorEnv.FIRESTORE_EMULATOR_HOST}/v1/projects/${emulatorEnv.GCLOUD_PROJECT}/databases/(default)/documents`;
  let last: string | undefined;
  for (;;) {
    const response = await fetch(`${base}:runQuery`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({
        structuredQuery: {
          from: [{ allDescendants: true }],
          orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
          limit: 5000,
          ...(last ? { startAt: { values: [{ referenceValue: last }], before: false } } : {}),
        },
      }),
    });
    const page = (await response.json()) as { document?: { name: string; fields?: unknown } }[];
    const found = page.flatMap((entry) => (entry.document ? [entry.document] : []));
    for (const document of found)
      documents.set(
        document.name.split('/documents/')[1]!,
        createHash('sha256')
          .update(JSON.stringify(canonical(document.fields ?? {})))
          .digest('hex')
          .slice(0, 16),
      );
    if (found.length < 5000) break;
    last = found.at(-1)!.name;
  }
  const accounts = new Set<string>();
  let token: string | undefined;
  do {
    const listed = await auth.listUsers(1000, token);
    for (const user of listed.users) accounts.add(user.uid);
    token = listed.pageToken;
  } while (token);
  return { documents, accounts };
}

/** A fresh demo's seeded results are its past: its eight players sign in to no queue of result popups. */
export async function freshDemoVerdicts(db: Firestore, auth: Auth): Promise<[string, boolean][]> {
  const demo = await auth.getUsers(
    Array.from({ length: 8 }, (_, index) => ({ email: `player${index + 1}@versus.test` })),
  );
  const accounts = await Promise.all(demo.users.map((user) => db.doc(`users/${user.uid}/private/account`).get()));
  const waiting = accounts.reduce(
    (sum, account) => sum + ((account.get('popups') as unknown[] | undefined)?.length ?? 0),
    0,
  );
  return [
    [
      `a fresh demo's ${demo.users.length} players sign in to no result popup (${waiting} waiting)`,
      demo.users.length === 8 && waiting === 0,
    ],
  ];
}
