import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIST_PAGE_SIZE } from '@portal/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value';
import { useCompanyLocations } from '../api/locations-api';

const SEARCH_DEBOUNCE_MS = 300;

/** /locations: the company's locations, 50 a page, searched by number, name or city. */
export function LocationListPage() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const locations = useCompanyLocations(q, page);
  const pages = Math.ceil((locations.data?.totalCount ?? 0) / LIST_PAGE_SIZE);

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Locations
        </Typography>
        <TextField
          size="small"
          label="Search locations"
          placeholder="Number, name or city"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
        <Button variant="contained" component={RouterLink} to="/locations/create">
          Add Location
        </Button>
      </Stack>
      {locations.isPending ? (
        <Stack spacing={1} aria-label="Loading locations">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={64} />
          ))}
        </Stack>
      ) : locations.isError ? (
        <Alert severity="error">The locations could not be loaded.</Alert>
      ) : locations.data.data.length === 0 ? (
        <Alert severity="info">No Locations Found</Alert>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Locations" disablePadding>
            {locations.data.data.map((location) => (
              <ListItemButton
                key={location.id}
                component={RouterLink}
                to={`/locations/${location.locationNumber}`}
                divider
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>
                        #{location.locationNumber} {location.name}
                      </span>
                      {location.isPrimaryLocation ? (
                        <Chip size="small" color="primary" label="Primary" />
                      ) : null}
                    </Stack>
                  }
                  secondary={`${location.addressLine1}, ${location.city}, ${location.province} ${location.postalCode}, ${location.country} · ${location.locationType}`}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {pages > 1 ? (
        <Pagination
          sx={{ mt: 2 }}
          count={pages}
          page={page}
          onChange={(_, next) => setPage(next)}
        />
      ) : null}
    </Box>
  );
}
