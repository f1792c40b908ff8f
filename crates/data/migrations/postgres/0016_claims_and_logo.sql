-- What the firm promises on its public pages (døgnvakt, help within the hour at a leak,
-- a binding price, a warranty, a free site visit) and its logo. The promises start as
-- the example firm's, not yet confirmed, which the launch checklist flags until staff
-- confirm or change them in Innstillinger (crates/data/src/settings/model.rs); the pages
-- say only what is switched on. The logo is a picture from the media library: the
-- header, the favicon sizes, the staff e-mails and the JSON-LD show it; deleting the
-- picture leaves the site without a logo, never with a broken one.
ALTER TABLE settings ADD COLUMN claims JSONB NOT NULL
    DEFAULT '{"on_call":true,"leak_within_hour":true,"binding_price":true,"warranty_years":5,"free_visit":true,"confirmed":false}';
ALTER TABLE settings ADD COLUMN logo_id UUID REFERENCES media (id) ON DELETE SET NULL;
