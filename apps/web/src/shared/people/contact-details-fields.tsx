import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  isValidEmailAddress,
  isValidPhoneNumber,
  PEOPLE_MESSAGES,
  PHONE_TYPES,
} from '@portal/domain';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  type UseFormWatch,
} from 'react-hook-form';

export interface EmailRow {
  value: string;
  isPrimary: boolean;
}
export interface PhoneRow {
  value: string;
  extension: string;
  type: (typeof PHONE_TYPES)[number];
  isPrimary: boolean;
}

/** The part of a person's form these fields fill in. */
export interface ContactDetailsValues {
  emailAddresses: EmailRow[];
  phoneNumbers: PhoneRow[];
}

interface Props<T extends ContactDetailsValues> {
  control: Control<T>;
  register: UseFormRegister<T>;
  watch: UseFormWatch<T>;
  setValue: UseFormSetValue<T>;
  errors: FieldErrors<T>;
}

/** E-mail addresses and phone numbers of a person, one primary of each, checked as typed. */
export function ContactDetailsFields<T extends ContactDetailsValues>(props: Props<T>) {
  // The generic form narrows to the fields this component owns.
  const { control, register, watch, setValue, errors } =
    props as unknown as Props<ContactDetailsValues>;
  const emails = useFieldArray({ control, name: 'emailAddresses' });
  const phones = useFieldArray({ control, name: 'phoneNumbers' });
  const emailRows = watch('emailAddresses');
  const phoneRows = watch('phoneNumbers');
  const makePrimary = (list: 'emailAddresses' | 'phoneNumbers', index: number) => {
    const rows = list === 'emailAddresses' ? emailRows : phoneRows;
    rows.forEach((_, row) =>
      setValue(`${list}.${row}.isPrimary`, row === index, { shouldDirty: true }),
    );
  };
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3">
        E-mail addresses
      </Typography>
      {emails.fields.map((field, index) => (
        <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Tooltip title="Primary">
            <Radio
              checked={emailRows[index]?.isPrimary ?? false}
              onChange={() => makePrimary('emailAddresses', index)}
              slotProps={{ input: { 'aria-label': `E-mail ${index + 1} is primary` } }}
            />
          </Tooltip>
          <TextField
            label={`E-mail ${index + 1}`}
            type="email"
            fullWidth
            {...register(`emailAddresses.${index}.value`, {
              validate: (value: string) =>
                isValidEmailAddress(value) || PEOPLE_MESSAGES.invalidEmail,
            })}
            error={Boolean(errors.emailAddresses?.[index]?.value)}
            helperText={errors.emailAddresses?.[index]?.value?.message}
          />
          <IconButton
            aria-label={`Remove e-mail ${index + 1}`}
            onClick={() => emails.remove(index)}
          >
            <DeleteOutline />
          </IconButton>
        </Stack>
      ))}
      <Button
        startIcon={<AddOutlined />}
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => emails.append({ value: '', isPrimary: emails.fields.length === 0 })}
      >
        Add E-mail
      </Button>
      <Typography variant="subtitle1" component="h3">
        Phone numbers
      </Typography>
      {phones.fields.map((field, index) => (
        <Stack
          key={field.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'flex-start' }}>
            <Tooltip title="Primary">
              <Radio
                checked={phoneRows[index]?.isPrimary ?? false}
                onChange={() => makePrimary('phoneNumbers', index)}
                slotProps={{ input: { 'aria-label': `Phone ${index + 1} is primary` } }}
              />
            </Tooltip>
            <TextField
              label={`Phone ${index + 1}`}
              type="tel"
              fullWidth
              {...register(`phoneNumbers.${index}.value`, {
                validate: (value: string) =>
                  isValidPhoneNumber(value) || PEOPLE_MESSAGES.invalidPhone,
              })}
              error={Boolean(errors.phoneNumbers?.[index]?.value)}
              helperText={errors.phoneNumbers?.[index]?.value?.message}
            />
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start', pl: { xs: 6, sm: 0 } }}
          >
            <TextField
              label="Ext."
              sx={{ width: 90 }}
              {...register(`phoneNumbers.${index}.extension`, {
                pattern: { value: /^\d{0,10}$/, message: 'Digits only' },
              })}
              error={Boolean(errors.phoneNumbers?.[index]?.extension)}
            />
            <TextField
              select
              label="Type"
              sx={{ width: 120 }}
              value={phoneRows[index]?.type ?? 'Office'}
              onChange={(event) =>
                setValue(`phoneNumbers.${index}.type`, event.target.value as PhoneRow['type'], {
                  shouldDirty: true,
                })
              }
            >
              {PHONE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
            <IconButton
              aria-label={`Remove phone ${index + 1}`}
              onClick={() => phones.remove(index)}
            >
              <DeleteOutline />
            </IconButton>
          </Stack>
        </Stack>
      ))}
      <Button
        startIcon={<AddOutlined />}
        sx={{ alignSelf: 'flex-start' }}
        onClick={() =>
          phones.append({
            value: '',
            extension: '',
            type: 'Mobile',
            isPrimary: phones.fields.length === 0,
          })
        }
      >
        Add Phone
      </Button>
    </Stack>
  );
}

/** Form rows from the contract's e-mail and phone lists. */
export function contactDetailsFrom(person: {
  emailAddresses: readonly { value: string; isPrimary: boolean }[];
  phoneNumbers: readonly {
    value: string;
    extension: string | null;
    type: string;
    isPrimary: boolean;
  }[];
}): ContactDetailsValues {
  return {
    emailAddresses: person.emailAddresses.map((email) => ({
      value: email.value,
      isPrimary: email.isPrimary,
    })),
    phoneNumbers: person.phoneNumbers.map((phone) => ({
      value: phone.value,
      extension: phone.extension ?? '',
      type: (PHONE_TYPES as readonly string[]).includes(phone.type)
        ? (phone.type as PhoneRow['type'])
        : 'Office',
      isPrimary: phone.isPrimary,
    })),
  };
}

/** The contract's e-mail and phone inputs from the form rows. */
export function contactDetailsBody(values: ContactDetailsValues) {
  return {
    emailAddresses: values.emailAddresses.map((email) => ({
      value: email.value.trim(),
      isPrimary: email.isPrimary,
    })),
    phoneNumbers: values.phoneNumbers.map((phone) => ({
      value: phone.value.trim(),
      extension: phone.extension.trim() || null,
      type: phone.type,
      isPrimary: phone.isPrimary,
    })),
  };
}
