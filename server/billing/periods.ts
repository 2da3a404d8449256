import type { BillingPeriod } from '@common/api/billing';

/** The end of a billing period that starts at `start`: one calendar month or year later (UTC). */
export function addPeriod(start: Date, period: BillingPeriod): Date {
  const end = new Date(start);
  if (period === 'year') {
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    return end;
  }
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
