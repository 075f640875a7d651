import Avatar from '@mui/material/Avatar';
import { personInitials, personPictureUrl } from './person-picture';

/** A person's picture (a document the portal serves), or their initials when they have none. */
export function PersonAvatar({
  firstName,
  lastName,
  fileId,
  size = 40,
}: {
  firstName: string;
  lastName: string;
  fileId: string | null;
  size?: number;
}) {
  return (
    <Avatar
      alt={`${firstName} ${lastName}`}
      src={fileId ? personPictureUrl(fileId) : undefined}
      sx={{ width: size, height: size, bgcolor: 'primary.dark', fontSize: size * 0.4 }}
    >
      {personInitials(firstName, lastName)}
    </Avatar>
  );
}
