-- Issued documents are never edited nor deleted (docs/decisions/0087, 0088): a voucher changes by
-- a new version, an invoice by a credit note. The database refuses any other write itself.
CREATE FUNCTION "refuse_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued documents are never changed (%)', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_vouchers_never_changed" BEFORE UPDATE OR DELETE ON "booking_vouchers"
  FOR EACH ROW EXECUTE FUNCTION "refuse_document_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_never_changed" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "refuse_document_change"();
--> statement-breakpoint
-- A credit note cancels one earlier document of the same booking.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_of_fk" FOREIGN KEY ("credit_of") REFERENCES "invoices"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_has_origin" CHECK (("kind" = 'credit_note') = ("credit_of" IS NOT NULL));
