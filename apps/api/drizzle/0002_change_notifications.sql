-- Change notifications for the API's in-memory read caches (docs/decisions/0026).
-- Every committed change to the catalogue (what prices are computed from, and the public price
-- list) or to a booking is announced on the channel `vtc_changes`; each API process LISTENs and
-- drops what it holds. Triggers rather than application code, so that no write path (admin
-- screens, seed, CLI, psql) can forget to announce itself. Payloads: `catalogue`, `booking:<id>`,
-- `bookings` (all of them: a TRUNCATE).
-- New bookings need no announcement (no process can hold a row that did not exist), so bookings
-- and their stops announce updates and deletes only, which keeps bulk inserts cheap.
CREATE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vtc_changes', 'catalogue');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_booking_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'bookings' THEN
    PERFORM pg_notify('vtc_changes', 'booking:' || OLD.id);
  ELSE
    PERFORM pg_notify('vtc_changes', 'booking:' || OLD.booking_id);
    IF TG_OP = 'UPDATE' AND NEW.booking_id <> OLD.booking_id THEN
      PERFORM pg_notify('vtc_changes', 'booking:' || NEW.booking_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_all_bookings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vtc_changes', 'bookings');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cars_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "seasons_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seasons" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "pricings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "holidays_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "holidays" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "origins_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "origins" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "destinations_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "destinations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "pricing_list_entries_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricing_list_entries" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "pricing_list_prices_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricing_list_prices" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "bookings_changed" AFTER UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "notify_booking_changed"();
--> statement-breakpoint
CREATE TRIGGER "booking_stops_changed" AFTER UPDATE OR DELETE ON "booking_stops" FOR EACH ROW EXECUTE FUNCTION "notify_booking_changed"();
--> statement-breakpoint
CREATE TRIGGER "bookings_truncated" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_bookings_changed"();
--> statement-breakpoint
CREATE TRIGGER "booking_stops_truncated" AFTER TRUNCATE ON "booking_stops" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_bookings_changed"();
