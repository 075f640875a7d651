import AddIcon from '@mui/icons-material/Add';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OrderFilterFields, OrderListItem } from '@portal/contract';
import {
  EQUIPMENT_CATEGORY_DISPLAY_NAMES,
  LOAD_TYPE_DISPLAY_NAMES,
  OrderStatus,
  type EquipmentCategory,
  type LoadType,
} from '@portal/domain';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  ListLayout,
  useDebouncedSearch,
  useFilterDraft,
  useListUrlState,
} from '../../../shared/list-layout';
import { toast } from '../../../shared/notifications';
import {
  useOrderFilterSets,
  useOrderList,
  useOrderStatusCounts,
  useSaveOrderFilterSet,
} from '../api/find-orders';
import { OrderCard } from './order-card';

interface OrderFilterValues extends Record<string, string> {
  shippingMode: string;
  equipmentMode: string;
  pickupFrom: string;
  pickupTo: string;
}

const DEFAULT_FILTERS: OrderFilterValues = {
  shippingMode: '',
  equipmentMode: '',
  pickupFrom: '',
  pickupTo: '',
};

const STATUS_VIEWS = [
  { value: 'open', label: 'Open', status: OrderStatus.Open },
  { value: 'inProgress', label: 'In Progress', status: OrderStatus.InProgress },
  { value: 'completed', label: 'Completed', status: OrderStatus.Completed },
  { value: 'cancelled', label: 'Cancelled', status: OrderStatus.Cancelled },
  { value: 'all', label: 'All', status: null },
] as const;

const SAVED_PREFIX = 'saved-';

function filterFieldsFrom(values: OrderFilterValues): OrderFilterFields {
  return {
    ...(values.shippingMode !== '' ? { shippingMode: Number(values.shippingMode) } : {}),
    ...(values.equipmentMode !== '' ? { equipmentMode: Number(values.equipmentMode) } : {}),
    ...(values.pickupFrom ? { pickupFrom: values.pickupFrom } : {}),
    ...(values.pickupTo ? { pickupTo: values.pickupTo } : {}),
  };
}

/** /orders: the broker's orders by status (with counts) or saved view, filtered and searched. */
export function OrderListPage() {
  const list = useListUrlState<OrderFilterValues>({
    defaultView: 'open',
    defaultFilters: DEFAULT_FILTERS,
  });
  const [searchText, setSearchText] = useDebouncedSearch(list.search, list.setSearch);
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(list);
  const [naming, setNaming] = useState(false);

  const savedSets = useOrderFilterSets().data?.data ?? [];
  const counts = useOrderStatusCounts().data?.data;
  const statusView = STATUS_VIEWS.find((view) => view.value === list.view);
  const savedView = savedSets.find((set) => `${SAVED_PREFIX}${set.id}` === list.view);

  const filters = useMemo<OrderFilterFields>(() => {
    const base = savedView ? savedView.filterFields : {};
    const status = statusView?.status;
    return {
      ...base,
      ...(status ? { statuses: [status] } : {}),
      ...filterFieldsFrom(list.filters),
      ...(list.search.trim() ? { query: list.search.trim() } : {}),
    };
  }, [savedView, statusView, list.filters, list.search]);
  const orders = useOrderList(filters);
  const items: OrderListItem[] = orders.data?.pages.flatMap((page) => page.data) ?? [];

  const views = [
    ...STATUS_VIEWS.map((view) => ({
      value: view.value,
      label: view.label,
      count: counts?.[view.value],
    })),
    ...savedSets.map((set) => ({ value: `${SAVED_PREFIX}${set.id}`, label: set.viewName })),
  ];

  return (
    <Box sx={{ height: '100%' }}>
      <ListLayout<OrderListItem>
        views={views}
        view={list.view}
        onViewChange={list.setView}
        filters={
          <Stack spacing={2}>
            <TextField
              select
              size="small"
              label="Shipping mode"
              value={draft.shippingMode}
              onChange={(event) => setDraft({ ...draft, shippingMode: event.target.value })}
            >
              <MenuItem value="">Any</MenuItem>
              {[0, 1, 2, 3].map((mode) => (
                <MenuItem key={mode} value={String(mode)}>
                  {LOAD_TYPE_DISPLAY_NAMES[mode as LoadType]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Equipment mode"
              value={draft.equipmentMode}
              onChange={(event) => setDraft({ ...draft, equipmentMode: event.target.value })}
            >
              <MenuItem value="">Any</MenuItem>
              {[0, 1, 2, 3, 4, 5].map((mode) => (
                <MenuItem key={mode} value={String(mode)}>
                  {EQUIPMENT_CATEGORY_DISPLAY_NAMES[mode as EquipmentCategory]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="date"
              label="Pickup from"
              slotProps={{ inputLabel: { shrink: true } }}
              value={draft.pickupFrom}
              onChange={(event) => setDraft({ ...draft, pickupFrom: event.target.value })}
            />
            <TextField
              size="small"
              type="date"
              label="Pickup to"
              slotProps={{ inputLabel: { shrink: true } }}
              value={draft.pickupTo}
              onChange={(event) => setDraft({ ...draft, pickupTo: event.target.value })}
            />
          </Stack>
        }
        onApplyFilters={applyDraft}
        onResetFilters={resetDraft}
        search={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Search by order or reference number"
        toolbar={
          <Stack direction="row" spacing={1}>
            <Button
              startIcon={<BookmarkAddIcon />}
              onClick={() => setNaming(true)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Save View
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to="/orders/create"
              sx={{ whiteSpace: 'nowrap' }}
            >
              Create Order
            </Button>
          </Stack>
        }
        items={items}
        getKey={(order) => order.id}
        renderItem={(order) => <OrderCard order={order} />}
        isLoading={orders.isPending}
        hasNextPage={orders.hasNextPage}
        isFetchingNextPage={orders.isFetchingNextPage}
        fetchNextPage={() => void orders.fetchNextPage()}
        emptyText="No Matching Orders Found"
      />
      <SaveViewDialog
        open={naming}
        filterFields={filters}
        onClose={(savedId) => {
          setNaming(false);
          if (savedId) list.setView(`${SAVED_PREFIX}${savedId}`);
        }}
      />
    </Box>
  );
}

function SaveViewDialog({
  open,
  filterFields,
  onClose,
}: {
  open: boolean;
  filterFields: OrderFilterFields;
  onClose(savedId?: string): void;
}) {
  const save = useSaveOrderFilterSet();
  const [name, setName] = useState('');
  const { query: _query, ...kept } = filterFields;
  const trimmed = name.trim();
  return (
    <Dialog open={open} onClose={() => onClose()} fullWidth maxWidth="xs">
      <DialogTitle>Save View</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="View name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={name !== '' && trimmed === ''}
          helperText="The list's status, modes and pickup dates are saved under this name"
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>Cancel</Button>
        <Button
          variant="contained"
          disabled={trimmed === '' || save.isPending}
          onClick={() =>
            void save.mutateAsync({ viewName: trimmed, filterFields: kept }).then((answer) => {
              toast.success(`View "${trimmed}" was saved`);
              setName('');
              onClose(answer.data.id);
            })
          }
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
