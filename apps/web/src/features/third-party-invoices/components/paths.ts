/** The list's path in the route table (packages/domain routes.ts). */
export const LIST_PATH = '/third-party-payer-invoices';
