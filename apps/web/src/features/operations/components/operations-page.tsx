import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../shared/session';
import { formatCount } from '../../../shared/format/numbers';
import {
  awardableOfferQueue,
  carrierInvoiceQueue,
  newCaseQueue,
  runningWaterfallQueue,
  thirdPartyInvoiceQueue,
  unassignedCaseQueue,
  type QueueCount,
} from '../api/queue-counts';

interface Queue {
  title: string;
  /** What waits there, and what the operator does with it. */
  caption: string;
  to: string;
  count: QueueCount;
}

interface QueueGroup {
  title: string;
  queues: Queue[];
}

/** The queues that move the freight cycle forward, each with what waits in it now. */
const GROUPS: QueueGroup[] = [
  {
    title: 'Tenders',
    queues: [
      {
        title: 'Waterfalls running',
        caption: 'Loads being tendered to carriers one after another, waiting for an answer',
        to: '/operations/tendering',
        count: runningWaterfallQueue(),
      },
    ],
  },
  {
    title: 'Rate requests',
    queues: [
      {
        title: 'Rate offers to award',
        caption: 'Carriers’ offers on loads still Ready to Book, waiting for an award',
        to: '/operations/rate-requests?view=toAward',
        count: awardableOfferQueue(),
      },
    ],
  },
  {
    title: 'Accessorial requests',
    queues: [
      {
        title: 'New accessorial requests',
        caption: 'Raised by carriers and drivers, not yet worked',
        to: '/cases?view=New',
        count: newCaseQueue(),
      },
      {
        title: 'Unassigned accessorial requests',
        caption: 'Open requests no one is assigned to',
        to: '/cases?activeOnly=true&unassignedOnly=true',
        count: unassignedCaseQueue(),
      },
    ],
  },
  {
    title: 'Carrier invoices',
    queues: [
      {
        title: 'Carrier invoices to approve and pay',
        caption: 'Submitted by carriers, waiting for approval or payment',
        to: '/accounting?view=inProgress',
        count: carrierInvoiceQueue(),
      },
    ],
  },
  {
    title: 'Third-party payer invoices',
    queues: [
      {
        title: 'Invoices to settle',
        caption: 'Received from carriers, waiting for settlement',
        to: '/third-party-payer-invoices?view=received&auditable=false',
        count: thirdPartyInvoiceQueue('RECEIVED'),
      },
      {
        title: 'Invoices to pay',
        caption: 'Settled, waiting to be paid in full',
        to: '/third-party-payer-invoices?view=settled&auditable=false',
        count: thirdPartyInvoiceQueue('SETTLED'),
      },
    ],
  },
];

/** /operations: the operator's staff land here and open the queue they work (decision 151). */
export function OperationsPage() {
  const user = useCurrentUser();
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        Operations
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Signed in as {user.firstName} {user.lastName}. Open a queue to work it.
      </Typography>
      {GROUPS.map((group) => (
        <Box component="section" aria-label={group.title} key={group.title} sx={{ mb: 3 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {group.title}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            }}
          >
            {group.queues.map((queue) => (
              <QueueCard key={queue.title} queue={queue} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function QueueCard({ queue }: { queue: Queue }) {
  const count = useQuery({ queryKey: queue.count.queryKey, queryFn: queue.count.queryFn });
  return (
    <Card variant="outlined" component="article" aria-label={queue.title}>
      <CardActionArea component={RouterLink} to={queue.to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {queue.title}
          </Typography>
          <Typography variant="h3" component="p" sx={{ my: 1, fontWeight: 500 }}>
            {count.isSuccess ? (
              formatCount(count.data)
            ) : count.isError ? (
              '—'
            ) : (
              <Skeleton width={60} />
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {queue.caption}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
