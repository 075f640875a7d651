import type {
  Contact,
  ContactLocationChoices,
  ContactPage,
  ContactResponse,
  CreateContactBody,
  CreatedDriverLink,
  MessageResponse,
  UpdateContactBody,
} from '@portal/contract';
import { LIST_PAGE_SIZE } from '@portal/domain';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export interface ContactFilters {
  roles: string[];
  fuzzyMatch?: string;
}

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (filters: ContactFilters) => [...contactKeys.lists(), filters] as const,
  count: (roles: string[]) => [...contactKeys.all, 'count', roles] as const,
  detail: (id: string) => [...contactKeys.all, 'detail', id] as const,
};

function findContacts(
  filters: ContactFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  return apiRequest<ContactPage>('/api/v1/contacts', {
    query: { roles: filters.roles, fuzzyMatch: filters.fuzzyMatch, page, pageSize },
    signal,
  });
}

/** Pages of 50 (data-operations section 9); a new filter starts again at page 1. */
export function contactListOptions(filters: ContactFilters) {
  return infiniteQueryOptions({
    queryKey: contactKeys.list(filters),
    queryFn: ({ pageParam, signal }) => findContacts(filters, pageParam, LIST_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.totalCount && last.data.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export const useContactList = (filters: ContactFilters) =>
  useInfiniteQuery(contactListOptions(filters));

export const contactCountOptions = (roles: string[]) =>
  queryOptions({
    queryKey: contactKeys.count(roles),
    queryFn: async ({ signal }) => (await findContacts({ roles }, 1, 1, signal)).totalCount,
  });

export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<ContactResponse>(`/api/v1/contacts/${encodeURIComponent(id)}`, { signal }))
        .data,
  });

export const useContact = (id: string) => useQuery(contactQueryOptions(id));

function useInvalidateContacts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: contactKeys.all });
}

export function useSaveContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: string | null;
      body: CreateContactBody | UpdateContactBody;
    }): Promise<Contact> =>
      (
        await apiRequest<ContactResponse>(
          id ? `/api/v1/contacts/${encodeURIComponent(id)}` : '/api/v1/contacts',
          { method: id ? 'PUT' : 'POST', body },
        )
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`/api/v1/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useResendActivation() {
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest<MessageResponse>(`/api/v1/contacts/${encodeURIComponent(id)}/activation`, {
          method: 'POST',
        })
      ).data,
  });
}

/** A driver link for a driver contact (driver app mode); the link is shown once. */
export function useCreateDriverLink() {
  return useMutation({
    mutationFn: async (driverId: string) =>
      (
        await apiRequest<CreatedDriverLink>(
          `/api/v1/drivers/${encodeURIComponent(driverId)}/links`,
          { method: 'POST', body: {} },
        )
      ).data,
  });
}

export const contactLocationChoicesOptions = () =>
  queryOptions({
    queryKey: [...contactKeys.all, 'location-choices'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<ContactLocationChoices>('/api/v1/contact_locations', { signal })).data,
    staleTime: 5 * 60_000,
  });
