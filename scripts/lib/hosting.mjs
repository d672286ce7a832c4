// The production web build served the way Firebase Hosting serves it (issue #24): firebase.json's
// hosting section (clean URLs, rewrites, headers) applied by superstatic, the library Hosting's own
// emulator is built on, with compression, and the `api` function rewrites proxied by firebase-tools'
// Hosting proxy to the one-process host (DESIGN §3) instead of the Functions emulator. The browser
// tests and `npm run bench:web` load the app through it.
//
// One local difference: the Content-Security-Policy's connect-src also allows the Auth and
// Firestore emulators and the PayPal stand-in's sandbox approval, which production never talks to.
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_URL, PORTS, root } from './stack.mjs';

const require = createRequire(import.meta.url);
const superstatic = require('superstatic').default;
const { proxyRequestHandler } = require('firebase-tools/lib/hosting/proxy.js');

const EMULATOR_ORIGINS = [
  `http://127.0.0.1:${PORTS.paypal}`,
  `http://127.0.0.1:${PORTS.auth}`,
  `http://127.0.0.1:${PORTS.firestore}`,
  `ws://127.0.0.1:${PORTS.firestore}`,
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

/** Listens on the web port (5173); resolves with the server once it does. */
export async function startHosting({ port = PORTS.web, apiUrl = HOST_URL } = {}) {
  const config = hostingConfig();
  const app = superstatic({
    cwd: root,
    config,
    compression: true,
    fallthrough: false,
    rewriters: {
      function: async () => proxyRequestHandler(apiUrl, 'api'),
    },
  });
  const server = createServer((request, response) =>
    app(request, response, () => {
      response.statusCode = 404;
      response.end('Not found');
    }),
  );
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
