ALTER TABLE "users" ALTER COLUMN "last_offline_at" SET DEFAULT now();--> statement-breakpoint
-- Online (null) was a stored claim before presence came from the user rooms (ADR 13): everyone
-- starts offline and comes online with their next first socket. Members connected during the deploy
-- still show online to other tabs (the presence room lists them) and in the API once they reconnect.
UPDATE "users" SET "last_offline_at" = now() WHERE "last_offline_at" IS NULL;
