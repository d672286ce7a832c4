import unhomoglyph from 'unhomoglyph';

/**
 * What a display name looks like, for uniqueness (hardening issue): NFKC folds compatibility forms
 * (fullwidth "Ｐ"), then the Unicode confusables mapping of UTS #39 (the `unhomoglyph` package,
 * generated from confusables.txt) turns look-alikes (Cyrillic "Р", Greek "Ρ", "1" and "l") into
 * one prototype, case is folded, and the mapping runs once more for what lower-casing produced.
 * Server-side only: the mapping is 100 kB of data the web app does not need.
 */
export function displayNameSkeleton(displayName: string): string {
  const folded = unhomoglyph(displayName.trim().normalize('NFKC')).toLowerCase();
  return unhomoglyph(folded).normalize('NFKC');
}

/**
 * The skeletons a name claims: its own, and its lower-case form's. The mapping reads a capital "I"
 * as "l" (it looks like one) while a small "i" stays itself, so "ADMIN" alone would not meet "Admin"
 * (walk AF, record 190); through its lower-case form it does, and "PIayer1" still meets "Player1"
 * through its own. Two names that share a skeleton cannot both be registered.
 */
export function displayNameSkeletons(displayName: string): string[] {
  return [...new Set([displayName, displayName.toLowerCase()].map(displayNameSkeleton))];
}
