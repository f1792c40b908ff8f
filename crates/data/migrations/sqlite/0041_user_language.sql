-- The language of a user's own screens (issue #59): a montør's sign-in, "Mine oppdrag", the
-- week and the materials, with their messages, in bokmål, English or Polish
-- (web/src/lib/i18n/). Every other screen stays Norwegian.
ALTER TABLE admin_users ADD COLUMN language TEXT NOT NULL DEFAULT 'nb' CHECK (language IN ('nb', 'en', 'pl'));
