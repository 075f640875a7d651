import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Contact } from '@portal/contract';
import { ACCESS, hasAccess, hasRole, PEOPLE_MESSAGES, Role } from '@portal/domain';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../../shared/notifications';
import { PersonAvatar } from '../../../shared/people';
import { useCurrentUser } from '../../../shared/session';
import {
  useContact,
  useCreateDriverLink,
  useDeleteContact,
  useResendActivation,
} from '../api/contacts-api';
import { PortalChip } from './contact-card';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** /contacts/{contactId}/preview: the contact over the list, with what an administrator may do. */
export function ContactPreviewDrawer() {
  const { contactId = '' } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const contact = useContact(contactId);
  const close = () => void navigate({ pathname: '/contacts', search });
  const name = contact.data ? `${contact.data.firstName} ${contact.data.lastName}` : 'Contact';
  return (
    <Drawer
      anchor="right"
      open
      onClose={close}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 520 } },
          role: 'dialog',
          'aria-labelledby': 'contact-preview-title',
        },
      }}
    >
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id="contact-preview-title" variant="h6" component="h2" sx={{ flex: 1 }} noWrap>
          {name}
        </Typography>
        <IconButton onClick={close} aria-label="Close contact">
          <Close />
        </IconButton>
      </Stack>
      <Box sx={{ p: 2 }}>
        {contact.isPending ? <Skeleton variant="rounded" height={240} /> : null}
        {contact.isError ? <Alert severity="error">This contact could not be found.</Alert> : null}
        {contact.data ? <ContactDetails contact={contact.data} onDeleted={close} /> : null}
      </Box>
    </Drawer>
  );
}

function ContactDetails({ contact, onDeleted }: { contact: Contact; onDeleted(): void }) {
  const user = useCurrentUser();
  const isAdmin = hasAccess(user, ACCESS.companyAdmin);
  const canSendDriverLink = hasAccess(user, ACCESS.carrierPortal) && hasRole(contact, Role.Driver);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteContact();
  const resend = useResendActivation();
  const driverLink = useCreateDriverLink();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <PersonAvatar
          firstName={contact.firstName}
          lastName={contact.lastName}
          fileId={contact.fileId}
          size={64}
        />
        <Box sx={{ minWidth: 0 }}>
          {contact.functionTitle ? <Typography>{contact.functionTitle}</Typography> : null}
          <Typography variant="body2" color="text.secondary">
            {contact.companyName}
          </Typography>
          <Box sx={{ mt: 0.5 }}>
            <PortalChip contact={contact} />
          </Box>
        </Box>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gap: 1.5, m: 0 }}>
        <Detail label="Roles">
          {contact.roles.length ? (
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ flexWrap: 'wrap', rowGap: 0.5 }}
              component="span"
            >
              {contact.roles.map((role) => (
                <Chip key={role} size="small" variant="outlined" label={role} component="span" />
              ))}
            </Stack>
          ) : (
            'None'
          )}
        </Detail>
        <Detail label="Permissions">{contact.permissions.join(', ') || 'None'}</Detail>
        <Detail label="E-mail addresses">
          {contact.emailAddresses
            .map((email) => `${email.value}${email.isPrimary ? ' (primary)' : ''}`)
            .join(', ') || 'None'}
        </Detail>
        <Detail label="Phone numbers">
          {contact.phoneNumbers
            .map(
              (phone) =>
                `${phone.value}${phone.extension ? ` x${phone.extension}` : ''} (${phone.type})`,
            )
            .join(', ') || 'None'}
        </Detail>
        <Detail label="Locations">
          {contact.locations
            .map((location) => `${location.name} (${location.city}, ${location.state})`)
            .join('; ') || 'None'}
        </Detail>
        <Detail label="LinkedIn">{contact.linkedInProfileUrl ?? 'None'}</Detail>
      </Box>
      {canSendDriverLink ? (
        <Stack spacing={1}>
          <Button
            variant="outlined"
            onClick={() => driverLink.mutate(contact.id)}
            disabled={driverLink.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            Create Driver Link
          </Button>
          {driverLink.data ? (
            <TextField
              label="Driver link (shown once; send it to the driver)"
              value={driverLink.data.url}
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
              fullWidth
            />
          ) : null}
        </Stack>
      ) : null}
      {isAdmin ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button component={RouterLink} to={`/contacts/${contact.id}/edit`} variant="contained">
            Edit
          </Button>
          {contact.isPortalEnabled && !contact.isActivated ? (
            <Button
              variant="outlined"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(contact.id, {
                  onSuccess: () => toast.success(PEOPLE_MESSAGES.activationSent),
                })
              }
            >
              Resend Activation E-mail
            </Button>
          ) : null}
          {contact.id !== user.id ? (
            <Button color="error" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        aria-labelledby="delete-contact-title"
      >
        <DialogTitle id="delete-contact-title">
          Delete {contact.firstName} {contact.lastName}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            They can no longer sign in. Notes and documents they wrote keep their name.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(contact.id, {
                onSuccess: () => {
                  toast.success(PEOPLE_MESSAGES.contactDeleted);
                  setConfirmDelete(false);
                  onDeleted();
                },
              })
            }
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
