// Money, places, instants and countdowns as every screen shows them (one home, not one per feature).
export { formatMoney, toCents } from './money';
export { formatCalendarDate } from './dates';
export { formatInstant, formatPlace, formatTimeLeft } from './instants';
