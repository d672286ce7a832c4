/**
 * Text that looks like something else (hardening issue): strings made only of invisible
 * characters, and bidi controls that reorder what a reader sees. Pure, shared by the forms'
 * schemas and the server's validation kernel.
 */

/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): never allowed in input. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Format characters (zero-width space/joiners, marks, BOM, word joiner …), whitespace and fillers. */
const INVISIBLE = /[\p{Cf}\p{Zs}\s\u115F\u1160\u3164\uFFA0\u180E]/gu;

export const hasBidiControl = (text: string): boolean => BIDI_CONTROL.test(text);

/** True for "", whitespace, or text of nothing a reader can see (e.g. only U+200B). */
export const isInvisibleText = (text: string): boolean => text.replace(INVISIBLE, '') === '';

/** The reason a piece of input text is refused, as an i18n key, or null when it is fine. */
export function textProblem(text: string): 'validation.bidi-control' | 'validation.invisible-text' | null {
  if (hasBidiControl(text)) return 'validation.bidi-control';
  if (text.length > 0 && text.trim().length > 0 && isInvisibleText(text)) return 'validation.invisible-text';
  return null;
}
