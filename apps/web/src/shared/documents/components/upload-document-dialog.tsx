import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DocumentUploadResult } from '@portal/contract';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_DISPLAY_NAMES,
  UPLOAD_ACCEPT,
  UPLOAD_KINDS,
  UploadKind,
  uploadValidationMessage,
} from '@portal/domain';
import { useSnackbar } from '../../notifications';
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { ApiError } from '../../api/client';
import { useUploadDocument } from '../api/documents-api';
import { prepareUploadFile, UnusableFileError } from '../api/prepare-upload-file';

/** A delivery stop a proof of delivery can be filed against. */
export interface Dropoff {
  stopId: string;
  stopNumber: number;
  /** How the stop is named in the list, e.g. "Stop 2 - Dallas, TX". */
  label: string;
}

/** The references the kinds need: a shipment, an AP invoice, a third-party invoice, a case. */
export interface UploadReferences {
  shipmentId?: string | null | undefined;
  apInvoiceId?: string | null | undefined;
  thirdPartyInvoiceId?: string | null | undefined;
  caseId?: string | null | undefined;
}

export interface UploadDocumentDialogProps {
  open: boolean;
  onClose(): void;
  /** The file types offered, in this order. */
  kinds: readonly UploadKind[];
  /** Stops to choose from when the type is proof of delivery. */
  dropoffs?: readonly Dropoff[];
  references: UploadReferences;
  /** Sent with case uploads (case number, case type...). */
  additionalData?: Record<string, string>;
  /** Opened from a missing required document: its type and stop are chosen already. */
  initialKind?: UploadKind | undefined;
  initialStopId?: string | undefined;
  onUploaded?(result: DocumentUploadResult): void;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Choose a file type, then a stop for proof of delivery, then a file (picker, drop or paste). */
export function UploadDocumentDialog(props: UploadDocumentDialogProps) {
  // A fresh form every time the dialog opens: closing clears it.
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="upload-document-title"
    >
      {props.open && <UploadForm {...props} />}
    </Dialog>
  );
}

function UploadForm({
  onClose,
  kinds,
  dropoffs = [],
  references,
  additionalData,
  initialKind,
  initialStopId,
  onUploaded,
}: UploadDocumentDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [kind, setKind] = useState<UploadKind | ''>(initialKind ?? '');
  const [stopId, setStopId] = useState(initialStopId ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState(0);
  const picker = useRef<HTMLInputElement>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const upload = useUploadDocument(setProgress);
  const typeFieldId = useId();

  const take = async (candidate: File | undefined | null, origin: 'picker' | 'drop' | 'paste') => {
    if (!candidate) return;
    try {
      setFile(await prepareUploadFile(candidate, origin));
      // Another file is another upload; a retry of the same one keeps its key.
      idempotencyKey.current = crypto.randomUUID();
      setMessage(null);
    } catch (error) {
      setFile(null);
      setMessage(
        error instanceof UnusableFileError ? error.message : DOCUMENT_MESSAGES.unknownError,
      );
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0], 'drop');
  };
  const onPaste = (event: ClipboardEvent) => {
    const pasted =
      event.clipboardData.files[0] ??
      Array.from(event.clipboardData.items)
        .find((item) => item.kind === 'file')
        ?.getAsFile();
    if (!pasted) return;
    event.preventDefault();
    void take(pasted, 'paste');
  };

  const submit = async () => {
    const orderStopId = kind === UploadKind.proofOfDelivery ? stopId : undefined;
    const problem = uploadValidationMessage({
      hasFile: file !== null,
      kind: kind || undefined,
      orderStopId,
      shipmentId: references.shipmentId,
      apInvoiceId: references.apInvoiceId,
      thirdPartyInvoiceId: references.thirdPartyInvoiceId,
    });
    if (problem || !file || !kind) {
      setMessage(problem ?? null);
      return;
    }
    setMessage(null);
    const rule = UPLOAD_KINDS[kind];
    try {
      const result = await upload.mutateAsync({
        file,
        type: rule.documentType,
        orderStopId,
        shipmentId:
          rule.referenceField === 'shipmentId' ? (references.shipmentId ?? undefined) : undefined,
        apInvoiceId:
          rule.referenceField === 'apInvoiceId' ? (references.apInvoiceId ?? undefined) : undefined,
        thirdPartyInvoiceId:
          rule.referenceField === 'thirdPartyInvoiceId'
            ? (references.thirdPartyInvoiceId ?? undefined)
            : undefined,
        caseId: references.caseId ?? undefined,
        additionalData,
        idempotencyKey: idempotencyKey.current,
      });
      enqueueSnackbar(DOCUMENT_MESSAGES.uploaded, { variant: 'success' });
      onUploaded?.(result);
      onClose();
    } catch (error) {
      setProgress(0);
      const text =
        error instanceof ApiError &&
        error.status !== undefined &&
        (error.problem?.detail ?? error.problem?.title)
          ? (error.problem?.detail ?? error.problem?.title)!
          : DOCUMENT_MESSAGES.unknownError;
      enqueueSnackbar(text, { variant: 'error' });
    }
  };

  const busy = upload.isPending;
  return (
    <Box onPaste={onPaste}>
      <DialogTitle id="upload-document-title">Upload Document</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            id={typeFieldId}
            label="File type"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as UploadKind);
              idempotencyKey.current = crypto.randomUUID();
              setMessage(null);
            }}
            disabled={busy}
            fullWidth
          >
            {kinds.map((option) => (
              <MenuItem key={option} value={option}>
                {DOCUMENT_TYPE_DISPLAY_NAMES[UPLOAD_KINDS[option].documentType]}
              </MenuItem>
            ))}
          </TextField>
          {kind === UploadKind.proofOfDelivery && (
            <TextField
              select
              label="Stop"
              value={stopId}
              onChange={(event) => {
                setStopId(event.target.value);
                idempotencyKey.current = crypto.randomUUID();
                setMessage(null);
              }}
              disabled={busy}
              fullWidth
            >
              {dropoffs.map((stop) => (
                <MenuItem key={stop.stopId} value={stop.stopId}>
                  {stop.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Box
            data-testid="upload-drop-zone"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              bgcolor: dragging ? 'action.hover' : 'transparent',
              borderRadius: 2,
              p: 3,
              textAlign: 'center',
            }}
          >
            {file ? (
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'center' }}
              >
                <InsertDriveFileOutlinedIcon color="action" />
                <Typography sx={{ wordBreak: 'break-all' }}>
                  {file.name} ({formatSize(file.size)})
                </Typography>
                <IconButton
                  aria-label="Remove file"
                  size="small"
                  onClick={() => setFile(null)}
                  disabled={busy}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Stack>
            ) : (
              <Stack spacing={1} sx={{ alignItems: 'center' }}>
                <CloudUploadOutlinedIcon color="action" fontSize="large" />
                <Typography color="text.secondary">
                  Drag and drop a file here or paste it (PDF, PNG, JPEG or TIFF)
                </Typography>
                <Button variant="outlined" onClick={() => picker.current?.click()} disabled={busy}>
                  Choose file
                </Button>
              </Stack>
            )}
            <input
              ref={picker}
              type="file"
              hidden
              accept={UPLOAD_ACCEPT}
              aria-label="File"
              onChange={(event) => {
                void take(event.target.files?.[0], 'picker');
                event.target.value = '';
              }}
            />
          </Box>
          {message && (
            <Alert severity="error" role="alert">
              {message}
            </Alert>
          )}
          {busy && (
            <Box>
              <LinearProgress
                variant="determinate"
                value={Math.round(progress * 100)}
                aria-label="Upload progress"
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Uploading… {Math.round(progress * 100)}%
              </Typography>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          Upload
        </Button>
      </DialogActions>
    </Box>
  );
}
