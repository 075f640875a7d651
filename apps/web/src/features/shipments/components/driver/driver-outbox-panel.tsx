import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { browserTimeZone, formatInZone } from '../../../../shared/format/zoned-time';
import { discardAction } from '../../offline/driver-outbox';
import type { OutboxAction } from '../../offline/outbox-store';

/** When it happened, on the stop's clock (the phone's own for what belongs to no stop). */
const happenedAt = (action: OutboxAction) =>
  formatInZone(action.occurredAt, action.timeZone ?? browserTimeZone());

/** What is kept on the phone until the server has it, and what was sent since the screen opened. */
export function DriverOutboxPanel({
  waiting,
  sent,
  online,
}: {
  waiting: readonly OutboxAction[];
  sent: readonly OutboxAction[];
  online: boolean;
}) {
  if (waiting.length === 0 && sent.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {waiting.length > 0 && (
        <section aria-label="Waiting to send">
          <Typography variant="h6" component="h3">
            Waiting to send ({waiting.length})
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {online ? 'Sending…' : 'Kept on this phone; sent by itself when the signal returns.'}
          </Typography>
          <List dense aria-label="Waiting to send">
            {waiting.map((action) => (
              <ListItem
                key={action.key}
                disableGutters
                secondaryAction={
                  action.state === 'failed' ? (
                    <Button size="small" onClick={() => void discardAction(action.key)}>
                      Discard
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={`${action.label} · ${happenedAt(action)}`}
                  secondary={
                    action.state === 'failed' ? `Not accepted: ${action.error ?? ''}` : 'Waiting'
                  }
                  slotProps={{
                    secondary: { color: action.state === 'failed' ? 'error' : 'text.secondary' },
                  }}
                />
              </ListItem>
            ))}
          </List>
        </section>
      )}
      {sent.length > 0 && (
        <section aria-label="Sent">
          <Typography variant="h6" component="h3">
            Sent
          </Typography>
          <List dense aria-label="Sent">
            {sent.map((action) => (
              <ListItem key={action.key} disableGutters>
                <ListItemText primary={`${action.label} · ${happenedAt(action)}`} />
              </ListItem>
            ))}
          </List>
        </section>
      )}
    </Paper>
  );
}
