import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ApInvoiceSummary } from '@portal/contract';
import { ACCOUNTING_VIEWS, AccountingView, INVOICE_MESSAGES } from '@portal/domain';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import {
  ListLayout,
  useDebouncedSearch,
  useFilterDraft,
  useListUrlState,
  type ListView,
} from '../../../shared/list-layout';
import { useCurrentUser } from '../../../shared/session';
import { accountingCountOptions, accountingCsvHref, useAccountingList } from '../api/find-invoices';
import { AccountingFilterPanel } from './filter-panel';
import { AccountingInvoiceCard } from './invoice-card';
import {
  DEFAULT_ACCOUNTING_FILTERS,
  DEFAULT_ACCOUNTING_VIEW,
  accountingFilters,
  viewCountFilters,
  type AccountingFilterValues,
} from './list-filters';

/** /accounting and /invoices: the four views with counts, filters, search, 50 invoices a page. */
export function AccountingListPage() {
  const user = useCurrentUser();
  const list = useListUrlState<AccountingFilterValues>({
    // The operator's work is In Progress: invoices to approve and to pay (decision 110).
    defaultView:
      user.companyKind === 'operator' ? AccountingView.InProgress : DEFAULT_ACCOUNTING_VIEW,
    defaultFilters: DEFAULT_ACCOUNTING_FILTERS,
  });
  const [searchText, setSearchText] = useDebouncedSearch(list.search, list.setSearch);
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(list);

  const filters = useMemo(
    () => accountingFilters(list.view, list.search, list.filters),
    [list.view, list.search, list.filters],
  );
  // A status filter that contradicts the view matches nothing, and asks for nothing.
  const invoices = useAccountingList(filters ?? {}, filters !== null);
  const counts = useQueries({
    queries: ACCOUNTING_VIEWS.map((view) => accountingCountOptions(viewCountFilters(view.id))),
  });
  const views: ListView[] = ACCOUNTING_VIEWS.map((view, index) => ({
    value: view.id,
    label: view.label,
    count: counts[index]?.data,
  }));
  const items: ApInvoiceSummary[] =
    filters === null ? [] : (invoices.data?.pages.flatMap((page) => page.data) ?? []);

  return (
    <Box sx={{ height: '100%' }}>
      <ListLayout<ApInvoiceSummary>
        views={views}
        view={list.view}
        onViewChange={list.setView}
        filters={<AccountingFilterPanel values={draft} onChange={setDraft} />}
        onApplyFilters={applyDraft}
        onResetFilters={resetDraft}
        search={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Search by invoice or shipment number"
        toolbar={
          filters && (
            <Button
              href={accountingCsvHref(filters)}
              download
              startIcon={<DownloadIcon />}
              size="small"
            >
              CSV
            </Button>
          )
        }
        items={items}
        getKey={(invoice) => invoice.id}
        renderItem={(invoice) => <AccountingInvoiceCard invoice={invoice} />}
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
