-- Before holidays become unique (decision 0073): of several rows for one rule (the same day and
-- month, or the same distance from Easter), the oldest stays and the others go. Prices only ever
-- asked whether a day was a holiday, so no price changes.
DELETE FROM "holidays" AS "later"
USING "holidays" AS "earlier"
WHERE "later"."kind" = "earlier"."kind"
  AND "later"."day" IS NOT DISTINCT FROM "earlier"."day"
  AND "later"."month" IS NOT DISTINCT FROM "earlier"."month"
  AND "later"."easter_offset" IS NOT DISTINCT FROM "earlier"."easter_offset"
  AND "later"."id" > "earlier"."id";
