// The public pages as HTML (issue #24, DESIGN §10), run by `npm run build -w web` after the client
// and server builds. Each page is rendered by src/entry-server.tsx in every locale and written into
// the client build's index.html, where main.tsx hydrates it:
// - the landing and the legal pages carry their content;
// - /tournaments (its filters take input once the app has taken over), a tournament, its embed, a
//   profile and /leaderboards are shells (layout and skeletons, no data) that the api function
//   serves (firebase.json rewrites): the tournament's with its Open Graph tags and cover,
//   /tournaments' with its first results preloaded and their covers painted
//   (functions/src/tournaments/page-routes.ts), and a profile, the leaderboards and an embed
//   rendered again with their data by this same server entry (functions/src/pages/).
// dist/app.html is the bare shell for every other route.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const server = await import(pathToFileURL(join(web, 'dist-ssr', 'entry-server.js')).href);
const { render, translate, LOCALES, DEFAULT_LOCALE } = server;

/**
 * path: what is rendered; file: where it goes for the default locale (under {locale}/ for the
 * others), or shell: the name of a shell the api function serves with what it knows of the address;
 * modules: the lazy modules it renders, whose styles its head loads and whose chunks the boot script
 * fetches after the first paint (the landing's are in the entry).
 */
const PAGES = [
  {
    path: '/',
    file: 'index.html',
    title: 'landing.title',
    modules: ['src/features/landing/components/live-figures.tsx'],
  },
  {
    path: '/tournaments',
    shell: 'tournaments',
    title: 'tournaments.title',
    modules: ['src/features/tournaments/pages/browse-tournaments-page.tsx'],
  },
  {
    path: '/leaderboards',
    shell: 'leaderboards',
    title: 'leaderboards.title',
    modules: ['src/features/leaderboards/pages/leaderboards-page.tsx'],
  },
  {
    path: '/privacy-policy',
    file: 'privacy-policy.html',
    title: 'legal.privacy.title',
    modules: ['src/features/legal/pages/privacy-policy-page.tsx'],
  },
  {
    path: '/terms-of-service',
    file: 'terms-of-service.html',
    title: 'legal.terms.title',
    modules: ['src/features/legal/pages/terms-of-service-page.tsx'],
  },
  {
    path: '/tournaments/_',
    shell: 'tournament',
    title: 'tournaments.page.title',
    modules: ['src/features/tournaments/pages/tournament-page.tsx'],
  },
  {
    path: '/embed/tournaments/_',
    shell: 'embed',
    title: 'tournaments.page.title',
    modules: ['src/features/tournaments/pages/embed-page.tsx'],
  },
  { path: '/user/_', shell: 'user', title: 'user.title', modules: ['src/app/pages/user.tsx'] },
];

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);

/** A chunk and what it imports statically, each once. */
function chunksOf(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunksOf(imported, seen);
  return seen;
}
const loaded = chunksOf(Object.keys(manifest).find((key) => manifest[key] === entry));

/** What some modules need that is not loaded yet: their chunks and what those import statically. */
function chunksBeyond(modules, present) {
  const chunks = new Set();
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not in the build's manifest`);
    chunksOf(module, chunks);
  }
  return [...chunks].filter((key) => !present.has(key));
}

/**
 * Stylesheets of chunks a page renders, for its head (painted with the page, so nothing shifts).
 * No modulepreload links: Chromium compiles what they fetch before its first paint (measured: first
 * paint at 450–580 ms with them, 260–290 ms without, on the landing); the app's import asks for its
 * chunks after the paint (src/boot.ts).
 */
const stylesheets = (chunks) =>
  chunks
    .flatMap((key) => manifest[key].css ?? [])
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('\n    ');

/**
 * A page's own chunks (its lazy route's, with what they import statically that the app does not:
 * Firestore's SDK on the pages that read it), which the boot script fetches beside the app's after
 * the first paint (src/boot.ts), instead of after the app has run and its router asked for them.
 */
function chunksAttribute(chunks) {
  return chunks.length > 0 ? ` data-chunks="${chunks.map((key) => `/${manifest[key].file}`).join(' ')}"` : '';
}

const escape = (text) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);

// The entry (src/boot.ts) starts the app (src/main.tsx) after the first paint: every page's head
// loads the app's styles, as Vite would have put them there for a static import.
const built = readFileSync(join(dist, 'index.html'), 'utf8');
if (!built.includes('<div id="root"></div>')) throw new Error('dist/index.html is not the bare shell: build first');
const appChunks = chunksBeyond(['src/main.tsx'], loaded);
const inApp = new Set([...loaded, ...appChunks]);
const template = built.replace('</head>', `  ${stylesheets(appChunks)}\n  </head>`);
writeFileSync(join(dist, 'app.html'), template);
rmSync(join(dist, '_shells'), { recursive: true, force: true });

let written = 0;
for (const locale of LOCALES) {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  for (const page of PAGES) {
    const url = page.path === '/' ? prefix || '/' : `${prefix}${page.path}`;
    const body = await render(url, locale);
    const title = `${translate(locale, page.title)} — Versus`;
    const description = translate(locale, 'landing.hero.subtitle');
    const head = [
      `<title>${escape(title)}</title>`,
      `<meta name="description" content="${escape(description)}" />`,
      `<meta property="og:site_name" content="Versus" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:title" content="${escape(title)}" />`,
      `<meta property="og:description" content="${escape(description)}" />`,
      `<meta property="og:locale" content="${locale.replace('-', '_')}" />`,
    ].join('\n    ');
    const own = chunksBeyond(page.modules, inApp);
    const html = template
      .replace('<html lang="en-GB">', `<html lang="${locale}">`)
      .replace('<title>Versus</title>', head)
      .replace('</head>', `  ${stylesheets(own)}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${page.shell ?? 'page'}"${chunksAttribute(own)}>${body}</div>`,
      );
    const file = page.shell
      ? join('_shells', locale, `${page.shell}.html`)
      : page.path === '/' && prefix
        ? `${locale}.html`
        : join(prefix.slice(1), page.file);
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), html);
    written += 1;
  }
}
// Link previews do not show SVG: each game's placeholder cover also as a PNG, 1200 px wide, for og:image.
const covers = join(dist, 'covers');
for (const file of readdirSync(covers).filter((name) => name.endsWith('.svg')))
  await sharp(join(covers, file), { density: 600 })
    .resize({ width: 1200 })
    .png()
    .toFile(join(covers, file.replace(/\.svg$/, '.png')));

console.log(`prerendered ${written} pages (${PAGES.length} in ${LOCALES.length} locales)`);
