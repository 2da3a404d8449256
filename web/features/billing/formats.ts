import dayjs from 'dayjs';

/** Billing dates (account-side §9): the period end 'MMM DD, YYYY', invoices 'MM/DD/YYYY'. */
export const formatBillingDate = (iso: string) => dayjs(iso).format('MMM DD, YYYY');
export const formatInvoiceDate = (iso: string) => dayjs(iso).format('MM/DD/YYYY');

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Bytes in binary units with at most one decimal: 107374182400 → '100 GB', 1099511627776 → '1 TB'. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 || unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}
