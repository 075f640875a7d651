import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import PrintIcon from '@mui/icons-material/Print';
import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  fitZoomStep,
  rotate,
  VIEWER_MESSAGES,
  viewerExtension,
  viewerRenderer,
  ZOOM_STEPS,
  zoomIn,
  zoomOut,
  type Rotation,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { documentFileOptions } from '../api/documents-api';
import { downloadBlob, printPages } from '../viewer/print';
import type { RendererProps } from '../viewer/renderer';

// The renderers (PDF.js above all) load only when a document is opened.
const PdfRenderer = lazy(() =>
  import('../viewer/pdf-renderer').then((module) => ({ default: module.PdfRenderer })),
);
const TiffRenderer = lazy(() =>
  import('../viewer/tiff-renderer').then((module) => ({ default: module.TiffRenderer })),
);
const ImageRenderer = lazy(() =>
  import('../viewer/image-renderer').then((module) => ({ default: module.ImageRenderer })),
);

/** What the viewer needs of a document (the spec's Document has these). */
export interface ViewableDocument {
  name: string;
  extension?: string | null | undefined;
  fileURL?: string | null | undefined;
}

export interface DocumentViewerProps {
  /** The document to show; null closes the viewer. */
  document: ViewableDocument | null;
  onClose(): void;
}

/**
 * The document viewer: PDF (PDF.js at render scale 1.6), PNG, JPEG and multi-page TIFF, with the
 * spec's zoom steps, quarter turns, paging, download and print.
 */
export function DocumentViewer({ document, onClose }: DocumentViewerProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  return (
    <Dialog
      open={document !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="lg"
      aria-labelledby="document-viewer-title"
    >
      {document && <ViewerBody document={document} onClose={onClose} fullScreen={fullScreen} />}
    </Dialog>
  );
}

function ViewerBody({
  document,
  onClose,
  fullScreen,
}: {
  document: ViewableDocument;
  onClose(): void;
  fullScreen: boolean;
}) {
  const extension = viewerExtension(document.extension ? `.${document.extension}` : undefined);
  const fileURL = document.fileURL ?? undefined;
  const file = useQuery({
    ...documentFileOptions(fileURL ?? ''),
    enabled: Boolean(fileURL && extension),
  });

  const [zoom, setZoom] = useState<number | null>(null);
  const [rotation, setRotation] = useState<Rotation>(0);
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState(0);
  const [failed, setFailed] = useState(false);
  const [printing, setPrinting] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const printable = useRef<(() => Promise<string[]>) | null>(null);

  const onLoad = useCallback(({ pageCount: count }: { pageCount: number }) => {
    setPageCount(count);
  }, []);
  const onPageSize = useCallback(({ width }: { width: number }) => {
    // The first page decides the zoom the document opens at: its width fits the viewer.
    setZoom((current) => current ?? fitZoomStep(width, (area.current?.clientWidth ?? 800) - 32));
  }, []);
  const onError = useCallback(() => setFailed(true), []);

  let problem: string | null = null;
  if (!extension) problem = VIEWER_MESSAGES.unknownFileType;
  else if (!fileURL) problem = VIEWER_MESSAGES.imageNotFound;
  else if (failed || file.isError) problem = VIEWER_MESSAGES.loadFailed;

  const ready = !problem && file.data && zoom !== null;
  const shownZoom = zoom ?? 1;

  let content: ReactNode = null;
  if (!problem && file.data && extension) {
    const props: RendererProps = {
      blob: file.data,
      name: document.name,
      page,
      zoom: shownZoom,
      rotation,
      onLoad,
      onPageSize,
      onError,
      printPages: printable,
    };
    const kind = viewerRenderer(extension);
    content =
      kind === 'pdf' ? (
        <PdfRenderer {...props} />
      ) : kind === 'tiff' ? (
        <TiffRenderer {...props} />
      ) : (
        <ImageRenderer {...props} />
      );
  }

  const print = async () => {
    if (!printable.current) return;
    setPrinting(true);
    try {
      await printPages(document.name, await printable.current());
    } catch {
      setFailed(true);
    } finally {
      setPrinting(false);
    }
  };

  const tool = (label: string, icon: ReactNode, action: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={action} disabled={disabled || !ready} size="small">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1, minWidth: 0 }}
      >
        <Typography
          id="document-viewer-title"
          variant="h6"
          component="h2"
          noWrap
          sx={{ flex: 1, minWidth: 0 }}
        >
          {document.name}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack
        direction="row"
        role="toolbar"
        aria-label="Document tools"
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 0.5, px: 1.5, pb: 1 }}
      >
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          {tool(
            'Zoom out',
            <ZoomOutIcon />,
            () => setZoom(zoomOut(shownZoom)),
            shownZoom <= ZOOM_STEPS[0],
          )}
          <Typography
            aria-live="polite"
            aria-label="Zoom"
            variant="body2"
            sx={{ minWidth: 48, textAlign: 'center' }}
          >
            {Math.round(shownZoom * 100)}%
          </Typography>
          {tool(
            'Zoom in',
            <ZoomInIcon />,
            () => setZoom(zoomIn(shownZoom)),
            shownZoom >= ZOOM_STEPS[9],
          )}
        </Stack>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          {tool('Rotate left', <RotateLeftIcon />, () => setRotation((r) => rotate(r, 'left')))}
          {tool('Rotate right', <RotateRightIcon />, () => setRotation((r) => rotate(r, 'right')))}
        </Stack>
        <Divider
          orientation="vertical"
          flexItem
          sx={{ mx: 0.5, display: { xs: 'none', sm: 'block' } }}
        />
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          {tool('Previous page', <NavigateBeforeIcon />, () => setPage((p) => p - 1), page <= 1)}
          <Typography aria-live="polite" variant="body2" sx={{ minWidth: 84, textAlign: 'center' }}>
            {pageCount ? `Page ${page} of ${pageCount}` : ''}
          </Typography>
          {tool('Next page', <NavigateNextIcon />, () => setPage((p) => p + 1), page >= pageCount)}
        </Stack>
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          {tool(
            'Download',
            <DownloadIcon />,
            () => file.data && downloadBlob(file.data, document.name),
          )}
          {tool(
            'Print',
            printing ? <CircularProgress size={20} /> : <PrintIcon />,
            print,
            printing,
          )}
        </Stack>
      </Stack>
      <Box
        ref={area}
        data-testid="document-viewer-area"
        // A document is left out of session recordings: a blank box of its size (decision 181).
        data-replay-block
        sx={{
          display: 'flex',
          overflow: 'auto',
          bgcolor: 'grey.200',
          p: 2,
          height: fullScreen ? '100%' : '75vh',
          minHeight: 240,
        }}
      >
        {problem ? (
          <Alert severity="error" sx={{ m: 'auto' }}>
            {problem}
          </Alert>
        ) : !file.data ? (
          <CircularProgress aria-label="Loading document" sx={{ m: 'auto' }} />
        ) : (
          <Suspense fallback={<CircularProgress aria-label="Loading viewer" sx={{ m: 'auto' }} />}>
            <Box
              sx={{
                display: 'flex',
                m: 'auto',
                visibility: zoom === null ? 'hidden' : 'visible',
                '& .react-pdf__Page': { boxShadow: 2 },
              }}
            >
              {content}
            </Box>
          </Suspense>
        )}
      </Box>
    </>
  );
}
