-- A company's discount (and who belongs to a company) is an input of the prices, like the
-- catalogue (decision 0150): a change announces itself as a catalogue change, so every process's
-- cached step-two answers, priced with the discount of the time, are made again.
CREATE TRIGGER "companies_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "company_members_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_members" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
