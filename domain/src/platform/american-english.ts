/**
 * American English from the en-GB source texts (SPEC §9: en-US is a locale of its own): the
 * spellings that differ, word by word. What is not a spelling (the order of a date, an idiom) is
 * written in the en-US catalogue itself, and wins over what is derived here. Placeholders
 * (`{{licence}}`), nesting (`$t(…)`) and tags (`<0>`) are never touched: a text keeps its variables.
 */
const SPELLINGS: [RegExp, string][] = [
  [/\b([Ee])-mail/g, '$1mail'],
  [/\b([Cc])ancell(ed|ing)\b/g, '$1ancel$2'],
  [/\b([Ll])icence(s?)\b/g, '$1icense$2'],
  [/\b([Oo])rganis(e|es|ed|er|ers|ing|ation|ations)\b/g, '$1rganiz$2'],
  [/\b([Cc])entre(s?)\b/g, '$1enter$2'],
  [/\b([Cc])entred\b/g, '$1entered'],
  [/\b([Cc])olour/g, '$1olor'],
  [/\b([Ff])avourite/g, '$1avorite'],
  [/\b([Bb])ehaviour/g, '$1ehavior'],
  [/\b([Gg])rey(s|ed|ing)?\b/g, '$1ray$2'],
  // A bracket's round: "semifinal" is one word in American usage (AP, Merriam-Webster).
  [/\b([Ss])emi-final/g, '$1emifinal'],
];

/** What the spellings may not touch: a placeholder, a nested text or a tag. */
const UNTOUCHED = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>)/;

/** One text in American spelling. */
export function americanSpelling(text: string): string {
  return text
    .split(UNTOUCHED)
    .map((part, index) =>
      index % 2 === 1 ? part : SPELLINGS.reduce((written, [word, american]) => written.replace(word, american), part),
    )
    .join('');
}

export type TextTree = { [key: string]: string | TextTree };

/**
 * The texts of `source` whose American spelling differs, in its shape: what an en-US catalogue
 * adds to the en-GB it falls back to. Undefined when nothing differs.
 */
export function americanTexts(source: TextTree): TextTree | undefined {
  const changed: TextTree = {};
  for (const [key, value] of Object.entries(source)) {
    const american = typeof value === 'string' ? americanSpelling(value) : americanTexts(value);
    if (american !== undefined && american !== value) changed[key] = american;
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}
