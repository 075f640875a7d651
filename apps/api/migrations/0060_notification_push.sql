-- In-app notifications are pushed to the browser as they are written: every insert announces the
-- user and the notification on one channel, which each API process listens to (LISTEN/NOTIFY works
-- across processes on PostgreSQL and inside PGlite alike).
create function announce_notification() returns trigger
language plpgsql as $$
begin
  perform pg_notify('portal_notifications',
                    json_build_object('userId', new.user_id, 'id', new.id)::text);
  return new;
end $$;

create trigger notifications_announce
  after insert on notifications
  for each row execute function announce_notification();

create index notifications_unread_idx on notifications (user_id) where read_at is null;
