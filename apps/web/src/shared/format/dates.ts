import { INVOICE_CARD_DATE_FORMAT } from '@portal/domain';
import dayjs from 'dayjs';

/** A calendar date (YYYY-MM-DD), printed M/DD/YYYY. */
export function formatCalendarDate(date: string): string {
  return dayjs(date, 'YYYY-MM-DD').format(INVOICE_CARD_DATE_FORMAT);
}
