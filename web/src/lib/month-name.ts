import { monthEnd } from '@versus/domain/campaigns/campaign';
import { dateTimeFormat } from './locale';

/**
 * A UTC month (`2026-12`, the statistics' and the campaign's month) by its name in the reader's
 * language: "December 2026", "joulukuu 2026". A module of its own, outside the landing's JavaScript.
 */
export const monthName = (locale: string, month: string): string =>
  dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(monthEnd(month) - 1);
