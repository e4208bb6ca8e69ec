-- One car cannot be held twice at once (docs/decisions/0070). The database refuses an
-- overlapping hold itself, so concurrent confirmations and decisions cannot both win.
-- The car is compared as a one-value int4range with `=`, which the built-in GiST range operator
-- class supports: no btree_gist extension is needed, so the same constraint holds on PGlite and
-- PostgreSQL. Its GiST index also serves the availability reads (car and time range).
ALTER TABLE "car_holds" ADD CONSTRAINT "car_holds_no_overlap"
  EXCLUDE USING gist (int4range("car_id", "car_id", '[]') WITH =, "during" WITH &&);
--> statement-breakpoint
-- A booking that leaves pending, accepted and paid (cancelled, rejected, completed, by any write
-- path) frees its car at once, in the same transaction.
CREATE FUNCTION "release_car_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "car_holds" WHERE "booking_id" = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_release_car_holds" AFTER UPDATE OF "status" ON "bookings" FOR EACH ROW
  WHEN (NEW.status NOT IN ('pending', 'accepted', 'paid')) EXECUTE FUNCTION "release_car_holds"();
--> statement-breakpoint
-- Step two's answers say which cars are busy: every change of holds is announced to the read
-- caches (migration 0002) as `car_holds`. Per row, so that a statement changing no hold (a
-- booking deleted without any) announces nothing; PostgreSQL sends one per transaction anyway.
CREATE FUNCTION "notify_car_holds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vtc_changes', 'car_holds');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "car_holds_changed" AFTER INSERT OR UPDATE OR DELETE ON "car_holds" FOR EACH ROW EXECUTE FUNCTION "notify_car_holds_changed"();
--> statement-breakpoint
CREATE TRIGGER "car_holds_truncated" AFTER TRUNCATE ON "car_holds" FOR EACH STATEMENT EXECUTE FUNCTION "notify_car_holds_changed"();
--> statement-breakpoint
-- Bookings already holding their car when this runs: estimated at the default average speed
-- (60 km/h) and buffer (30 min); the next acceptance rewrites them with the configured values and
-- the listed durations. Of overlapping ones, the oldest booking keeps the car.
INSERT INTO "car_holds" ("booking_id", "car_id", "leg", "during")
SELECT b.id, b.car_id, l.leg, tstzrange(l.start_at, l.start_at + make_interval(mins => ceil(b.distance_km)::int + 30), '[)')
FROM "bookings" b
CROSS JOIN LATERAL (VALUES ('outbound', b.pickup_at), ('return', b.return_at)) AS l(leg, start_at)
WHERE b.status IN ('pending', 'accepted', 'paid') AND b.car_id IS NOT NULL AND l.start_at IS NOT NULL AND l.start_at > now()
ORDER BY b.id, l.leg DESC
ON CONFLICT DO NOTHING;
