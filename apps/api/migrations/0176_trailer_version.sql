-- Trailer edits carry the version the editor read (decision 208), as contacts (users.version) do.
alter table trailers add column version integer not null default 1;
