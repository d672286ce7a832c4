import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { enGB } from '../../web/src/i18n/locales/en-GB';
import { enGBPages } from '../../web/src/i18n/locales/en-GB.pages';

// The web app's sources (the test lives with the tooling: it reads files, which web/'s types do not know).
const src = fileURLToPath(new URL('../../web/src/', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

// Sections only the pages' catalogue has; the legal documents are its part of `legal`.
const own = Object.keys(enGBPages).filter((section) => !(section in enGB));
const usesPageTexts = new RegExp(`['"\`](?:${own.join('|')})\\.[a-z]|['"\`]legal\\.(?:privacy|terms|\\$\\{)`);
/** Helpers that take `t` from their callers, which render and import page-texts themselves. */
const GIVEN_T = ['features/notifications/texts.ts'];

describe('the pages texts (record 53)', () => {
  it('are registered by every module that uses them: without it a page opened first shows the keys', () => {
    const missing = sources(src)
      .filter((path) => !GIVEN_T.includes(relative(src, path)))
      .filter((path) => {
        const code = readFileSync(path, 'utf8');
        return usesPageTexts.test(code) && !/import '[./]*i18n\/page-texts';/.test(code);
      })
      .map((path) => relative(src, path));
    expect(missing).toEqual([]);
  });

  it('hold only what the shell does not: a key in both would be loaded twice', () => {
    const flat = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key}`] : flat(value as object, `${prefix}${key}.`),
      );
    const shell = new Set(flat(enGB));
    expect(flat(enGBPages).filter((key) => shell.has(key))).toEqual([]);
  });
});
