import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DocumentItem } from '@portal/contract';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TILE_SIZE_PX,
  uploadKindForDocumentType,
  type DocumentType,
  type UploadKind,
} from '@portal/domain';
import { useSnackbar } from '../../notifications';
import { useState } from 'react';
import { useDeleteDocument, useDocuments } from '../api/documents-api';
import type { DocumentSource } from '../api/document-source';
import { DocumentThumbnail } from './document-thumbnail';
import { DocumentViewer } from './document-viewer';
import {
  UploadDocumentDialog,
  type Dropoff,
  type UploadReferences,
} from './upload-document-dialog';

export interface DocumentTilesProps {
  /** Whose documents: a shipment, a third-party invoice, a case... */
  source: DocumentSource;
  /** The section heading (default "Documents"). */
  title?: string;
  /** The file types the Upload Document dialog offers; none hides the button. */
  uploadKinds: readonly UploadKind[];
  /** Delivery stops, for proof of delivery. */
  dropoffs?: readonly Dropoff[];
  /** The ids uploads are filed against. */
  references: UploadReferences;
  /** Sent with every upload (case uploads). */
  additionalData?: Record<string, string>;
  /** Shown when there is nothing at all (the invoice detail says "No documents found for invoice"). */
  emptyText?: string;
  /** No uploads and no deletes (a settled invoice). */
  readOnly?: boolean;
  /** After an upload: the host reads again what depends on the paper (an invoice's pay status). */
  onUploaded?(): void;
}

const TILE = DOCUMENT_TILE_SIZE_PX;

/**
 * A grid of 125 px document tiles with thumbnails, missing required documents as their own tiles,
 * refresh and Upload Document; a tile opens the viewer, its bin deletes it.
 */
export function DocumentTiles({
  source,
  title = 'Documents',
  uploadKinds,
  dropoffs,
  references,
  additionalData,
  emptyText = 'No documents found',
  readOnly = false,
  onUploaded,
}: DocumentTilesProps) {
  const { enqueueSnackbar } = useSnackbar();
  const documents = useDocuments(source);
  const remove = useDeleteDocument();
  const [viewing, setViewing] = useState<DocumentItem | null>(null);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const [uploading, setUploading] = useState<{ kind?: UploadKind; stopId?: string } | null>(null);
  const canUpload = !readOnly && uploadKinds.length > 0;

  const confirmDelete = async () => {
    const document = deleting;
    setDeleting(null);
    if (!document) return;
    try {
      const deleted = await remove.mutateAsync(document);
      if (deleted) enqueueSnackbar(DOCUMENT_MESSAGES.deleted, { variant: 'success' });
    } catch {
      enqueueSnackbar(DOCUMENT_MESSAGES.deleteFailed, { variant: 'error' });
    }
  };

  const missingKind = (document: DocumentItem) => {
    const kind = uploadKindForDocumentType(document.type as DocumentType);
    return canUpload && kind && uploadKinds.includes(kind) ? kind : undefined;
  };

  return (
    <Box component="section" aria-labelledby="document-tiles-title">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id="document-tiles-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Tooltip title="Refresh">
          <span>
            <IconButton
              aria-label="Refresh documents"
              onClick={() => void documents.refetch()}
              disabled={documents.isFetching}
            >
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
        {canUpload && (
          <Button
            variant="contained"
            startIcon={<UploadFileOutlinedIcon />}
            onClick={() => setUploading({})}
          >
            Upload Document
          </Button>
        )}
      </Stack>

      {documents.isPending ? (
        <Grid>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} variant="rounded" width={TILE} height={TILE + 48} />
          ))}
        </Grid>
      ) : documents.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void documents.refetch()}>
              Retry
            </Button>
          }
        >
          {documents.error.message || DOCUMENT_MESSAGES.unknownError}
        </Alert>
      ) : documents.data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {emptyText}
        </Typography>
      ) : (
        <Grid>
          {documents.data.data.map((document, index) =>
            document.id ? (
              <StoredTile
                key={document.id}
                document={document}
                onOpen={() => setViewing(document)}
                onDelete={!readOnly && document.canDelete ? () => setDeleting(document) : undefined}
              />
            ) : (
              <MissingTile
                key={`missing-${index}-${document.type}-${document.orderStopId ?? ''}`}
                document={document}
                onUpload={
                  missingKind(document)
                    ? () =>
                        setUploading({
                          kind: missingKind(document)!,
                          stopId: document.orderStopId ?? undefined,
                        })
                    : undefined
                }
              />
            ),
          )}
        </Grid>
      )}

      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
      <UploadDocumentDialog
        open={uploading !== null}
        onClose={() => setUploading(null)}
        kinds={uploadKinds}
        dropoffs={dropoffs}
        references={references}
        additionalData={additionalData}
        initialKind={uploading?.kind}
        initialStopId={uploading?.stopId}
        onUploaded={() => onUploaded?.()}
      />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} maxWidth="xs" fullWidth>
        <DialogTitle>Delete document?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting?.name} will be removed for everyone who can see it.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function Grid({ children }: { children: React.ReactNode }) {
  return (
    <Box
      role="list"
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, ${TILE}px)`,
        gap: 2,
        justifyContent: { xs: 'center', sm: 'start' },
      }}
    >
      {children}
    </Box>
  );
}

function StoredTile({
  document,
  onOpen,
  onDelete,
}: {
  document: DocumentItem;
  onOpen(): void;
  onDelete: (() => void) | undefined;
}) {
  return (
    <Paper
      role="listitem"
      variant="outlined"
      sx={{ width: TILE, position: 'relative', overflow: 'hidden' }}
    >
      <ButtonBase
        onClick={onOpen}
        aria-label={`Open ${document.name}`}
        sx={{ display: 'block', width: '100%', textAlign: 'left' }}
      >
        <Box sx={{ bgcolor: 'grey.100', borderBottom: 1, borderColor: 'divider' }}>
          <DocumentThumbnail
            id={document.id!}
            extension={document.extension}
            fileURL={document.fileURL}
            size={TILE - 2}
          />
        </Box>
        <Box sx={{ p: 1 }}>
          <Typography
            variant="body2"
            title={document.name}
            sx={{
              fontWeight: 500,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-word',
              lineHeight: 1.3,
            }}
          >
            {document.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {document.typeName}
            {document.required ? ' · Required' : ''}
          </Typography>
        </Box>
      </ButtonBase>
      {onDelete && (
        <IconButton
          aria-label={`Delete ${document.name}`}
          onClick={onDelete}
          size="small"
          sx={{
            position: 'absolute',
            top: 4,
            right: 4,
            bgcolor: 'background.paper',
            boxShadow: 1,
            '&:hover': { bgcolor: 'background.paper' },
          }}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      )}
    </Paper>
  );
}

function MissingTile({
  document,
  onUpload,
}: {
  document: DocumentItem;
  onUpload: (() => void) | undefined;
}) {
  const body = (
    <Stack spacing={0.5} sx={{ alignItems: 'center', textAlign: 'center', p: 1, width: '100%' }}>
      <UploadFileOutlinedIcon color="warning" sx={{ fontSize: 40 }} />
      <Typography variant="caption" sx={{ fontWeight: 700, color: 'warning.dark' }}>
        Missing
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, lineHeight: 1.25 }}>
        {document.typeName}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ lineHeight: 1.2, wordBreak: 'break-word' }}
      >
        {document.name}
      </Typography>
    </Stack>
  );
  return (
    <Box
      role="listitem"
      sx={{
        width: TILE,
        minHeight: TILE + 48,
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'warning.light',
        borderRadius: 1,
        display: 'flex',
        bgcolor: 'rgba(237, 108, 2, 0.04)',
      }}
    >
      {onUpload ? (
        <ButtonBase
          onClick={onUpload}
          aria-label={`Upload missing ${document.typeName}: ${document.name}`}
          sx={{ width: '100%', borderRadius: 1 }}
        >
          {body}
        </ButtonBase>
      ) : (
        body
      )}
    </Box>
  );
}
