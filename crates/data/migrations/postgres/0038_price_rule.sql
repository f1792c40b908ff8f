-- Which price rule of håndverkertjenesteloven binds a job (issue #59; crates/data/src/jobs/rule.rs,
-- docs/LAW.md). An estimate to a consumer is a prisoverslag with its 15 % ceiling (§ 32 (2)),
-- a timepris job's included, unless the firm gave it as an "uforpliktende prisantydning"
-- with the reservation written on the quote and accepted with it (§ 32 (3) puts the proof
-- on the firm; HR-2016-761-A). A business customer is not under the act.
ALTER TABLE quotes ADD COLUMN reservation BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE jobs ADD COLUMN price_rule TEXT NOT NULL DEFAULT 'capped';
UPDATE jobs SET price_rule = price_type WHERE price_type IN ('fixed', 'estimate');
-- A timepris quote accepted before this carried no reservation a court would accept as
-- plain, so a consumer's job gets the ceiling; a business's never did.
UPDATE jobs SET price_rule = 'business'
    WHERE price_type = 'hourly'
      AND quote_id IN (SELECT id FROM quotes WHERE customer_kind = 'business');
