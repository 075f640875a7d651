import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** "Route Not Found": a page of its own at /not-found, or the content of the shell's main area. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  return (
    <Box component={inShell ? 'section' : 'main'} sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Route Not Found
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        An error has occurred
      </Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 2 }}>
        Return to Home Page
      </Button>
    </Box>
  );
}
