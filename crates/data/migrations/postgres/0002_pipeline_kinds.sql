-- Each status of the lead pipeline carries its meaning (open, won or lost), so that the
-- dashboard's counters no longer depend on the names "Vunnet" and "Tapt". A pipeline
-- stored as plain names becomes objects; "Vunnet" meant won and "Tapt" lost.
UPDATE settings SET lead_pipeline = (
    SELECT COALESCE(jsonb_agg(jsonb_build_object(
        'name', name,
        'kind', CASE name WHEN 'Vunnet' THEN 'won' WHEN 'Tapt' THEN 'lost' ELSE 'open' END
    ) ORDER BY place), '[]'::jsonb)
    FROM (
        SELECT CASE jsonb_typeof(value) WHEN 'string' THEN value #>> '{}' ELSE value ->> 'name' END AS name, place
        FROM jsonb_array_elements(settings.lead_pipeline) WITH ORDINALITY AS element(value, place)
    ) AS statuses
);
