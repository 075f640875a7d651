import Box from '@mui/material/Box';
import { failureToast } from '@portal/domain';
import { ApiError } from '../api/client';

/** The spec's invoice-update failure: title, detail or "Request not successful", then the errors. */
export function InvoiceFailureToast({ error }: { error: unknown }) {
  const { message, details } = failureToast(error instanceof ApiError ? error.problem : undefined);
  if (details.length === 0) return <>{message}</>;
  return (
    <Box>
      {message}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </Box>
    </Box>
  );
}
