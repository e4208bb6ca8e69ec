-- A document is credited by as many credit notes as refunds are given of it, up to its amount
-- (decision 0162): one note per document is no longer the rule, only an index for the lookup.
DROP INDEX "invoices_credit_of_key";--> statement-breakpoint
CREATE INDEX "invoices_credit_of_idx" ON "invoices" USING btree ("credit_of");