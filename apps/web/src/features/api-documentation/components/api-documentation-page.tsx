import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { AdminTabs } from '../../../shared/ui/admin-tabs';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import {
  useOpenApiDocument,
  type OpenApiDocument,
  type OpenApiOperation,
} from '../api/openapi-document';

const METHOD_COLORS: Record<string, 'success' | 'primary' | 'warning' | 'error' | 'secondary'> = {
  get: 'success',
  post: 'primary',
  put: 'warning',
  patch: 'secondary',
  delete: 'error',
};

interface Entry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

function byTag(document: OpenApiDocument, filter: string): [string, Entry[]][] {
  const wanted = filter.trim().toLowerCase();
  const groups = new Map<string, Entry[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!(method in METHOD_COLORS)) continue;
      const text = `${method} ${path} ${operation.summary ?? ''}`.toLowerCase();
      if (wanted && !text.includes(wanted)) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * /admin/api-documentation: the OpenAPI document the server generates from its route schemas,
 * grouped by tag and searchable; administrators only, on wide screens (spec section 2).
 */
export function ApiDocumentationPage() {
  const isMobile = useIsMobile();
  const document = useOpenApiDocument();
  const [filter, setFilter] = useState('');
  const groups = useMemo(
    () => (document.data ? byTag(document.data, filter) : []),
    [document.data, filter],
  );
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1200, mx: 'auto' }}>
      <AdminTabs />
      {isMobile ? (
        <Alert severity="info">The API documentation is shown on wide screens only.</Alert>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="h5" component="h2">
                {document.data?.info.title ?? 'API Documentation'}
              </Typography>
              {document.data ? (
                <Typography variant="body2" color="text.secondary">
                  OpenAPI {document.data.openapi} · version {document.data.info.version} ·{' '}
                  {document.data.info.description}
                </Typography>
              ) : null}
            </Box>
            <Button
              component="a"
              href="/api/docs"
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNew />}
            >
              Try it out
            </Button>
          </Stack>
          <TextField
            type="search"
            size="small"
            fullWidth
            label="Filter operations"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            sx={{ mb: 2 }}
          />
          {document.isPending ? <Skeleton variant="rounded" height={400} /> : null}
          {document.isError ? (
            <Alert severity="error">The API documentation could not be loaded.</Alert>
          ) : null}
          {groups.map(([tag, entries]) => (
            <Box key={tag} component="section" aria-label={tag} sx={{ mb: 3 }}>
              <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                {tag}
              </Typography>
              {entries.map((entry) => (
                <Operation key={`${entry.method} ${entry.path}`} entry={entry} />
              ))}
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}

function Operation({ entry }: { entry: Entry }) {
  const { method, path, operation } = entry;
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Chip
            size="small"
            label={method.toUpperCase()}
            color={METHOD_COLORS[method]}
            sx={{ minWidth: 64, fontWeight: 700 }}
          />
          <Typography sx={{ fontFamily: 'monospace' }}>{path}</Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {operation.summary}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        {operation.description ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {operation.description}
          </Typography>
        ) : null}
        {operation.parameters?.length ? (
          <Box sx={{ mb: 1 }}>
            <Typography variant="subtitle2">Parameters</Typography>
            {operation.parameters.map((parameter) => (
              <Typography key={`${parameter.in}-${parameter.name}`} variant="body2">
                <Box component="code">{parameter.name}</Box> ({parameter.in}
                {parameter.schema?.type ? `, ${parameter.schema.type}` : ''}
                {parameter.required ? ', required' : ''})
              </Typography>
            ))}
          </Box>
        ) : null}
        {operation.requestBody ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            Takes a JSON body.
          </Typography>
        ) : null}
        <Typography variant="subtitle2">Answers</Typography>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          {Object.entries(operation.responses ?? {}).map(([status, response]) => (
            <Chip
              key={status}
              size="small"
              variant="outlined"
              label={`${status}${response.description && response.description !== 'Default Response' ? ` ${response.description}` : ''}`}
            />
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
