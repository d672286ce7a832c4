// The production web build served the way Firebase Hosting serves it (issue #24): firebase.json's
// hosting section (clean URLs, rewrites, headers) applied by superstatic, the library Hosting's own
// emulator is built on, and the `api` function rewrites proxied by firebase-tools' Hosting proxy to
// the one-process host (DESIGN §3) instead of the Functions emulator. The browser tests and
// `npm run bench:web` load the app through it.
//
// Files are served from memory, each read and compressed once, as Hosting's CDN serves its cached
// copies: superstatic's own file provider reads every file from disk and compresses it again for
// each request, 480–600 ms of this process's CPU for one load of /tournaments, on the same two cores
// as the browser under measurement (docs/decisions/0081).
// The encodings and their settings are the `compression` middleware's, which served before.
//
// One local difference: the Content-Security-Policy's connect-src also allows the Auth emulator,
// the browsers' way to the Firestore emulator, the App Check stand-in and the PayPal stand-in's
// sandbox approval, which production never talks to.
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, extname } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import compressible from 'compressible';
import mime from 'mime-types';
import Negotiator from 'negotiator';
import vary from 'vary';
import { HOST_URL, PORTS, root } from './stack.mjs';

const require = createRequire(import.meta.url);
const superstatic = require('superstatic').default;
const { proxyRequestHandler } = require('firebase-tools/lib/hosting/proxy.js');

const EMULATOR_ORIGINS = [
  `http://127.0.0.1:${PORTS.paypal}`,
  `http://127.0.0.1:${PORTS.auth}`,
  `http://127.0.0.1:${PORTS.browserFirestore}`,
  `ws://127.0.0.1:${PORTS.browserFirestore}`,
  `http://127.0.0.1:${PORTS.appCheck}`,
];

/** firebase.json's hosting section, with the emulators let through the CSP. */
export function hostingConfig() {
  const { hosting } = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const headers = hosting.headers.map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) =>
      header.key === 'Content-Security-Policy'
        ? { ...header, value: header.value.replace('connect-src', `connect-src ${EMULATOR_ORIGINS.join(' ')}`) }
        : header,
    ),
  }));
  return { ...hosting, headers };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
// The `compression` middleware's choices: Brotli at quality 4 when the browser takes it, else gzip
// or deflate at zlib's default level; text types of 1 KB or more.
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];
const THRESHOLD = 1024;

/**
 * A superstatic file provider and compressor over an in-memory copy of the public folder. A file is
 * read and compressed on its first request and again only when its size or modification time
 * changes (a rebuild while serving). The provider picks the encoding, which the compressor (called
 * by superstatic with the response) declares. A hashed asset's whole answer (under /assets/, whose
 * names change with their content) is kept after superstatic's first, and answered again without
 * its routing, as a CDN answers from its cache.
 */
function memoryFiles(publicDir) {
  const files = new Map();
  const chosen = new WeakMap();
  /** Hashed assets' answers by address and Accept-Encoding: headers, body and the file's stats. */
  const answers = new Map();
  const answerKey = (req) => `${req.url}\n${req.headers['accept-encoding'] ?? ''}`;
  async function load(path, stats) {
    const body = await readFile(path);
    const type = mime.contentType(extname(path));
    const textual = Boolean(type && compressible(type));
    const compress = textual && body.length >= THRESHOLD;
    return {
      textual,
      modified: stats.mtime,
      etag: createHash('md5').update(body).digest('hex'),
      identity: body,
      br: compress ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : undefined,
      gzip: compress ? await gzip(body) : undefined,
      deflate: compress ? await deflate(body) : undefined,
    };
  }
  async function provider(req, pathname) {
    const decoded = decodeURI(pathname);
    if (!decoded.startsWith('/') || decoded.includes('..') || decoded.includes('\\') || decoded.includes('\0'))
      return null;
    const path = join(publicDir, decoded);
    const stats = await stat(path).catch(() => null);
    if (!stats?.isFile()) return null;
    let file = files.get(path);
    if (!file || file.mtimeMs !== stats.mtimeMs || file.size !== stats.size) {
      file = { mtimeMs: stats.mtimeMs, size: stats.size, entry: load(path, stats) };
      files.set(path, file);
    }
    const entry = await file.entry.catch(() => {
      files.delete(path);
      return null;
    });
    if (!entry) return null;
    const encoding =
      req.method === 'HEAD' || !entry.gzip
        ? 'identity'
        : new Negotiator(req).encoding(ENCODINGS, { preferred: PREFERRED });
    const body = (encoding && entry[encoding]) || entry.identity;
    chosen.set(req, {
      encoding: body === entry.identity ? 'identity' : encoding,
      textual: entry.textual,
      body,
      served: decoded,
      path,
      stats,
    });
    return { stream: Readable.from([body]), size: body.length, etag: entry.etag, modified: entry.modified };
  }
  function compressor(req, res, next) {
    const choice = chosen.get(req);
    if (choice?.textual) vary(res, 'Accept-Encoding');
    if (choice && choice.encoding !== 'identity') res.setHeader('Content-Encoding', choice.encoding);
    // Kept once sent, with every header superstatic set (firebase.json's are set as it is sent);
    // only the asset itself, not the app shell that `**` answers for an unknown one.
    if (choice?.served.startsWith('/assets/') && req.method === 'GET' && choice.served === req.url)
      res.once('finish', () => {
        if (res.statusCode === 200)
          answers.set(answerKey(req), {
            headers: res.getHeaders(),
            body: choice.body,
            path: choice.path,
            stats: choice.stats,
          });
      });
    next();
  }
  /**
   * Answers a hashed asset asked for before (a plain GET, not a conditional or ranged one) while its
   * file is as it was; a rebuild that removed or changed it sends the request through superstatic.
   */
  async function answerAgain(req, res) {
    if (req.method !== 'GET' || req.headers['if-none-match'] || req.headers['if-modified-since'] || req.headers.range)
      return false;
    const key = answerKey(req);
    const answer = answers.get(key);
    if (!answer) return false;
    const stats = await stat(answer.path).catch(() => null);
    if (stats?.mtimeMs !== answer.stats.mtimeMs || stats?.size !== answer.stats.size) {
      answers.delete(key);
      return false;
    }
    res.writeHead(200, answer.headers);
    res.end(answer.body);
    return true;
  }
  return { provider, compressor, answerAgain };
}

/** Listens on the web port (5173); resolves with the server once it does. */
export async function startHosting({ port = PORTS.web, apiUrl = HOST_URL } = {}) {
  const config = hostingConfig();
  const { provider, compressor, answerAgain } = memoryFiles(join(root, config.public));
  const app = superstatic({
    cwd: root,
    config,
    provider,
    compression: compressor,
    fallthrough: false,
    rewriters: {
      function: async () => proxyRequestHandler(apiUrl, 'api'),
    },
  });
  const route = (request, response) =>
    app(request, response, () => {
      response.statusCode = 404;
      response.end('Not found');
    });
  const server = createServer((request, response) => {
    answerAgain(request, response).then(
      (answered) => answered || route(request, response),
      () => route(request, response),
    );
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

// `node scripts/lib/hosting.mjs`: serve until stopped.
if (import.meta.url === `file://${process.argv[1]}`) {
  await startHosting();
  console.log(`hosting web/dist at http://127.0.0.1:${PORTS.web}`);
}
