import { VIEWER_MESSAGES } from '@portal/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubServer } from '../../test/render';
import type { RendererProps } from '../viewer/renderer';
import { DocumentViewer } from './document-viewer';

// Pictures cannot be decoded here; the renderer reports a page 640 wide as a browser would.
vi.mock('../viewer/image-renderer', () => ({
  ImageRenderer: ({ onLoad, onPageSize, zoom, rotation }: RendererProps) => {
    useEffect(() => {
      onLoad({ pageCount: 1 });
      onPageSize({ width: 640, height: 480 });
    }, [onLoad, onPageSize]);
    return <div data-testid="page">{`zoom ${zoom} rotation ${rotation}`}</div>;
  },
}));

afterEach(() => vi.unstubAllGlobals());

const png = () =>
  stubServer(({ url }) =>
    url === '/api/v1/documents/doc-1'
      ? new Response(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'content-type': 'image/png' },
        })
      : undefined,
  );

const zoomLabel = () => screen.getByLabelText('Zoom').textContent;

describe('DocumentViewer', () => {
  it('says "Couldn\'t determine file type" without a known extension', async () => {
    png();
    renderWithProviders(
      <DocumentViewer
        document={{ name: 'x', fileURL: '/api/v1/documents/doc-1' }}
        onClose={vi.fn()}
      />,
    );
    expect(await screen.findByText(VIEWER_MESSAGES.unknownFileType)).toBeTruthy();
    renderWithProviders(
      <DocumentViewer
        document={{ name: 'x.docx', extension: 'docx', fileURL: '/api/v1/documents/doc-1' }}
        onClose={vi.fn()}
      />,
    );
    expect(await screen.findAllByText(VIEWER_MESSAGES.unknownFileType)).toHaveLength(2);
  });

  it('says "Image not found" without an address', async () => {
    renderWithProviders(
      <DocumentViewer document={{ name: 'x.png', extension: 'png' }} onClose={vi.fn()} />,
    );
    expect(await screen.findByText(VIEWER_MESSAGES.imageNotFound)).toBeTruthy();
  });

  it('says "An error occurred while loading the file" when the file cannot be fetched', async () => {
    stubServer();
    renderWithProviders(
      <DocumentViewer
        document={{ name: 'gone.pdf', extension: 'pdf', fileURL: '/api/v1/documents/gone' }}
        onClose={vi.fn()}
      />,
    );
    expect(await screen.findByText(VIEWER_MESSAGES.loadFailed)).toBeTruthy();
  });

  it('steps through the zoom steps 0.1 to 3 and turns a quarter at a time', async () => {
    png();
    renderWithProviders(
      <DocumentViewer
        document={{ name: 'receipt.png', extension: 'png', fileURL: '/api/v1/documents/doc-1' }}
        onClose={vi.fn()}
      />,
    );
    await screen.findByTestId('page');
    // The label reads 100% before the first page is measured; the buttons wait for that measure.
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    await waitFor(() => expect((zoomIn as HTMLButtonElement).disabled).toBe(false));
    expect(zoomLabel()).toBe('100%');
    const seen = [];
    while (!(zoomIn as HTMLButtonElement).disabled) {
      fireEvent.click(zoomIn);
      seen.push(zoomLabel());
    }
    expect(seen).toEqual(['125%', '150%', '200%', '250%', '300%']);
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    const down = [];
    while (!(zoomOut as HTMLButtonElement).disabled) {
      fireEvent.click(zoomOut);
      down.push(zoomLabel());
    }
    expect(down).toEqual(['250%', '200%', '150%', '125%', '100%', '75%', '50%', '25%', '10%']);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(screen.getByTestId('page').textContent).toBe('zoom 0.1 rotation 90');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect(screen.getByTestId('page').textContent).toBe('zoom 0.1 rotation 270');
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
