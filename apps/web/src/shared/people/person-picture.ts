/** A person's initials, as their avatar shows them when they have no picture. */
export const personInitials = (firstName: string, lastName: string) =>
  `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

/** Where the portal serves a person's picture (a document). */
export const personPictureUrl = (fileId: string) =>
  `/api/v1/documents/${encodeURIComponent(fileId)}`;
