import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode, type Ref } from 'react';

export interface OutlinedFieldProps extends Omit<
  OutlinedInputProps,
  'label' | 'inputRef' | 'ref' | 'error' | 'fullWidth'
> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  /** The input element (react-hook-form's `register` hands its ref here). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled outlined text field, as MUI's TextField draws it (label, notched outline, helper text
 * tied to the input by aria-describedby), without TextField's select mode: TextField imports MUI's
 * Select, and through it Menu, Popover, Modal and List, about 20 KB gzip that the sign-in screens
 * would load and evaluate for a mode they never use (decision 249).
 */
export function OutlinedField({
  label,
  helperText,
  error = false,
  fullWidth = false,
  id,
  ref,
  ...input
}: OutlinedFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={inputId} id={`${inputId}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        inputRef={ref}
        aria-describedby={helperId}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
