import unhomoglyph from 'unhomoglyph';

/**
 * What a display name looks like, for uniqueness (hardening issue): NFKC folds compatibility forms
 * (fullwidth "Ｐ"), then the Unicode confusables mapping of UTS #39 (the `unhomoglyph` package,
 * generated from confusables.txt) turns look-alikes (Cyrillic "Р", Greek "Ρ", "1" and "l") into
 * one prototype, case is folded, and the mapping runs once more for what lower-casing produced.
 * Two names with the same skeleton cannot both be registered. Server-side only: the mapping is
 * 100 kB of data the web app does not need.
 */
export function displayNameSkeleton(displayName: string): string {
  const folded = unhomoglyph(displayName.trim().normalize('NFKC')).toLowerCase();
  return unhomoglyph(folded).normalize('NFKC');
}
