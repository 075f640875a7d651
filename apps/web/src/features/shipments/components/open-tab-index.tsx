import { SHIPMENT_MESSAGES, shipmentSubPageForTab } from '@portal/domain';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from '../../../shared/notifications';

/**
 * /all-shipments/{n}/preview?tab=N opens the sub-page the index names (decision 182); without an
 * index it opens Details, and an index that names no tab opens Details and says so.
 */
export function OpenTabIndex() {
  const [search] = useSearchParams();
  const tab = search.get('tab');
  const subPage = tab === null ? 'details' : shipmentSubPageForTab(tab);
  useEffect(() => {
    if (tab !== null && subPage === null) toast.info(SHIPMENT_MESSAGES.unknownTab(tab));
  }, [tab, subPage]);
  return <Navigate to={subPage ?? 'details'} replace />;
}
