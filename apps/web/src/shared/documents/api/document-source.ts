import type { RequestOptions } from '../../api/client';

/**
 * Whose documents a grid shows. A shipment or third-party invoice list also holds its missing
 * required documents (required, no id).
 */
export type DocumentSource =
  | { kind: 'shipment'; id: string }
  | { kind: 'thirdPartyInvoice'; id: string }
  | { kind: 'case'; id: string }
  | { kind: 'order'; id: string }
  | { kind: 'apInvoice'; id: string }
  | { kind: 'company'; id: string };

const FIND_PARAMETER: Record<
  Exclude<DocumentSource['kind'], 'shipment' | 'thirdPartyInvoice'>,
  string
> = {
  case: 'caseId',
  order: 'orderId',
  apInvoice: 'apInvoiceId',
  company: 'companyId',
};

/** The request that lists a source's documents. */
export function documentListRequest(source: DocumentSource): {
  path: string;
  query?: RequestOptions['query'];
} {
  switch (source.kind) {
    case 'shipment':
      return { path: `/api/v2/shipments/${encodeURIComponent(source.id)}/documents` };
    case 'thirdPartyInvoice':
      return { path: `/api/v2/invoices/${encodeURIComponent(source.id)}/documents` };
    default:
      return { path: '/api/v2/documents', query: { [FIND_PARAMETER[source.kind]]: source.id } };
  }
}
