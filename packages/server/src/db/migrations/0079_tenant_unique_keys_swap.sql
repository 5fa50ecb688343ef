-- locks: sessions: ACCESS EXCLUSIVE for a moment (a constraint dropped: nothing is scanned); merchant_sessions, owner_sessions: the same
-- The tenant in every unique key, step 2 of 2: the session tables' keys by the token's hash alone go;
-- 0078 made the keys in the tenant and the indexes a cookie's session is found by.
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_token_hash_unique";
--> statement-breakpoint
ALTER TABLE "merchant_sessions" DROP CONSTRAINT "merchant_sessions_token_hash_unique";
--> statement-breakpoint
ALTER TABLE "owner_sessions" DROP CONSTRAINT "owner_sessions_token_hash_unique";
