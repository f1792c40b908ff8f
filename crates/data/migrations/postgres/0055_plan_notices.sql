-- What the customer was told of a job's plan (#63, crates/data/src/planning/notice.rs): each
-- e-mail as it went, with the days it told (`days`, JSON: per day the date, the time to
-- expect someone or none for a time still to be agreed, and who comes). The next notice
-- compares the plan with the last one's days to say what changed, and numbers its calendar
-- events one higher (`number`, the notices sent before: RFC 5545 SEQUENCE). Two sends of
-- the same notice at once meet at the unique index: one goes.
CREATE TABLE plan_notices (
    id      UUID PRIMARY KEY,
    job_id  UUID NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    number  INTEGER NOT NULL,
    sent_to TEXT NOT NULL,
    subject TEXT NOT NULL,
    body    TEXT NOT NULL,
    days    JSONB NOT NULL,
    sent_by TEXT NOT NULL,
    sent_at TIMESTAMPTZ NOT NULL,
    UNIQUE (job_id, number)
);
