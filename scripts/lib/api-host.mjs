// The module that Cloud Run functions' own server runs in tests and benchmarks (DESIGN §3, §8):
// `functions-framework --target=api --source=scripts/lib/api-host.mjs` under Node 22, started by
// startApiHost in stack.mjs. Its `api` is the built function (functions/lib, the deployed bundle
// with its onRequest wrapper) plus two paths that exist only here:
//   POST /bench/noop   the baseline: the token check every command pays, and nothing else;
//   POST /bench/stats  the optimistic transactions' commits and lost races since the last read;
//   POST /bench/runtime the Node.js version serving (production's is 22);
//   POST /bench/operations Firestore reads and writes per command since the last read, and the
//                      documents written most in one minute (only with VERSUS_COUNT_OPERATIONS=1:
//                      scripts/lib/operation-counter.mjs).
// One process serves every request at once, as one Cloud Functions v2 instance does (up to 80).
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { api as deployed } from '../../functions/lib/index.js';

const counter = process.env.VERSUS_COUNT_OPERATIONS === '1' ? await import('./operation-counter.mjs') : null;

const stats = () => globalThis[Symbol.for('versus.optimisticStats')] ?? { commits: 0, retries: 0 };

async function noop(req, res) {
  const header = req.get('authorization') ?? '';
  try {
    await getAuth(getApps()[0]).verifyIdToken(header.replace(/^Bearer /, ''));
    res.json({ ok: true });
  } catch {
    res.status(401).json({ message: 'Sign in first.', statusCode: 401 });
  }
}

export async function api(req, res) {
  if (req.method === 'POST' && req.path === '/bench/noop') return noop(req, res);
  if (req.method === 'POST' && req.path === '/bench/stats') {
    const figures = stats();
    res.json({ commits: figures.commits, retries: figures.retries });
    figures.commits = 0;
    figures.retries = 0;
    return;
  }
  if (req.method === 'POST' && req.path === '/bench/runtime') return res.json({ node: process.version });
  if (req.method === 'POST' && req.path === '/bench/operations') return res.json(counter?.take() ?? null);
  return counter ? counter.track(req, res, () => deployed(req, res)) : deployed(req, res);
}
