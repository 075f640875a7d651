import AttachFileIcon from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CaseCreated } from '@portal/contract';
import {
  CASE_DESCRIPTION_MAX_LENGTH,
  CASE_MAX_AMOUNT_REQUESTED_CENTS,
  CASE_MESSAGES,
  CASE_TYPE_DISPLAY_NAMES,
  CREATABLE_CASE_TYPES,
  UPLOAD_ACCEPT,
  type CaseType,
} from '@portal/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../notifications';
import { useFileAccessorialRequest } from './api';

const MAX_DOLLARS = CASE_MAX_AMOUNT_REQUESTED_CENTS / 100;

interface FormValues {
  caseType: CaseType | '';
  shipmentNumber: string;
  amountRequested: string;
  description: string;
}

export interface CreateCaseDialogProps {
  open: boolean;
  onClose(): void;
  /** Raised from a shipment: its number is fixed. From the list, the carrier types it. */
  shipment?: { id: string; shipmentNumber: string } | undefined;
  onCreated?(created: CaseCreated): void;
}

/**
 * New Accessorial Request: type, amount requested, description and evidence files. On success it
 * says "Case created!" and closes; evidence the store refuses is named in an error toast.
 */
export function CreateCaseDialog({ open, onClose, shipment, onCreated }: CreateCaseDialogProps) {
  const fileRequest = useFileAccessorialRequest();
  const [files, setFiles] = useState<File[]>([]);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const { register, control, handleSubmit, reset, formState } = useForm<FormValues>({
    defaultValues: { caseType: '', shipmentNumber: '', amountRequested: '', description: '' },
  });

  const close = () => {
    reset();
    setFiles([]);
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    const filed = await fileRequest.mutateAsync({
      body: {
        shipmentId: shipment?.id ?? values.shipmentNumber.trim(),
        caseType: values.caseType as CaseType,
        amountRequested: Math.round(Number(values.amountRequested) * 100) / 100,
        description: values.description.trim(),
      },
      files,
      idempotencyKey,
    });
    toast.success(CASE_MESSAGES.created);
    if (filed.failedFiles.length > 0)
      toast.error(
        `Case ${filed.created.caseNumber} was filed, but these files were not uploaded: ${filed.failedFiles.join(', ')}`,
      );
    onCreated?.(filed.created);
    close();
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="new-case-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="new-case-title">New Accessorial Request</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            {shipment ? (
              <Typography variant="body2" color="text.secondary">
                Shipment {shipment.shipmentNumber}
              </Typography>
            ) : (
              <TextField
                label="Shipment Number"
                required
                {...register('shipmentNumber', {
                  required: 'Enter the shipment number',
                  pattern: { value: /^\d{1,15}$/, message: 'A shipment number is digits only' },
                })}
                error={Boolean(formState.errors.shipmentNumber)}
                helperText={formState.errors.shipmentNumber?.message}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            )}
            <Controller
              name="caseType"
              control={control}
              rules={{ required: 'Choose the type of request' }}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Type"
                  required
                  {...field}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {CREATABLE_CASE_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {CASE_TYPE_DISPLAY_NAMES[type]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label="Amount Requested"
              required
              type="number"
              {...register('amountRequested', {
                required: 'Enter the amount requested',
                validate: (value) => {
                  const amount = Number(value);
                  if (!Number.isFinite(amount) || amount <= 0) return 'The amount must be above $0';
                  if (amount > MAX_DOLLARS)
                    return `The amount must be at most $${MAX_DOLLARS.toLocaleString('en-US')}`;
                  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6)
                    return 'Dollars and cents only';
                  return true;
                },
              })}
              error={Boolean(formState.errors.amountRequested)}
              helperText={formState.errors.amountRequested?.message}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { min: 0.01, max: MAX_DOLLARS, step: 0.01 },
              }}
            />
            <TextField
              label="Description"
              required
              multiline
              minRows={3}
              {...register('description', {
                required: 'Describe what happened',
                validate: (value) => value.trim() !== '' || 'Describe what happened',
                maxLength: {
                  value: CASE_DESCRIPTION_MAX_LENGTH,
                  message: `At most ${CASE_DESCRIPTION_MAX_LENGTH} characters`,
                },
              })}
              error={Boolean(formState.errors.description)}
              helperText={formState.errors.description?.message}
            />
            <Stack sx={{ gap: 1 }}>
              <Button
                component="label"
                variant="outlined"
                startIcon={<AttachFileIcon />}
                sx={{ alignSelf: 'flex-start' }}
              >
                Add Evidence
                <input
                  hidden
                  type="file"
                  multiple
                  accept={UPLOAD_ACCEPT}
                  aria-label="Evidence documents"
                  onChange={(event) => {
                    const chosen = Array.from(event.target.files ?? []);
                    setFiles((current) => [...current, ...chosen]);
                    event.target.value = '';
                  }}
                />
              </Button>
              {files.length > 0 && (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {files.map((file, index) => (
                    <Chip
                      key={`${file.name}-${index}`}
                      label={file.name}
                      onDelete={() =>
                        setFiles((current) => current.filter((_, at) => at !== index))
                      }
                    />
                  ))}
                </Stack>
              )}
              <Typography variant="caption" color="text.secondary">
                Receipts, signed in and out times, photos: PDF, PNG, JPEG or TIFF.
              </Typography>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Create Request
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
