export { formatMoney, toCents } from './money';
export { formatCalendarDate } from './dates';
