import type { ReactNode } from 'react';
import { Countdown } from './countdown';

/**
 * A banner's words: its sentence, and the short line that the stack shows instead once the page is
 * scrolled down and it keeps to one banner (styles/banners.css): what it is about, and its countdown
 * (under it on a phone).
 * Cut there, the sentence said only its first words, which its button repeats ("Ilmoittaudu
 * paika…" beside "Ilmoittaudu paikalle"). A name too long gives way to the countdown. Only seen: a
 * screen reader reads the sentence all the same.
 */
export function BannerLine({
  sentence,
  about,
  until,
  now,
}: {
  sentence: ReactNode;
  about: string;
  until?: number;
  now: number;
}) {
  return (
    <>
      <span className="banner-sentence">{sentence}</span>
      <span className="banner-short" aria-hidden="true">
        <span className="banner-short-about">{about}</span>
        {until ? (
          <span className="banner-short-until">
            <span className="banner-short-dot">{'\u00a0·\u00a0'}</span>
            <Countdown until={until} now={now} phrased testId="banner-short-countdown" />
          </span>
        ) : null}
      </span>
    </>
  );
}
