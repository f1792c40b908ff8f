-- Materials from the montør's phone (issue #59). A montør sees no prices, so a line typed
-- on the phone has none until the office sets it (`price_missing`; an invoice waits for
-- it). A photo of the receipt or of the part may go with a line, kept privately like a
-- declaration's photos (`receipt`; src/jobs/receipts.rs).
ALTER TABLE job_materials ADD COLUMN price_missing BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE job_materials ADD COLUMN receipt BOOLEAN NOT NULL DEFAULT FALSE;
