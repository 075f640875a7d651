import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Contact } from '@portal/contract';
import { Link, useLocation } from 'react-router';
import { PersonAvatar } from '../../../shared/people';

/** How a contact stands with the portal: no access, invited (activation e-mail sent), active. */
export function PortalChip({ contact }: { contact: Contact }) {
  if (!contact.isPortalEnabled) return <Chip size="small" label="No portal access" />;
  return contact.isActivated ? (
    <Chip size="small" color="success" label="Portal active" />
  ) : (
    <Chip size="small" color="warning" label="Invitation sent" />
  );
}

export function ContactCard({ contact }: { contact: Contact }) {
  const { search } = useLocation();
  const name = `${contact.firstName} ${contact.lastName}`;
  const email = contact.emailAddresses.find((row) => row.isPrimary) ?? contact.emailAddresses[0];
  const phone = contact.phoneNumbers.find((row) => row.isPrimary) ?? contact.phoneNumbers[0];
  return (
    <Card variant="outlined" component="article" aria-label={name}>
      <CardActionArea
        component={Link}
        to={{ pathname: `/contacts/${contact.id}/preview`, search }}
        sx={{ p: 2 }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <PersonAvatar
            firstName={contact.firstName}
            lastName={contact.lastName}
            fileId={contact.fileId}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
            >
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
              <PortalChip contact={contact} />
            </Stack>
            {contact.functionTitle ? (
              <Typography variant="body2" color="text.secondary">
                {contact.functionTitle}
              </Typography>
            ) : null}
            <Typography variant="body2" noWrap>
              {[email?.value, phone?.value].filter(Boolean).join(' · ') || 'No e-mail or phone'}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
              {contact.roles.map((role) => (
                <Chip key={role} size="small" variant="outlined" label={role} />
              ))}
            </Stack>
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
