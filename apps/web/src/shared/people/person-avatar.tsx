import Avatar from '@mui/material/Avatar';

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
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return (
    <Avatar
      alt={`${firstName} ${lastName}`}
      src={fileId ? `/api/v1/documents/${encodeURIComponent(fileId)}` : undefined}
      sx={{ width: size, height: size, bgcolor: 'primary.dark', fontSize: size * 0.4 }}
    >
      {initials}
    </Avatar>
  );
}
