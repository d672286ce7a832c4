import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// The browser always calls /api/<path>, and both the dev server (`npm start`) and the preview of the
// production build send it to the one-process host, keeping the /api prefix as Hosting's rewrite does.
const proxy = { '/api': { target: process.env.VERSUS_API_URL ?? 'http://127.0.0.1:5002', changeOrigin: true } };

// React Router 7 exports only its development build (dev warnings on: remix-run/react-router#14102,
// #12532); the client's production build takes the production one it ships beside it.
const routerPackage = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const productionRouter = { 'react-router': join(routerPackage, 'dist', 'production', 'index.mjs') };

/**
 * V8's explicit compile hint (Chrome 136+): a script whose first line is this comment has all its
 * functions compiled as it streams in, on a background thread, instead of each on the page's main
 * thread the first time it is called. Given to the app's core (src/main.tsx and the chunks it
 * imports statically: React DOM, React Router, i18next, the shell) and to the Firebase SDK the shell
 * loads after its first render (src/lib/firebase-sdk.ts and its chunks): their code runs as a page
 * comes alive (issue #24, TBT). Lazy pages' chunks are left to V8's lazy compiling.
 *
 * V8 takes the comment only before any code, so it goes in after Vite's own generateBundle has put
 * its preload list (`const __vite__mapDeps=…`) at the top of a chunk. Rolldown has written each
 * source map's asset by then (rolldown/rolldown#10676), so the asset is moved down a line itself,
 * as Vite does for its own change. The comment is part of every chunk's hash.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const HINTED_ROOTS = ['/src/main.tsx', '/src/lib/firebase-sdk.ts'];
function compileHints(): Plugin {
  return {
    name: 'versus:compile-hints',
    apply: 'build',
    augmentChunkHash: () => COMPILE_HINT,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const hinted = new Set<string>();
        const hint = (fileName: string) => {
          if (hinted.has(fileName)) return;
          hinted.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) hint(imported);
        };
        for (const chunk of chunks)
          if (HINTED_ROOTS.some((root) => chunk.facadeModuleId?.endsWith(root))) hint(chunk.fileName);
        if (hinted.size === 0) this.warn(`no chunk of ${HINTED_ROOTS.join(' or ')} to give the compile hint`);
        for (const fileName of hinted) {
          const chunk = byFile.get(fileName)!;
          chunk.code = COMPILE_HINT + chunk.code;
          const map = bundle[`${fileName}.map`];
          if (map?.type !== 'asset') continue;
          const parsed = JSON.parse(String(map.source)) as { mappings: string };
          map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
        }
      },
    },
  };
}

/**
 * A build for production (not the emulators) needs App Check's reCAPTCHA Enterprise site key: the
 * deployed API and Firestore enforce App Check (issue #58), so without it every command would be
 * refused. The build stops instead.
 */
function requireAppCheckKey(): Plugin {
  return {
    name: 'versus:app-check-key',
    apply: 'build',
    buildStart() {
      if (process.env.VITE_USE_EMULATORS === 'false' && !process.env.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY)
        this.error('Set VITE_RECAPTCHA_ENTERPRISE_SITE_KEY (App Check) for a production build.');
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), compileHints(), requireAppCheckKey()],
  resolve: { alias: mode === 'production' && !isSsrBuild ? productionRouter : {} },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  // The manifest tells the prerenderer (scripts/prerender.mjs) each page's own chunks and styles.
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    manifest: true,
    // Seven characters of hash, not eight: 42 bits keep about 160 files apart (rolldown refuses fewer
    // than this many chunks need), and the shell's preload list and its imports name them all. The
    // landing's JavaScript is 0.3 KB lighter (record 151).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            entryFileNames: 'assets/[name]-[hash:7].js',
            chunkFileNames: 'assets/[name]-[hash:7].js',
            assetFileNames: 'assets/[name]-[hash:7][extname]',
          },
        },
  },
}));
