-- Every idempotent write keeps its answer in idempotent_requests (0050); the separate table of the
-- document and note writes is no longer used.
drop table if exists idempotency_keys;
