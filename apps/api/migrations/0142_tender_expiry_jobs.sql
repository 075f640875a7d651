-- When the job that expires a tender was queued. Tenders written without the queue (the demo world,
-- imports) have none; a worker starting up queues theirs once.
alter table tenders add column expiry_queued_at timestamptz;
create index tenders_expiry_unqueued_idx on tenders (expires_at)
  where status = 0 and expiry_queued_at is null and expires_at is not null;
