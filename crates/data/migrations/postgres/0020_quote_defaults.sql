-- What a new quote starts with (Innstillinger → Tilbud): how many days it is valid, and
-- the firm's standard terms (crates/data/src/settings/model.rs, `QuoteDefaults`).
ALTER TABLE settings ADD COLUMN quote_defaults JSONB NOT NULL
    DEFAULT '{"valid_days":30,"terms":"Betaling 14 dager etter ferdigstillelse. Endringer og tilleggsarbeid avtales skriftlig før de utføres."}';
