-- Each status of the lead pipeline carries its meaning (open, won or lost), so that the
-- dashboard's counters no longer depend on the names "Vunnet" and "Tapt". A pipeline
-- stored as plain names becomes objects; "Vunnet" meant won and "Tapt" lost.
UPDATE settings SET lead_pipeline = (
    SELECT json_group_array(json_object(
        'name', name,
        'kind', CASE name WHEN 'Vunnet' THEN 'won' WHEN 'Tapt' THEN 'lost' ELSE 'open' END
    ))
    FROM (
        SELECT CASE type WHEN 'text' THEN value ELSE json_extract(value, '$.name') END AS name
        FROM json_each(settings.lead_pipeline)
        ORDER BY key
    )
);
