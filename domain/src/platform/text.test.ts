import { describe, expect, it } from 'vitest';
import { isDocumentId } from './ids';
import { hasBidiControl, isInvisibleText, textProblem } from './text';

describe('input text', () => {
  it('refuses text a reader cannot see', () => {
    expect(isInvisibleText('\u200B\u200C\u200D\uFEFF')).toBe(true);
    expect(textProblem('\u200B\u2060')).toBe('validation.invisible-text');
    expect(textProblem('  \u200B ')).toBe('validation.invisible-text');
    expect(textProblem('Äijä_92')).toBeNull();
    // Empty or blank text is the schema's "required" to judge, not this check.
    expect(textProblem('')).toBeNull();
    expect(textProblem('   ')).toBeNull();
  });

  it('refuses bidi overrides and isolates anywhere', () => {
    expect(hasBidiControl('Player\u202Egnp.exe')).toBe(true);
    expect(textProblem('abc\u2067def')).toBe('validation.bidi-control');
    expect(hasBidiControl('שלום Player')).toBe(false);
  });
});

describe('document ids', () => {
  it('accepts our ids and nothing that could name another path', () => {
    expect(isDocumentId('Xy3_k-9')).toBe(true);
    for (const bad of ['', 'a/b', '..', '.', '__x__', 'a b', 'x'.repeat(129), 42, null, ['a']])
      expect(isDocumentId(bad)).toBe(false);
  });
});
