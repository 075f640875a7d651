import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** The parts of the OpenAPI 3.1 document the page shows. */
export interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string } }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The server's own document (/api/docs/json), generated from the route schemas. */
export const openApiDocumentOptions = () =>
  queryOptions({
    queryKey: ['api-documentation'] as const,
    queryFn: ({ signal }) => apiRequest<OpenApiDocument>('/api/docs/json', { signal }),
    staleTime: Infinity,
  });

export const useOpenApiDocument = () => useQuery(openApiDocumentOptions());
