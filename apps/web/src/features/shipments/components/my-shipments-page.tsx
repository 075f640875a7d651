import type { ShipmentListItem } from '@portal/contract';
import { SHIPMENT_STATUS_DISPLAY_NAMES } from '@portal/domain';
import type { ListView } from '../../../shared/list-layout';
import { useMyShipments } from '../api/shipment-lists';
import {
  ALL_VIEW,
  LIST_STATUSES,
  ShipmentListFrame,
  StatusFilters,
  parseStatuses,
  useShipmentListControls,
} from './shipment-list-page';

/**
 * /my-shipments: the loads the user drives. The search narrows the loaded loads by number
 * (a driver has a handful at a time; decision 058).
 */
export function MyShipmentsPage() {
  const controls = useShipmentListControls();
  const { state, draft, setDraft } = controls;
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
    <ShipmentListFrame
      title="My Shipments"
      views={views}
      controls={controls}
      filters={<StatusFilters draft={draft} onChange={setDraft} showListOrder={false} />}
      items={items}
      query={mine}
    />
  );
}
