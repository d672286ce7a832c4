import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  cheapestCentsPer100Coins,
  creatorEarning,
  earningDay,
  earningsByDay,
  isPayoutRateSafe,
  payoutCents,
  shopProducts,
  withdrawableCoins,
} from './economics';

describe('wallet economics', () => {
  it('gives creators 5 % of purchased coins, rounded down', () => {
    expect(creatorEarning(130)).toBe(6);
    expect(creatorEarning(2750)).toBe(137);
    expect(creatorEarning(19)).toBe(0);
  });

  it('pays out at the rate per 100 coins, rounded down, and formats cents the PayPal way', () => {
    expect(payoutCents(1000, 70)).toBe(700);
    expect(payoutCents(1234, 70)).toBe(863);
    expect(payoutCents(2750, 70)).toBe(1925);
    expect(centsToDecimal(129)).toBe('1.29');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(1200)).toBe('12.00');
  });

  it('keeps the payout rate below the cheapest coin of the currency', () => {
    const products = [
      { active: true, bucks: 130, prices: { EUR: 129, USD: 139 } },
      { active: true, bucks: 2750, prices: { EUR: 2099, USD: 2299 } },
      { active: false, bucks: 5000, prices: { EUR: 100 } },
    ];
    // 2750 coins for 20.99 € is 76.33 cents per 100 coins: the old 1.00 per 100 paid 27.50 €.
    expect(cheapestCentsPer100Coins(products, 'EUR')).toBeCloseTo(76.327, 2);
    expect(isPayoutRateSafe(70, cheapestCentsPer100Coins(products, 'EUR'))).toBe(true);
    expect(isPayoutRateSafe(100, cheapestCentsPer100Coins(products, 'EUR'))).toBe(false);
    expect(isPayoutRateSafe(77, cheapestCentsPer100Coins(products, 'EUR'))).toBe(false);
    expect(cheapestCentsPer100Coins(products, 'GBP')).toBeNull();
    expect(isPayoutRateSafe(70, null)).toBe(true);
    const buy = 2099;
    expect(payoutCents(2750, 70)).toBeLessThan(buy);
  });

  it('withdraws only coins that were played', () => {
    expect(withdrawableCoins(5000, undefined)).toBe(5000);
    expect(withdrawableCoins(5000, 2750)).toBe(2250);
    expect(withdrawableCoins(100, 500)).toBe(0);
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
