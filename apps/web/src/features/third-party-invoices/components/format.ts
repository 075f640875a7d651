import { THIRD_PARTY_INVOICE_DATE_TIME_ZONE } from '@portal/domain';
import { formatCalendarDate } from '../../../shared/format';

export { formatCalendarDate, formatMoney, toCents } from '../../../shared/format';

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
