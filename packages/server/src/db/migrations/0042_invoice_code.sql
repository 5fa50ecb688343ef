-- locks: none on a big table (small tables only: invoices)
-- Staff who issue an invoice by uploading its PDF now enter its number as the paper says it: the 20
-- digits of a 数电发票, or the 8 digits of an older 电子普通发票 with its 10- or 12-digit 发票代码, which
-- needs a column of its own. Invoices the platform issued, and those before, have none.
ALTER TABLE "invoices" ADD COLUMN "invoice_code" text DEFAULT '' NOT NULL;
