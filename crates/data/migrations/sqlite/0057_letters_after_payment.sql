-- A letter sent on or after the day the claim itself was paid in full charges nothing:
-- its fee and interest were never owed (inkassoforskriften § 1-2, docs/LAW.md). The letter
-- stays as it was sent; `waived` says its sums are not counted (`CHARGED_SQL`,
-- crates/data/src/payments/balance.rs), set again by every write of a payment, a credit
-- note or a letter (crates/data/src/payments/store/rows.rs, `charged_in`).
ALTER TABLE invoice_reminders ADD COLUMN waived BOOLEAN NOT NULL DEFAULT FALSE;
