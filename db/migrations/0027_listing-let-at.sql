ALTER TABLE "listings" ADD COLUMN "listed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "let_at" timestamp with time zone;--> statement-breakpoint
-- Existing listings count as listed when they were created: earlier relistings were not recorded.
UPDATE "listings" SET "listed_at" = "created_at";--> statement-breakpoint
-- A let listing's moment, as well as the rows tell it: the latest recorded change to let (a staff
-- status change or moderation in the audit log, or an enquiry closed as let), else the last day the
-- analytics counted a let, else its last update (the former approximation); never before it was listed.
UPDATE "listings" AS l SET "let_at" = greatest(l."listed_at", coalesce(
  greatest(
    (SELECT max(a."created_at") FROM "audit_log" AS a
      WHERE a."target_type" = 'listing' AND a."target_id" = l."listing_id"::text
        AND a."action" IN ('listing.status', 'listing.moderate') AND a."after" ->> 'status' = 'let'),
    (SELECT max(c."last_message_at") FROM "conversations" AS c WHERE c."listing_id" = l."listing_id" AND c."status" = 'let')
  ),
  (SELECT max(s."day")::timestamp AT TIME ZONE 'Australia/Melbourne' FROM "listing_daily_stats" AS s
    WHERE s."listing_id" = l."listing_id" AND s."lets" > 0),
  l."updated_at"
))
WHERE l."status" = 'let';
