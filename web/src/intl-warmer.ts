/**
 * A worker the boot script starts, named with the page's language (issue #24, main-thread time).
 * The first Intl object a Chromium renderer makes loads ICU's locale data: 15–65 ms of one task
 * on the main thread, observed without throttling, four times that under Lighthouse's 4×. ICU
 * keeps that data for the whole process, so made here first, off the main thread while the app's
 * chunks download, the app's own formatters (lib/locale.ts) cost a fraction of a millisecond
 * (measured: 14–36 ms cold, 0.1 ms after the worker). What it makes is what a page's first render
 * uses: numbers, prices in Finnish or US style, dates, plurals and the games' sorting.
 */
const locale = self.name || 'en-GB';
const moneyLocale = locale === 'en-US' ? 'en-US' : 'fi-FI';
const when = Date.UTC(2026, 0, 1);
try {
  new Intl.NumberFormat(locale).format(1234.5);
  new Intl.NumberFormat(moneyLocale, { style: 'currency', currency: locale === 'en-US' ? 'USD' : 'EUR' }).format(1);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(when);
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(when);
  new Intl.PluralRules(locale).select(2);
  new Intl.Collator(locale).compare('a', 'b');
} finally {
  self.close();
}
