import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LAYOUT } from '@portal/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface ListView {
  value: string;
  label: string;
  count?: number;
}

export interface ListLayoutProps<Item> {
  title?: string;
  views: ListView[];
  view: string;
  onViewChange(view: string): void;
  filters: ReactNode;
  onApplyFilters(): void;
  onResetFilters(): void;
  search: string;
  onSearchChange(search: string): void;
  searchPlaceholder: string;
  toolbar?: ReactNode;
  items: Item[];
  getKey(item: Item): string;
  renderItem(item: Item): ReactNode;
  isLoading: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): void;
  emptyText: string;
  endText?: string;
  children?: ReactNode;
}

export function PlaceholderCard() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-hidden>
      <Skeleton width="40%" />
      <Skeleton width="70%" />
      <Skeleton width="55%" />
    </Paper>
  );
}

function Sidebar<Item>(props: ListLayoutProps<Item> & { onDone?: () => void }) {
  const [tab, setTab] = useState<'views' | 'filters'>('views');
  return (
    <Box sx={{ width: LAYOUT.listSidebarWidth, maxWidth: '100vw' }}>
      <Tabs
        value={tab}
        onChange={(_event, value: 'views' | 'filters') => setTab(value)}
        variant="fullWidth"
      >
        <Tab value="views" label="VIEWS" />
        <Tab value="filters" label="FILTERS" />
      </Tabs>
      {tab === 'views' ? (
        <List aria-label="Views">
          {props.views.map((view) => (
            <ListItemButton
              key={view.value}
              selected={view.value === props.view}
              onClick={() => {
                props.onViewChange(view.value);
                props.onDone?.();
              }}
            >
              <ListItemText primary={view.label} />
              {view.count !== undefined && <Chip size="small" label={view.count} />}
            </ListItemButton>
          ))}
        </List>
      ) : (
        <Stack sx={{ p: 2, gap: 2 }}>
          {props.filters}
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={props.onResetFilters}>Reset</Button>
            <Button
              variant="contained"
              onClick={() => {
                props.onApplyFilters();
                props.onDone?.();
              }}
            >
              Apply
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}

/** A list page: views and filters in a 275 px sidebar (a drawer on a phone), search, cards. */
export function ListLayout<Item>(props: ListLayoutProps<Item>) {
  const phone = useMediaQuery(`(max-width:${LAYOUT.mobileBreakpoint - 0.05}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start' }}>
      {phone ? (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
          <Sidebar {...props} onDone={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Paper variant="outlined" sx={{ flexShrink: 0, position: 'sticky', top: 80 }}>
          <Sidebar {...props} />
        </Paper>
      )}
      <Stack sx={{ flex: 1, minWidth: 0, gap: 1.5 }}>
        {props.title && (
          <Typography variant="h5" component="h2">
            {props.title}
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {phone && (
            <IconButton aria-label="Views and filters" onClick={() => setDrawerOpen(true)}>
              <Badge color="primary" variant="dot" invisible={false}>
                <FilterListIcon />
              </Badge>
            </IconButton>
          )}
          <TextField
            size="small"
            value={props.search}
            onChange={(event) => props.onSearchChange(event.target.value)}
            placeholder={props.searchPlaceholder}
            slotProps={{
              htmlInput: { 'aria-label': props.searchPlaceholder },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ flex: 1, minWidth: 180 }}
          />
          {props.toolbar}
        </Stack>
        {props.children ??
          (props.isLoading ? (
            Array.from({ length: 10 }, (_value, index) => <PlaceholderCard key={index} />)
          ) : props.items.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {props.emptyText}
            </Typography>
          ) : (
            <>
              {props.items.map((item) => (
                <Box key={props.getKey(item)}>{props.renderItem(item)}</Box>
              ))}
              <div ref={sentinel} />
              {isFetchingNextPage ? (
                <PlaceholderCard />
              ) : !hasNextPage ? (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ py: 2, textAlign: 'center' }}
                >
                  {props.endText ?? 'No More Results'}
                </Typography>
              ) : null}
            </>
          ))}
      </Stack>
    </Stack>
  );
}
