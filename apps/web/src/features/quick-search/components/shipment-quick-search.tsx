import './quick-search.css';
import { QUICK_SEARCH_MESSAGES } from '@portal/domain';
import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../../../shared/session';
import { Dialog } from '../../../shared/ui/loaded-on-first-open';
import { SEARCH } from '../../../shared/ui/plain/icon-paths';
import { PlainIcon, PlainIconButton } from '../../../shared/ui/plain/plain';
import { TooltipAfterPaint } from '../../../shared/ui/tooltip-after-paint';
import { loadOnWideScreens, useIsMobile } from '../../../shared/ui/use-is-mobile';

// The field, its results and the phone's drawer (MUI's input, popper, app bar) are their own chunk
// (decision 277): a phone loads it when the drawer first opens; a wide screen asks for it as soon as
// this module runs, with the rest of the frame.
const loadSearch = () => import('./quick-search-box');
const QuickSearchBox = lazy(async () => ({ default: (await loadSearch()).QuickSearchBox }));
const QuickSearchDrawerContent = lazy(async () => ({
  default: (await loadSearch()).QuickSearchDrawerContent,
}));
loadOnWideScreens(loadSearch);

/**
 * The top bar's shipment quick-search (spec section 2): searches 700 ms after typing stops, 20
 * results a page, reference numbers for brokers only. Below 900 px it opens as a full-screen drawer
 * titled "Search By Shipment #".
 */
export function ShipmentQuickSearch() {
  const isMobile = useIsMobile();
  const user = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The broker's longer prompt fits whole on a wide screen.
  const barWidth = user.isBroker ? 520 : 420;
  if (!isMobile)
    return (
      <Suspense fallback={<div className="quick-search-space" style={{ maxWidth: barWidth }} />}>
        <QuickSearchBox variant="bar" barWidth={barWidth} />
      </Suspense>
    );
  return (
    <>
      <TooltipAfterPaint title={QUICK_SEARCH_MESSAGES.drawerTitle}>
        <PlainIconButton
          aria-label={QUICK_SEARCH_MESSAGES.drawerTitle}
          onClick={() => setDrawerOpen(true)}
        >
          <PlainIcon path={SEARCH} />
        </PlainIconButton>
      </TooltipAfterPaint>
      <Dialog
        fullScreen
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        aria-labelledby="quick-search-drawer-title"
      >
        <Suspense fallback={null}>
          <QuickSearchDrawerContent onClose={() => setDrawerOpen(false)} />
        </Suspense>
      </Dialog>
    </>
  );
}
