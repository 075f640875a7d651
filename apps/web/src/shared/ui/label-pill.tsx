import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A small rounded label drawn as MUI's small filled Chip is (24 px high, 13 px text), without the
 * Chip's code for deleting, clicking and avatars. The signed-in frame's counts and badges use it, so
 * every page's first load stays within its budget (decision 268); screens use MUI's Chip.
 */
export function LabelPill({
  label,
  color = 'default',
  sx,
  ...rest
}: {
  label: string;
  color?: 'default' | 'primary';
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}) {
  return (
    <Box
      component="span"
      {...rest}
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          height: 24,
          px: 1,
          borderRadius: 12,
          fontSize: (theme) => theme.typography.pxToRem(13),
          lineHeight: 1,
          whiteSpace: 'nowrap',
          ...(color === 'primary'
            ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
            : { bgcolor: 'action.selected', color: 'text.primary' }),
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {label}
    </Box>
  );
}
