import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A record opened over its list: full width on a phone, most of the screen on a desk, with a
 * header that stays in view (the record's context line, its title, a status badge and Close).
 */
export function DetailDrawer({
  titleId,
  title,
  context,
  badge,
  closeLabel,
  maxWidth,
  onClose,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** A line above the title, e.g. the lane; keeps its height while loading. */
  context?: ReactNode;
  badge?: ReactNode;
  closeLabel: string;
  maxWidth: number;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          sx: {
            width: { xs: '100%', md: `min(${maxWidth}px, calc(100% - 120px))` },
            bgcolor: 'grey.50',
          },
          role: 'dialog',
          'aria-labelledby': titleId,
        },
      }}
    >
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 1.5, sm: 3 },
          py: 1.5,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          position: 'sticky',
          top: 0,
          zIndex: 1,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {context !== undefined && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {context || ' '}
            </Typography>
          )}
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={titleId} variant="h6" component="h1">
              {title}
            </Typography>
            {badge}
          </Stack>
        </Box>
        <IconButton onClick={onClose} aria-label={closeLabel}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ p: { xs: 1.5, sm: 3 } }}>{children}</Box>
    </Drawer>
  );
}

/** A query's answer, its placeholders while it loads, or its error. */
export function QueryContent<T>({
  query,
  placeholderHeights,
  children,
}: {
  query: UseQueryResult<T, Error>;
  placeholderHeights: readonly number[];
  children(data: T): ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack sx={{ gap: 2 }}>
        {placeholderHeights.map((height, index) => (
          <Skeleton key={index} variant="rounded" height={height} />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  return children(query.data);
}
