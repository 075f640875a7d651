import CircularProgress from '@mui/material/CircularProgress';
import { PDF_RENDER_SCALE } from '@portal/domain';
import { Document, Page } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import 'react-pdf/dist/Page/TextLayer.css';
import { pdfOptions } from './pdfjs';
import type { RendererProps } from './renderer';

/** Renders a PDF page as the page is looked at (PDF.js parses and paints in its worker). */
async function pageImage(pdf: PDFDocumentProxy, pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 2 });
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(viewport.width);
  canvas.height = Math.ceil(viewport.height);
  await page.render({ canvas, viewport }).promise;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error(`Page ${pageNumber} could not be prepared for printing`);
  return URL.createObjectURL(blob);
}

export function PdfRenderer({
  blob,
  name,
  page,
  zoom,
  rotation,
  onLoad,
  onPageSize,
  onError,
  printPages,
}: RendererProps) {
  return (
    <Document
      file={blob}
      options={pdfOptions()}
      loading={<CircularProgress aria-label="Loading document" sx={{ m: 'auto' }} />}
      error={<span />}
      onLoadSuccess={(loaded) => {
        printPages.current = () =>
          Promise.all(
            Array.from({ length: loaded.numPages }, (_, index) => pageImage(loaded, index + 1)),
          );
        onLoad({ pageCount: loaded.numPages });
      }}
      onLoadError={onError}
      onSourceError={onError}
      className="document-viewer-pdf"
    >
      <Page
        pageNumber={page}
        scale={PDF_RENDER_SCALE * zoom}
        rotate={rotation}
        renderAnnotationLayer={false}
        loading={<CircularProgress aria-label="Loading page" sx={{ m: 'auto' }} />}
        onLoadSuccess={(loaded) =>
          onPageSize({
            width: loaded.originalWidth * PDF_RENDER_SCALE,
            height: loaded.originalHeight * PDF_RENDER_SCALE,
          })
        }
        onRenderError={onError}
        className="document-viewer-page"
        data-page-label={`${name}, page ${page}`}
      />
    </Document>
  );
}
