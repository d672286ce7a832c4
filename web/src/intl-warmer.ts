/**
 * A worker the boot script starts, named with the page's path (issue #24, main-thread time). The
 * first Intl object a Chromium renderer makes loads ICU's locale data: 15–65 ms of one task on the
 * main thread, observed without throttling, four times that under Lighthouse's 4×. ICU keeps that
 * data for the whole process, so made here first, off the main thread while the app's chunks
 * download, the app's own formatters cost a fraction of a millisecond on the main thread after
 * (measured: 14–36 ms cold, 0.1 ms after the worker). It makes what a page's first render uses, with
 * the app's own functions: numbers, prices, both date styles, plurals and the games' sorting.
 */
import { formatPrice, fullDateTime, mediumDateTime, numberFormat, splitLocale } from './lib/locale';

// The path names the language as the app reads it (main.tsx); a bare '/' moved by a saved language
// is warmed in en-GB (a worker cannot read the cookie), and the other loads on first use.
const { locale } = splitLocale(self.name);
const when = Date.UTC(2026, 0, 1);
try {
  numberFormat(locale).format(1234.5);
  formatPrice(locale, 1);
  mediumDateTime(locale).format(when);
  fullDateTime(locale).format(when);
  new Intl.PluralRules(locale).select(2);
  new Intl.Collator(locale).compare('a', 'b');
} finally {
  self.close();
}
