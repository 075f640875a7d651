import type { ShipmentListItem } from '@portal/contract';
import { SHIPMENT_STATUS_DISPLAY_NAMES } from '@portal/domain';
import { useEffect, useState } from 'react';
import { ListLayout, useListUrlState, type ListView } from '../../../shared/list-layout';
import { useMyShipments } from '../api/shipment-lists';
import { ShipmentCard } from './shipment-card';
import {
  ALL_VIEW,
  DEFAULT_FILTERS,
  LIST_STATUSES,
  PageToggle,
  StatusFilters,
  parseStatuses,
  useDebouncedSearch,
} from './shipment-list-page';
import { ShipmentMap } from './shipment-map';

/**
 * /my-shipments: the loads the user drives. The search narrows the loaded loads by number
 * (a driver has a handful at a time; decision 058).
 */
export function MyShipmentsPage() {
  const state = useListUrlState({ defaultView: ALL_VIEW, defaultFilters: DEFAULT_FILTERS });
  const [draft, setDraft] = useState(state.filters);
  const appliedKey = JSON.stringify(state.filters);
  // The filter controls start again from what is applied whenever the URL changes it.
  useEffect(() => setDraft(JSON.parse(appliedKey) as typeof DEFAULT_FILTERS), [appliedKey]);
  const [searchText, setSearchText] = useDebouncedSearch(state.search, state.setSearch);
  const statuses =
    state.view === ALL_VIEW ? parseStatuses(state.filters.statuses) : parseStatuses(state.view);
  const mine = useMyShipments(statuses);
  const loaded: ShipmentListItem[] = mine.data?.pages.flatMap((page) => page.data) ?? [];
  const items = state.search
    ? loaded.filter((shipment) => shipment.shipmentNumber.startsWith(state.search))
    : loaded;
  const views: ListView[] = [
    { value: ALL_VIEW, label: 'All My Shipments' },
    ...LIST_STATUSES.map((status) => ({
      value: String(status),
      label: SHIPMENT_STATUS_DISPLAY_NAMES[status],
    })),
  ];

  return (
    <ListLayout
      title="My Shipments"
      views={views}
      view={state.view}
      onViewChange={state.setView}
      filters={<StatusFilters draft={draft} onChange={setDraft} showListOrder={false} />}
      onApplyFilters={() => state.applyFilters(draft)}
      onResetFilters={() => {
        setDraft(DEFAULT_FILTERS);
        state.resetFilters();
      }}
      search={searchText}
      onSearchChange={setSearchText}
      searchPlaceholder="Search by shipment #"
      toolbar={
        <PageToggle
          page={state.filters.page}
          onChange={(page) => state.applyFilters({ ...state.filters, page })}
        />
      }
      items={items}
      getKey={(shipment) => shipment.id}
      renderItem={(shipment) => <ShipmentCard shipment={shipment} />}
      isLoading={mine.isPending}
      hasNextPage={mine.hasNextPage}
      isFetchingNextPage={mine.isFetchingNextPage}
      fetchNextPage={() => void mine.fetchNextPage()}
      emptyText="No Matching Shipments Found"
    >
      {state.filters.page === 'map' ? <ShipmentMap shipments={items} /> : undefined}
    </ListLayout>
  );
}
