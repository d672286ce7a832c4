import { existsSync } from 'node:fs';
import { logger } from 'firebase-functions';
import type { Locale } from '@versus/domain/platform/constants';
import { SERVED_DATA_ID, type ServedData } from '@versus/domain/platform/served-data';
import { escapeHtml } from '../platform/page-shells';

export type { ServedData };

interface ServerEntry {
  render(url: string, locale: Locale, served: ServedData | null): Promise<string>;
}

/**
 * The web app's server entry (web/src/entry-server.tsx, the prerenderer's): deployed beside this
 * bundle with what it imports (functions/build.mjs --ssr), or the web build's own locally.
 */
const ENTRIES = [
  new URL('./ssr/entry-server.js', import.meta.url),
  new URL('../../web/dist-ssr/entry-server.js', import.meta.url),
];
let entry: Promise<ServerEntry | null> | undefined;
function serverEntry(): Promise<ServerEntry | null> {
  entry ??= (async () => {
    const found = ENTRIES.find((url) => existsSync(url));
    if (!found) {
      logger.warn('the web app has no server entry here (npm run build -w web): pages go as their shells');
      return null;
    }
    return (await import(found.href)) as ServerEntry;
  })();
  return entry;
}

/** The page's HTML for #root, rendered as the app renders it with `served`; null when it cannot be (logged). */
export async function renderPage(url: string, locale: Locale, served: ServedData): Promise<string | null> {
  const server = await serverEntry();
  if (!server) return null;
  try {
    return await server.render(url, locale, served);
  } catch (error) {
    logger.error('a served page could not be rendered: it goes as its shell', { url, error });
    return null;
  }
}

/** JSON inside a <script>: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The shell with the rendered page in #root (marked data-prerendered="served": the app hydrates it
 * even under a query, main.tsx) and its data in a <script type="application/json"> the app reads
 * (never run: the CSP's script-src does not apply to data). Without a rendered page the shell goes
 * as it is, with no data: the app renders the page itself. `title` names the page in <title> and
 * og:title. Replacements are functions: nothing served is read as a replacement pattern.
 */
export function servedHtml(template: string, body: string | null, served: ServedData, title?: string): string {
  let html = template;
  if (title) {
    const full = escapeHtml(`${title} — Versus`);
    html = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${full}</title>`)
      .replace(/<meta property="og:title" content="[^"]*" \/>/, () => `<meta property="og:title" content="${full}" />`);
  }
  if (body === null) return html;
  const start = html.indexOf('<div id="root"');
  const open = html.indexOf('>', start);
  const close = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (start < 0 || open < 0 || close < open) throw new Error('the shell has no #root');
  const root = html.slice(start, open + 1).replace(/data-prerendered="[^"]*"/, 'data-prerendered="served"');
  const data = `<script type="application/json" id="${SERVED_DATA_ID}">${scriptJson(served)}</script>`;
  return `${html.slice(0, start)}${root}${body}</div>${data}${html.slice(close + '</div>'.length)}`;
}
