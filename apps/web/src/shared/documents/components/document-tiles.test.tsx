import type { DocumentItem } from '@portal/contract';
import { DOCUMENT_MESSAGES, UploadKind } from '@portal/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubServer } from '../../test/render';
import { DocumentTiles } from './document-tiles';

afterEach(() => vi.unstubAllGlobals());

const stored: DocumentItem = {
  id: 'doc-1',
  name: 'POD stop 2.pdf',
  type: 12,
  typeName: 'Proof of Delivery',
  extension: 'unknown',
  fileURL: '/api/v1/documents/doc-1',
  entityType: 14,
  entityId: 'stop-2',
  entityDescription: 'Stop 2 - Dallas, TX',
  required: true,
  orderStopId: 'stop-2',
  shipmentId: 'shipment-1',
  canDelete: true,
};
const missing: DocumentItem = {
  name: 'Signed bill of lading',
  type: 16,
  typeName: 'Bill of Lading',
  entityType: 5,
  entityId: 'shipment-1',
  entityDescription: 'Signed bill of lading',
  required: true,
  orderStopId: null,
  shipmentId: 'shipment-1',
  canDelete: false,
};

function listing(data: DocumentItem[], deleteStatus = 200) {
  return stubServer(({ url, method }) => {
    if (method === 'GET' && url.startsWith('/api/v2/invoices/inv-1/documents'))
      return json(200, { data, totalCount: data.length });
    if (method === 'DELETE' && url === '/api/v2/documents/doc-1')
      return deleteStatus === 200
        ? json(200, { resultId: 'doc-1' })
        : json(deleteStatus, { status: deleteStatus, title: 'Refused' });
    return undefined;
  });
}

function show(props: Partial<Parameters<typeof DocumentTiles>[0]> = {}) {
  return renderWithProviders(
    <DocumentTiles
      source={{ kind: 'thirdPartyInvoice', id: 'inv-1' }}
      uploadKinds={[UploadKind.proofOfDelivery, UploadKind.thirdParty]}
      references={{ thirdPartyInvoiceId: 'inv-1' }}
      emptyText={DOCUMENT_MESSAGES.noneForInvoice}
      {...props}
    />,
  );
}

async function deleteFirst() {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete POD stop 2.pdf' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
}

describe('DocumentTiles', () => {
  it('shows stored documents and missing required ones, with refresh and Upload Document', async () => {
    listing([stored, missing]);
    show();
    expect(await screen.findByRole('button', { name: 'Open POD stop 2.pdf' })).toBeTruthy();
    expect(screen.getByText('Proof of Delivery · Required')).toBeTruthy();
    expect(screen.getByText('Missing')).toBeTruthy();
    expect(screen.getByText('Bill of Lading')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh documents' })).toBeTruthy();
  });

  it('says "No documents found for invoice" when there are none', async () => {
    listing([]);
    show();
    expect(await screen.findByText(DOCUMENT_MESSAGES.noneForInvoice)).toBeTruthy();
  });

  it('toasts "Document deleted" after a delete and refreshes the list', async () => {
    const server = listing([stored]);
    show();
    await deleteFirst();
    expect(await screen.findByText(DOCUMENT_MESSAGES.deleted)).toBeTruthy();
    await waitFor(() =>
      expect(server.calls.filter((call) => call.method === 'GET')).toHaveLength(2),
    );
  });

  it('says nothing when the server refuses with 403', async () => {
    const server = listing([stored], 403);
    show();
    await deleteFirst();
    await waitFor(() => expect(server.calls.some((call) => call.method === 'DELETE')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(DOCUMENT_MESSAGES.deleted)).toBeNull();
    expect(screen.queryByText(DOCUMENT_MESSAGES.deleteFailed)).toBeNull();
  });

  it('toasts "Failed to delete document" on any other failure', async () => {
    listing([stored], 500);
    show();
    await deleteFirst();
    expect(await screen.findByText(DOCUMENT_MESSAGES.deleteFailed)).toBeTruthy();
  });

  it('offers no upload and no delete when read-only, and only deletes what the caller may', async () => {
    listing([{ ...stored, canDelete: false }]);
    show();
    await screen.findByRole('button', { name: 'Open POD stop 2.pdf' });
    expect(screen.queryByRole('button', { name: 'Delete POD stop 2.pdf' })).toBeNull();
    listing([stored]);
    show({ readOnly: true });
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Open POD stop 2.pdf' })).toHaveLength(2),
    );
    expect(screen.queryByRole('button', { name: 'Delete POD stop 2.pdf' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Upload Document' })).toHaveLength(1);
  });
});
