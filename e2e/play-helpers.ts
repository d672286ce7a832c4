import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { proofPicture } from '../functions/test/tournament-play-helpers';

// What the browser tests of playing a tournament share (tournament-play, points-table).

/** A screenshot file to attach as proof, a picture of its own each call (record 142). */
export async function proofFile(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'versus-proof-')), 'scoreboard.png');
  writeFileSync(path, await proofPicture());
  return path;
}

/**
 * The words of a table's cells that the layout split over two lines (a column narrowed past its
 * longest word): each word's range has one line box when whole.
 */
export const splitWords = (page: Page, testId: string) =>
  page.evaluate((id) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(document.querySelector(`[data-testid="${id}"]`)!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size > 1) split.push(word[0]);
      }
    return split;
  }, testId);
