import type { ReactNode } from 'react';

/**
 * A banner's words: its sentence, and the short line that the stack shows instead once the page is
 * scrolled down and it keeps to one line (styles/banners.css). Cut there, the sentence said only its
 * first words, which its button repeats ("Check in to the tourn…" beside "Check in"); the short line
 * says what it is about and by when. Only seen: a screen reader reads the sentence all the same.
 */
export function BannerLine({ sentence, short }: { sentence: ReactNode; short: ReactNode }) {
  return (
    <>
      <span className="banner-sentence">{sentence}</span>
      <span className="banner-short" aria-hidden="true">
        {short}
      </span>
    </>
  );
}
