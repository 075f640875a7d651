import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GENERAL_MESSAGES } from '@portal/domain';

/** What a route guard shows someone it refuses. */
export function NotAuthorized() {
  return (
    <Box role="alert" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', color: 'text.secondary' }}>
      <LockOutlined sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ color: 'text.primary' }}>
        {GENERAL_MESSAGES.notAuthorized}
      </Typography>
    </Box>
  );
}
