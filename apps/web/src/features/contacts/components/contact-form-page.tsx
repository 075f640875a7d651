import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Contact } from '@portal/contract';
import {
  normalizeRoleName,
  PEOPLE_MESSAGES,
  Permission,
  ROLES,
  type Permission as PermissionName,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { toast } from '../../../shared/notifications';
import {
  ContactDetailsFields,
  contactDetailsBody,
  contactDetailsFrom,
  type ContactDetailsValues,
} from '../../../shared/people';
import { useCurrentUser } from '../../../shared/session';
import { contactLocationChoicesOptions, useContact, useSaveContact } from '../api/contacts-api';

interface ContactValues extends ContactDetailsValues {
  firstName: string;
  lastName: string;
  functionTitle: string;
  linkedInProfileUrl: string;
  roles: string[];
  permissions: string[];
  isPortalEnabled: boolean;
  locations: string[];
}

/** What an administrator of each kind of company may hand out (the server checks the same). */
const PERMISSIONS_BY_KIND: Record<string, readonly PermissionName[]> = {
  carrier: [Permission.CarrierPortal, Permission.DriverPortal, Permission.CarrierBillingSettings],
  factoring: [Permission.FactoringCompanyPortal],
  operator: [Permission.Admin],
  customer: [],
};

/** /contacts/create. */
export function ContactCreatePage() {
  return <ContactForm contact={null} />;
}

/** /contacts/{contactId}/edit. */
export function ContactEditPage() {
  const { contactId = '' } = useParams();
  const contact = useContact(contactId);
  if (contact.isPending)
    return (
      <Box sx={{ p: 3, maxWidth: 800, mx: 'auto' }}>
        <Skeleton variant="rounded" height={480} />
      </Box>
    );
  if (contact.isError)
    return (
      <Box sx={{ p: 3, maxWidth: 800, mx: 'auto' }}>
        <Alert severity="error">This contact could not be found.</Alert>
      </Box>
    );
  return <ContactForm contact={contact.data} />;
}

function ContactForm({ contact }: { contact: Contact | null }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const save = useSaveContact();
  const locations = useQuery(contactLocationChoicesOptions());
  const grantable = PERMISSIONS_BY_KIND[user.companyKind] ?? [];
  const { register, control, watch, setValue, handleSubmit, formState } = useForm<ContactValues>({
    defaultValues: {
      firstName: contact?.firstName ?? '',
      lastName: contact?.lastName ?? '',
      functionTitle: contact?.functionTitle ?? '',
      linkedInProfileUrl: contact?.linkedInProfileUrl ?? '',
      roles: contact?.roles.map(normalizeRoleName) ?? [],
      permissions: contact?.permissions ?? [],
      isPortalEnabled: contact?.isPortalEnabled ?? false,
      locations: contact?.locations.map((location) => location.id) ?? [],
      ...(contact
        ? contactDetailsFrom(contact)
        : {
            emailAddresses: [{ value: '', isPrimary: true }],
            phoneNumbers: [],
          }),
    },
  });
  const [roles, permissions, portal, chosenLocations] = watch([
    'roles',
    'permissions',
    'isPortalEnabled',
    'locations',
  ]);
  const toggle = (field: 'roles' | 'permissions', value: string, on: boolean) => {
    const current = field === 'roles' ? roles : permissions;
    setValue(field, on ? [...current, value] : current.filter((held) => held !== value), {
      shouldDirty: true,
      shouldValidate: field === 'permissions',
    });
  };

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      functionTitle: values.functionTitle.trim() || null,
      linkedInProfileUrl: values.linkedInProfileUrl.trim() || null,
      roles: values.roles.map(normalizeRoleName),
      permissions: values.permissions,
      isPortalEnabled: values.isPortalEnabled,
      locations: values.locations,
      ...contactDetailsBody(values),
    };
    const saved = await save.mutateAsync({
      id: contact?.id ?? null,
      body: contact
        ? { ...body, id: contact.id, companyId: contact.companyId, version: contact.version }
        : body,
    });
    toast.success(contact ? PEOPLE_MESSAGES.contactUpdated : PEOPLE_MESSAGES.contactCreated);
    navigate(`/contacts/${saved.id}/preview`);
  });

  const title = contact ? `Edit ${contact.firstName} ${contact.lastName}` : 'Add Contact';
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 800, mx: 'auto' }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label={title}
        onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Typography variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="First name"
              required
              fullWidth
              {...register('firstName', {
                validate: (value) => value.trim() !== '' || 'Enter a first name',
              })}
              error={Boolean(formState.errors.firstName)}
              helperText={formState.errors.firstName?.message}
            />
            <TextField
              label="Last name"
              required
              fullWidth
              {...register('lastName', {
                validate: (value) => value.trim() !== '' || 'Enter a last name',
              })}
              error={Boolean(formState.errors.lastName)}
              helperText={formState.errors.lastName?.message}
            />
          </Stack>
          <TextField label="Title" fullWidth {...register('functionTitle')} />
          <TextField
            label="LinkedIn profile"
            fullWidth
            {...register('linkedInProfileUrl', {
              validate: (value) =>
                value.trim() === '' ||
                /linkedin\.com\//i.test(value) ||
                'Enter a LinkedIn profile address',
            })}
            error={Boolean(formState.errors.linkedInProfileUrl)}
            helperText={formState.errors.linkedInProfileUrl?.message}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">Roles</FormLabel>
            <FormGroup row>
              {ROLES.map((role) => (
                <FormControlLabel
                  key={role}
                  label={role}
                  control={
                    <Checkbox
                      checked={roles.includes(role)}
                      onChange={(event) => toggle('roles', role, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
          <FormControlLabel
            label="Portal access (an activation e-mail is sent to the primary address)"
            control={
              <Switch
                checked={portal}
                onChange={(event) =>
                  setValue('isPortalEnabled', event.target.checked, {
                    shouldDirty: true,
                    shouldValidate: true,
                  })
                }
              />
            }
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">Permissions</FormLabel>
            <FormGroup row>
              {grantable.map((permission) => (
                <FormControlLabel
                  key={permission}
                  label={permission}
                  control={
                    <Checkbox
                      checked={permissions.includes(permission)}
                      onChange={(event) => toggle('permissions', permission, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
            <input
              type="hidden"
              {...register('permissions', {
                validate: (value) =>
                  !watch('isPortalEnabled') ||
                  value.length > 0 ||
                  'A contact with portal access needs a permission',
              })}
            />
            {formState.errors.permissions ? (
              <FormHelperText error>{formState.errors.permissions.message}</FormHelperText>
            ) : null}
          </Box>
          <Autocomplete
            multiple
            options={locations.data ?? []}
            loading={locations.isPending}
            getOptionLabel={(option) => `${option.name} (${option.city}, ${option.state})`}
            value={(locations.data ?? []).filter((option) => chosenLocations.includes(option.id))}
            onChange={(_, chosen) =>
              setValue(
                'locations',
                chosen.map((option) => option.id),
                { shouldDirty: true },
              )
            }
            renderInput={(params) => <TextField {...params} label="Locations" />}
          />
          <ContactDetailsFields
            control={control}
            register={register}
            watch={watch}
            setValue={setValue}
            errors={formState.errors}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              component={RouterLink}
              to={contact ? `/contacts/${contact.id}/preview` : '/contacts'}
            >
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              Save
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
