-- locks: none on a big table (small tables only: devices)
-- A camera's live stream for 视频监控 (/palyer). Nullable without a default: no rewrite of the table.
ALTER TABLE "devices" ADD COLUMN "stream_url" text;