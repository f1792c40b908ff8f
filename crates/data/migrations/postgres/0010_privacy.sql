-- Privacy (src/privacy.rs): how many months a won or lost lead keeps its personal data
-- (NULL: for ever, the default), and when a lead was anonymised by that rule.
ALTER TABLE settings ADD COLUMN retention_months BIGINT;
ALTER TABLE leads ADD COLUMN anonymized_at TIMESTAMPTZ;
-- The audit log's user filter lists who appears in it (src/audit/mod.rs).
CREATE INDEX audit_logs_performed_by ON audit_logs (performed_by, created_at);
