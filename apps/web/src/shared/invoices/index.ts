export { ChargesTable } from './charges-table';
export { InvoiceFailureToast } from './invoice-failure-toast';
