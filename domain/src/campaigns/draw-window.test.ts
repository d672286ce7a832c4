import { describe, expect, it } from 'vitest';
import { campaignMonth, monthEnd } from './campaign';
import { DRAW_AFTER_MS, drawOpensAt } from './draw-window';

describe('a month’s draw', () => {
  it('opens ten minutes after the month, past the last request or sweep that could still enter it', () => {
    expect(monthEnd('2026-12')).toBe(Date.UTC(2027, 0, 1));
    expect(drawOpensAt('2026-12')).toBe(Date.UTC(2027, 0, 1, 0, 10));
    // A battle ended in the month's last millisecond enters that month; a sweep runs up to 300 s.
    expect(campaignMonth(monthEnd('2026-12') - 1)).toBe('2026-12');
    expect(DRAW_AFTER_MS).toBeGreaterThan(300_000);
  });
});
