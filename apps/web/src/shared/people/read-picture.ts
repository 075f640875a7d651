import { PEOPLE_MESSAGES, PICTURE_MAX_BYTES } from '@portal/domain';

export class UnusablePictureError extends Error {
  override name = 'UnusablePictureError';
}

/**
 * A chosen picture in base64 for the JSON upload: PNG or JPEG of at most 2 MB, checked here so
 * the person hears at once (the server checks the content again).
 */
export async function readPicture(file: File): Promise<{ name: string; data: string }> {
  if (!['image/png', 'image/jpeg'].includes(file.type))
    throw new UnusablePictureError(PEOPLE_MESSAGES.pictureNotImage);
  if (file.size > PICTURE_MAX_BYTES)
    throw new UnusablePictureError(PEOPLE_MESSAGES.pictureTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: spreading a whole picture into one call overflows the argument limit.
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return { name: file.name, data: btoa(binary) };
}
