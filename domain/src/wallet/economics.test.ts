import { describe, expect, it } from 'vitest';
import { centsToDecimal, creatorEarning, earningDay, earningsByDay, payoutCents, shopProducts } from './economics';

describe('wallet economics', () => {
  it('gives creators 5 % of purchased coins, rounded down', () => {
    expect(creatorEarning(130)).toBe(6);
    expect(creatorEarning(2750)).toBe(137);
    expect(creatorEarning(19)).toBe(0);
  });

  it('pays out 100 coins as 1.00 and formats cents the PayPal way', () => {
    expect(payoutCents(1000, 100)).toBe(1000);
    expect(payoutCents(1234, 100)).toBe(1234);
    expect(payoutCents(1001, 200)).toBe(500);
    expect(centsToDecimal(129)).toBe('1.29');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(1200)).toBe('12.00');
  });

  it('lists days oldest first with zeros for quiet days', () => {
    const today = Date.UTC(2026, 10, 22, 15);
    expect(earningDay(today)).toBe('2026-11-22');
    expect(earningsByDay({ '2026-11-20': 6.9, '2026-11-22': 13 }, today, 3)).toEqual([
      { day: '2026-11-20', coins: 6 },
      { day: '2026-11-21', coins: 0 },
      { day: '2026-11-22', coins: 13 },
    ]);
  });

  it('shows active products of at least the minimum purchase, fewest coins first', () => {
    const products = [
      { id: 'b', active: true, bucks: 590 },
      { id: 'a', active: true, bucks: 130 },
      { id: 'off', active: false, bucks: 270 },
      { id: 'c', active: true, bucks: 1260 },
    ];
    expect(shopProducts(products, 0).map((product) => product.id)).toEqual(['a', 'b', 'c']);
    expect(shopProducts(products, 500).map((product) => product.id)).toEqual(['b', 'c']);
  });
});
