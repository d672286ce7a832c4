import unhomoglyph from 'unhomoglyph';

/**
 * The skeleton names were claimed by until 2026-12-07: "I" (read as "l") and "i" apart, so "MIKE"
 * and "Mike" did not collide (walk AF, record 190). Only to find names claimed then, until
 * `npm run migrate` has given each its key of today.
 */
export function displayNameSkeletonBefore190(displayName: string): string {
  const folded = unhomoglyph(displayName.trim().normalize('NFKC')).toLowerCase();
  return unhomoglyph(folded).normalize('NFKC');
}

/**
 * What a display name looks like, for uniqueness (hardening issue): NFKC folds compatibility forms
 * (fullwidth "Ｐ"), then the Unicode confusables mapping of UTS #39 (the `unhomoglyph` package,
 * generated from confusables.txt) turns look-alikes (Cyrillic "Р", Greek "Ρ", "1" and "l") into
 * one prototype, case is folded, and the mapping runs once more for what lower-casing produced.
 * The mapping reads a capital "I" as "l" while a small "i" stays itself, so last every "i" is an
 * "l" too: "MIKE", "Mike" and "Mlke" collide (record 190). Two names with the same skeleton cannot
 * both be registered. Server-side only: the mapping is 100 kB of data the web app does not need.
 */
export function displayNameSkeleton(displayName: string): string {
  return displayNameSkeletonBefore190(displayName).replace(/i/g, 'l');
}
