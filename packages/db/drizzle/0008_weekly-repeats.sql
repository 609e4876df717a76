ALTER TYPE "public"."event_repeat" ADD VALUE 'WEEKLY';--> statement-breakpoint
ALTER TYPE "public"."event_repeat" ADD VALUE 'BI_WEEKLY';