import { describe, expect, it } from 'vitest';
import { proratedAddOnCost, proratedMonthly } from './proration';

describe('proratedAddOnCost', () => {
  it('prorates a yearly add-on over 365 days, rounded to the cent', () => {
    expect(proratedAddOnCost('year', 27600, 265)).toBe(20038);
    expect(proratedAddOnCost('year', 9600, 265)).toBe(6970);
    expect(proratedAddOnCost('year', 9600, 365)).toBe(9600);
    expect(proratedAddOnCost('year', 9600, 0)).toBe(0);
  });

  it('prorates a monthly add-on over 30 days, never above its price', () => {
    expect(proratedAddOnCost('month', 2900, 20)).toBe(1933);
    expect(proratedAddOnCost('month', 1000, 15)).toBe(500);
    expect(proratedMonthly(1000, 30)).toBe(1000);
    expect(proratedMonthly(1000, 31)).toBe(1000);
    expect(proratedMonthly(1000, -3)).toBe(0);
  });
});
