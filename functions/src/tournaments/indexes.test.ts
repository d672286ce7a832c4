import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROWSE_ORDERS } from '@versus/domain/tournaments/tournament';
import { BROWSE_FILTER_FIELDS } from './search';

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
const { indexes } = JSON.parse(readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8')) as {
  indexes: { collectionGroup: string; fields: IndexField[] }[];
};
const spelled = (fields: IndexField[]) => fields.map((f) => `${f.fieldPath}:${f.order ?? f.arrayConfig}`).join(',');
const declared = new Set(indexes.filter((i) => i.collectionGroup === 'tournaments').map((i) => spelled(i.fields)));

// Production Firestore serves a query with several equality filters by merging one composite index
// per filter with the order; the emulator needs none, so a missing one would only fail after deploy.
describe('firestore.indexes.json for browse', () => {
  it('has an index for every filter field with every order /searchTournaments can ask for', () => {
    const missing: string[] = [];
    for (const field of BROWSE_FILTER_FIELDS) {
      const filter: IndexField =
        field === 'nameTokens'
          ? { fieldPath: field, arrayConfig: 'CONTAINS' }
          : { fieldPath: field, order: 'ASCENDING' };
      for (const orderBy of BROWSE_ORDERS) {
        if (orderBy === field) continue;
        for (const direction of ['ASCENDING', 'DESCENDING'] as const) {
          const order: IndexField[] = [{ fieldPath: orderBy, order: direction }];
          if (orderBy !== 'startTime') order.push({ fieldPath: 'startTime', order: 'ASCENDING' });
          const wanted = spelled([filter, ...order]);
          if (!declared.has(wanted)) missing.push(wanted);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
