import Popover from '@mui/material/Popover';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** What a top-bar button hands its popover: whether it is open, and where. */
export interface TopBarPopupProps {
  open: boolean;
  anchorEl: HTMLElement | null;
  onClose(): void;
}

/** A top-bar popover (the changelog, the notifications): below its button, right-aligned. */
export function TopBarPopover({
  paperSx,
  children,
  ...popup
}: TopBarPopupProps & { paperSx: SxProps<Theme>; children: ReactNode }) {
  return (
    <Popover
      {...popup}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: paperSx } }}
    >
      {children}
    </Popover>
  );
}
