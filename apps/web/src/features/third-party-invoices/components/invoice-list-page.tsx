import Box from '@mui/material/Box';
import type { ThirdPartyInvoiceCard } from '@portal/contract';
import { INVOICE_MESSAGES, THIRD_PARTY_INVOICE_VIEWS } from '@portal/domain';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import {
  ListLayout,
  useFilterDraft,
  useListUrlState,
  type ListView,
} from '../../../shared/list-layout';
import { invoiceCountOptions, useInvoiceList } from '../api/find-invoices';
import { InvoiceCard } from './invoice-card';
import { InvoiceFilterPanel } from './invoice-filter-panel';
import {
  DEFAULT_INVOICE_FILTERS,
  DEFAULT_INVOICE_VIEW,
  findFilters,
  viewCountFilters,
  type InvoiceFilterValues,
} from './invoice-list-filters';

// The search is written to the address (and asked for) this long after the last key.
const SEARCH_DEBOUNCE_MS = 500;

/** /third-party-payer-invoices: views with count badges, filters, search and the cards. */
export function InvoiceListPage() {
  const list = useListUrlState<InvoiceFilterValues>({
    defaultView: DEFAULT_INVOICE_VIEW,
    defaultFilters: DEFAULT_INVOICE_FILTERS,
  });
  const [searchText, setSearchText] = useState(list.search);
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(list);
  const { setSearch } = list;

  useEffect(() => {
    if (searchText === list.search) return;
    const timer = setTimeout(() => setSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, list.search, setSearch]);

  const filters = useMemo(
    () => findFilters(list.view, list.search, list.filters),
    [list.view, list.search, list.filters],
  );
  const invoices = useInvoiceList(filters ?? { isAuditable: true }, filters !== null);

  const counts = useQueries({
    queries: THIRD_PARTY_INVOICE_VIEWS.map((view) =>
      invoiceCountOptions(viewCountFilters(view.id, list.filters), view.countPageSize),
    ),
  });
  const views: ListView[] = THIRD_PARTY_INVOICE_VIEWS.map((view, index) => ({
    value: view.id,
    label: view.label,
    count: counts[index]?.data,
  }));

  const items: ThirdPartyInvoiceCard[] =
    filters === null ? [] : (invoices.data?.pages.flatMap((page) => page.data) ?? []);

  return (
    <Box sx={{ height: '100%' }}>
      <ListLayout<ThirdPartyInvoiceCard>
        views={views}
        view={list.view}
        onViewChange={list.setView}
        filters={<InvoiceFilterPanel values={draft} onChange={setDraft} />}
        onApplyFilters={applyDraft}
        onResetFilters={resetDraft}
        search={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Search by invoice, shipment or customer"
        items={items}
        getKey={(invoice) => invoice.invoiceId}
        renderItem={(invoice) => <InvoiceCard invoice={invoice} />}
        isLoading={filters !== null && invoices.isPending}
        hasNextPage={filters !== null && invoices.hasNextPage}
        isFetchingNextPage={invoices.isFetchingNextPage}
        fetchNextPage={() => void invoices.fetchNextPage()}
        emptyText={INVOICE_MESSAGES.noMatchingInvoices}
        endText={INVOICE_MESSAGES.endOfList}
      />
      <Outlet />
    </Box>
  );
}
