import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CurrentUser } from '@portal/contract';
import { PROFILE_MESSAGES } from '@portal/domain';
import { useRef } from 'react';
import { toast } from '../../../shared/notifications';
import { PersonAvatar, readPicture, UnusablePictureError } from '../../../shared/people';
import { useRemoveProfilePicture, useSaveProfilePicture } from '../api/profile-api';

/** The person's picture with Upload Picture and Remove Picture, and the spec's toasts. */
export function ProfilePicturePanel({ user }: { user: CurrentUser }) {
  const input = useRef<HTMLInputElement>(null);
  const save = useSaveProfilePicture();
  const remove = useRemoveProfilePicture();
  const busy = save.isPending || remove.isPending;

  const onChosen = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    try {
      await save.mutateAsync(await readPicture(file));
      toast.success(PROFILE_MESSAGES.pictureSaved);
    } catch (error) {
      // A server refusal is told by the central error handler.
      if (error instanceof UnusablePictureError) toast.error(error.message);
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <PersonAvatar
        firstName={user.firstName}
        lastName={user.lastName}
        fileId={user.fileId}
        size={96}
      />
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        aria-label="Profile picture file"
        onChange={(event) => void onChosen(event.target.files?.[0])}
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" disabled={busy} onClick={() => input.current?.click()}>
          Upload Picture
        </Button>
        {user.fileId ? (
          <Button
            size="small"
            color="error"
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success(PROFILE_MESSAGES.pictureRemoved),
              })
            }
          >
            Remove Picture
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
