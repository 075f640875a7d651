/** What changed in the portal, newest first: the top bar's application updates. */
export interface ChangelogEntry {
  readonly date: string;
  readonly title: string;
  readonly details: string;
}

export const CHANGELOG: readonly ChangelogEntry[] = [
  {
    date: '2026-11-21',
    title: 'Navigation with live counts',
    details:
      'The side navigation shows shipments needing updates, sent tenders, open rate requests, accounting action required and new accessorial requests as they change.',
  },
  {
    date: '2026-11-21',
    title: 'Shipment quick-search',
    details:
      'Search by shipment number from the top bar; brokers can also search by reference number.',
  },
  {
    date: '2026-11-20',
    title: 'Documents and notes',
    details:
      'View PDF, image and TIFF documents with zoom, rotate and print, and comment with @mentions.',
  },
  {
    date: '2026-11-20',
    title: 'Sign-in and driver links',
    details:
      'Secure sign-in, password reset by e-mail, and driver links that open a driver’s loads.',
  },
];
