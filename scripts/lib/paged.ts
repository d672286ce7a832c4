// The paged checks' runner (check:ledger, check:stats; issue #23): a check is a list of phases,
// each walking one collection by document id a page at a time, with each unit (a user, a page of
// escrows) proved in its own read-only transaction. Memory holds one page. After every page the
// cursor, the counts and the findings so far go to a state file, so `--resume` carries on from
// the last page done; a run that ends deletes it. Progress goes to stderr: a bar (cli-progress), redrawn
// every 10 s when stderr is not a terminal.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Presets, SingleBar } from 'cli-progress';
import { FieldPath, type Firestore, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import pLimit from 'p-limit';

export interface Phase {
  name: string;
  /** The collection walked (by document id). */
  query: (db: Firestore) => Query;
  /** Documents per page (and so per batch of transactions). */
  pageSize: number;
  /** Fields the page query reads (none: ids only). */
  fields?: string[];
  /** Proves one page (its ids, and its documents with `fields`); answers its findings. */
  check: (ids: string[], docs: QueryDocumentSnapshot[]) => Promise<string[]>;
}

interface State {
  phase: number;
  after: string | null;
  checked: number;
  findings: string[];
}

export interface PagedResult {
  findings: string[];
  units: number;
  seconds: number;
  maxRssMb: number;
}

const MAX_KEPT_FINDINGS = 1_000;

function progressBar(quiet: boolean | undefined) {
  if (quiet) return null;
  return new SingleBar(
    {
      format: '{phase} [{bar}] {value}/{total} {percentage}% · {duration}s',
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    Presets.legacy,
  );
}

/** Runs the phases page by page from the state file's cursor (`resume`) or from the start. */
export async function runPaged(
  db: Firestore,
  phases: Phase[],
  options: { stateFile: string; resume: boolean; quiet?: boolean },
): Promise<PagedResult> {
  const started = performance.now();
  let state: State = { phase: 0, after: null, checked: 0, findings: [] };
  if (options.resume && existsSync(options.stateFile)) {
    state = JSON.parse(readFileSync(options.stateFile, 'utf8')) as State;
    if (!options.quiet)
      process.stderr.write(
        `resuming at ${phases[state.phase]?.name ?? 'the end'} after ${state.after ?? 'the start'} (${state.checked} done)\n`,
      );
  }
  let units = 0;
  for (; state.phase < phases.length; state.phase += 1, state.after = null, state.checked = 0) {
    const phase = phases[state.phase]!;
    const total = (await phase.query(db).count().get()).data().count;
    const bar = progressBar(options.quiet);
    bar?.start(total, state.checked, { phase: phase.name.padEnd(9) });
    for (;;) {
      let page = phase
        .query(db)
        .orderBy(FieldPath.documentId())
        .select(...(phase.fields ?? []))
        .limit(phase.pageSize);
      if (state.after !== null) page = page.startAfter(state.after);
      const docs = (await page.get()).docs;
      const ids = docs.map((doc) => doc.id);
      if (ids.length === 0) break;
      const found = await phase.check(ids, docs);
      state.findings.push(...found.slice(0, MAX_KEPT_FINDINGS - state.findings.length));
      if (!options.quiet) for (const finding of found) process.stderr.write(`\n  - ${finding}\n`);
      state.after = ids.at(-1)!;
      state.checked += ids.length;
      units += ids.length;
      writeFileSync(options.stateFile, JSON.stringify(state));
      bar?.update(state.checked);
      if (ids.length < phase.pageSize) break;
    }
    bar?.stop();
  }
  rmSync(options.stateFile, { force: true });
  return {
    findings: state.findings,
    units,
    seconds: (performance.now() - started) / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/** Runs `fn` over `items` with at most `limit` at once (p-limit), answers in the items' order. */
export const inParallel = <T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> => {
  const gate = pLimit(limit);
  return Promise.all(items.map((item) => gate(() => fn(item))));
};
