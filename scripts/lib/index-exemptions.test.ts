// firestore.indexes.json exempts from indexing the fields no query uses (docs/decisions/0090): a
// query on an exempted field works on the emulator, which needs no index, and fails in production.
// This reads every query in the source and checks that none filters or sorts on a field its
// collection group exempts, unless a composite index of the group holds the field.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSE_ORDERS } from '../../domain/src/tournaments/tournament';
import { LEADERBOARDS } from '../../domain/src/users/statistics';
import { indexExemptions } from './storage-size';

const indexesJson = readFileSync('firestore.indexes.json', 'utf8');
const exemptions = indexExemptions(indexesJson);
/**
 * The fields a composite index of their group holds: an exemption removes single-field indexes only,
 * so a query that a composite index serves may filter on an exempted field (the header's unseen
 * notifications: viewed, then createdAt).
 */
const inComposites = new Set(
  (
    JSON.parse(indexesJson) as { indexes: { collectionGroup: string; fields: { fieldPath: string }[] }[] }
  ).indexes.flatMap(({ collectionGroup, fields }) => fields.map(({ fieldPath }) => `${collectionGroup}.${fieldPath}`)),
);

/**
 * The queries whose field is an expression, by file and expression: the fields it can name. A new one
 * fails the test until it is listed here.
 */
const FIELDS_OF_EXPRESSIONS: Record<string, readonly string[]> = {
  'leaderboards/queries.ts: LEADERBOARDS[board]': Object.values(LEADERBOARDS),
  'pages/served-pages.ts: field': Object.values(LEADERBOARDS),
  // A notification's opponent or winner, to blank a deleted player's name.
  'users/erase.ts: field': ['opponent', 'winner'],
  // What a sum adds up: a ledger entry's delta.
  'users/rebuild-statistics.ts: field': ['delta'],
  'tournaments/search.ts: orderBy': BROWSE_ORDERS,
  'lib/ledger-check.ts: id': [],
};
const ID = /^(FieldPath\.)?documentId\(\)$/;

/** Words that tie a query to a collection group when they appear in its statement. */
const GROUP_WORDS: Record<string, RegExp> = {
  notifications: /notification/i,
  ledger: /ledger/i,
  history: /history/i,
  escrows: /escrow/i,
  battles: /battles/i,
  outbox: /outbox/i,
  idempotency: /idempoten/i,
  battle_challenges: /challenge/i,
  matches: /match/i,
  entries: /entr(y|ies)/i,
  link_states: /link_?state/i,
  openid_nonces: /nonce/i,
  push_devices: /push_?device/i,
};

/** A typed reference (`ledgerCollection()`, `matchesGroup()`) or a path (`collection(db, 'users'`). */
const NAMES_A_COLLECTION = /\w(Collection|Group)\(|collection(Group)?\(\s*(db,\s*)?['"`]/;

/**
 * Where a query's statement names no collection, even through the variables it uses: the groups
 * the file's such queries reach. A file not listed may reach every group.
 */
const UNNAMED_TARGETS: Record<string, readonly string[]> = {
  // byUid: a collection by name, queried by uid.
  'functions/src/users/data-export.ts': [
    'ledger',
    'paypal_orders',
    'payouts',
    'escrows',
    'idempotency',
    'usernames',
    'gameAccounts',
    'creator_codes',
  ],
  // A profile's list of follows.
  'functions/src/pages/served-pages.ts': ['following', 'followers'],
};

interface Query {
  file: string;
  fields: readonly string[];
  statement: string;
}

function sourceQueries(): Query[] {
  const files = ['functions/src', 'web/src', 'scripts', 'domain/src']
    .flatMap((folder) => readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) => join(folder, file)))
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('node_modules'));
  const queries: Query[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b(?:where|orderBy|AggregateField\.sum)\(\s*((?:[^,()]|\(\))+)/g)) {
      const argument = match[1]!.trim();
      const literal = /^['"`]([\w.]+)/.exec(argument);
      const fields = literal
        ? [literal[1]!.replace(/\.$/, '')]
        : ID.test(argument)
          ? []
          : FIELDS_OF_EXPRESSIONS[`${file.split('/').slice(-2).join('/')}: ${argument}`];
      if (!fields) throw new Error(`${file}: a query on ${argument}: list the fields it can name in this test`);
      const before = text.slice(Math.max(0, match.index - 600), match.index);
      const own = before.slice(before.lastIndexOf(';') + 1);
      // What the statement's variables were set to (`const exports = db.collection('data_exports');`).
      const assigned = [...new Set(own.match(/\b[A-Za-z_]\w*\b/g) ?? [])].map(
        (name) => new RegExp(`\\b(?:const|let)\\s+${name}\\b[^=;]*=([^;]+);`).exec(text)?.[1] ?? '',
      );
      queries.push({ file, fields, statement: [own, ...assigned].join('\n') });
    }
  }
  return queries;
}

describe('fields exempted from indexing', () => {
  const queries = sourceQueries();

  it('finds the queries it checks', () => {
    // The season's queries: a notification list, the ledger's page, the sweepers' due battles.
    expect(queries.length).toBeGreaterThan(100);
    expect(queries.some(({ fields, statement }) => fields.includes('due') && /outbox/.test(statement))).toBe(true);
  });

  it('are used by no query of their collection group, and by no query of an unknown group', () => {
    const wrong: string[] = [];
    for (const { file, fields, statement } of queries) {
      const groups = Object.keys(GROUP_WORDS).filter((group) => GROUP_WORDS[group]!.test(statement));
      // A statement that names no collection (a query or collection passed in) may reach any group.
      const checked =
        groups.length > 0 || NAMES_A_COLLECTION.test(statement)
          ? groups
          : (UNNAMED_TARGETS[file] ?? [...exemptions.keys()]);
      for (const group of checked)
        for (const field of fields)
          if (
            !inComposites.has(`${group}.${field}`) &&
            [...(exemptions.get(group) ?? [])].some((exempt) => field === exempt || field.startsWith(`${exempt}.`))
          )
            wrong.push(`${file}: ${group}.${field}`);
    }
    expect(wrong).toEqual([]);
  });

  it('belong to groups whose queries the check can tell apart', () => {
    expect([...exemptions.keys()].filter((group) => !GROUP_WORDS[group])).toEqual([]);
  });
});
