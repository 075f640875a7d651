import { INVOICE_CARD_DATE_FORMAT, THIRD_PARTY_INVOICE_DATE_TIME_ZONE } from '@portal/domain';
import dayjs from 'dayjs';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(dollars: number): string {
  return usd.format(dollars);
}

/** Dollars to integer cents, for arithmetic that must not drift (balance due, totals). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** A calendar date (YYYY-MM-DD), printed M/DD/YYYY. */
export function formatCalendarDate(date: string): string {
  return dayjs(date, 'YYYY-MM-DD').format(INVOICE_CARD_DATE_FORMAT);
}

const billingDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: THIRD_PARTY_INVOICE_DATE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The invoice date: the day the invoice was made in the billing zone (decision 040), M/DD/YYYY. */
export function formatInvoiceDate(instant: string): string {
  return formatCalendarDate(billingDay.format(new Date(instant)));
}
