import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { ACCESS, hasAccess, normalizeRoleName, PROFILE_MESSAGES, ROLES } from '@portal/domain';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from '../../../shared/notifications';
import {
  ContactDetailsFields,
  contactDetailsBody,
  contactDetailsFrom,
  type ContactDetailsValues,
} from '../../../shared/people';
import { useCurrentUser } from '../../../shared/session';
import { useUpdateProfile } from '../api/profile-api';

interface ProfileValues extends ContactDetailsValues {
  firstName: string;
  lastName: string;
  functionTitle: string;
  linkedInProfileUrl: string;
  roles: string[];
}

/**
 * /profile/edit: the person's own contact. Role names are normalised before sending (Bill-to is
 * BillTo, spec section 5); only administrators choose roles.
 */
export function ProfileEditPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const isAdmin = hasAccess(user, { roles: ACCESS.companyAdmin.roles });
  const { register, control, watch, setValue, handleSubmit, formState } = useForm<ProfileValues>({
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      functionTitle: user.functionTitle ?? '',
      linkedInProfileUrl: user.linkedInProfileUrl ?? '',
      roles: user.roles.map(normalizeRoleName),
      ...contactDetailsFrom(user),
    },
  });
  const roles = watch('roles');

  const onSubmit = handleSubmit(async (values) => {
    await update.mutateAsync({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      functionTitle: values.functionTitle.trim() || null,
      linkedInProfileUrl: values.linkedInProfileUrl.trim() || null,
      roles: values.roles.map(normalizeRoleName),
      ...contactDetailsBody(values),
    });
    toast.success(PROFILE_MESSAGES.updated);
    navigate('/profile');
  });

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 800, mx: 'auto' }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Typography variant="h5" component="h2" gutterBottom>
          Edit Profile
        </Typography>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="First name"
              fullWidth
              {...register('firstName', {
                validate: (value) => value.trim() !== '' || 'Enter a first name',
              })}
              error={Boolean(formState.errors.firstName)}
              helperText={formState.errors.firstName?.message}
            />
            <TextField
              label="Last name"
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
            placeholder="https://www.linkedin.com/in/..."
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
          {isAdmin ? (
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
                        onChange={(event) =>
                          setValue(
                            'roles',
                            event.target.checked
                              ? [...roles, role]
                              : roles.filter((held) => held !== role),
                            { shouldDirty: true },
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            </Box>
          ) : null}
          <ContactDetailsFields
            control={control}
            register={register}
            watch={watch}
            setValue={setValue}
            errors={formState.errors}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/profile">
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
