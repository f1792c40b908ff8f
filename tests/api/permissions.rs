//! Who may do what, and what it leaves in the audit log: every operation of the OpenAPI
//! document, called by a visitor without a session, by an editor, by an admin and by a
//! montør, with the answer each must get. Hold [`OPERATIONS`] against the README's "Roles":
//! editors work leads, services, content, media and the settings, and read everything;
//! only admins manage users (beyond their own password) and clear the audit log; a montør
//! reaches only their own jobs, hours and password.
//!
//! A permitted mutation must write exactly one audit entry naming the action, the entity,
//! its id and who did it, with before/after holding only fields that changed and no
//! secret; a refused or failed one writes none. An operation missing from the table fails
//! the test, so a new route cannot arrive without a decision about it.

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, Session, TestApp, audit_entries};

/// What a caller gets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Answer {
    /// A 2xx answer: the operation was carried out.
    Done,
    /// 401: sign in first.
    SignIn,
    /// 403: signed in, but the role may not.
    Refused,
}
use Answer::{Done, Refused, SignIn};

#[derive(Clone, Copy)]
pub enum Body {
    None,
    Json(fn(&Fixtures) -> Value),
    /// A multipart upload of one small PNG (`files`).
    Upload,
    /// The contact form's upload of one photo (`photo`).
    Photo,
    /// The bank's camt.054 file with one payment of its own (`file`).
    BankFile,
}

pub struct Operation {
    pub method: &'static str,
    /// As in the OpenAPI document.
    pub path: &'static str,
    pub body: Body,
    pub visitor: Answer,
    pub editor: Answer,
    pub admin: Answer,
    pub montor: Answer,
    /// The audit entry a permitted call writes: action and entity type. Calls without a
    /// session write none, except a sign-in.
    pub audit: Option<(&'static str, &'static str)>,
}

const fn op(
    method: &'static str,
    path: &'static str,
    body: Body,
    [visitor, editor, admin, montor]: [Answer; 4],
    audit: Option<(&'static str, &'static str)>,
) -> Operation {
    Operation { method, path, body, visitor, editor, admin, montor, audit }
}

// Visitor, editor, admin, montør.
const READ: [Answer; 4] = [SignIn, Done, Done, Refused];
const WORK: [Answer; 4] = [SignIn, Done, Done, Refused];
const ADMIN: [Answer; 4] = [SignIn, Refused, Done, Refused];
const PUBLIC: [Answer; 4] = [Done, Done, Done, Done];
/// Anyone signed in: a montør on their own jobs and hours, the office on all.
const SIGNED_IN: [Answer; 4] = [SignIn, Done, Done, Done];

/// Every operation, in the order the test calls them: reads, then writes, then deletes,
/// then the sign-out that ends the caller's session.
pub const OPERATIONS: &[Operation] = &[
    // Public site and sign-in.
    op("GET", "/api/services", Body::None, PUBLIC, None),
    op("GET", "/api/site", Body::None, PUBLIC, None),
    op("GET", "/api/auth/session", Body::None, PUBLIC, None),
    op("POST", "/api/contact", Body::Json(|_| contact()), PUBLIC, None),
    op("POST", "/api/contact/photos", Body::Photo, PUBLIC, None),
    op("GET", "/api/admin/photos/{id}", Body::None, READ, None),
    op(
        "POST",
        "/api/auth/login",
        Body::Json(|f| json!({ "email": f.actor, "password": ADMIN_PASSWORD })),
        PUBLIC,
        Some(("login", "admin_users")),
    ),
    // "Glemt passord?": anyone may ask (this server sends no e-mail) and use a link; using
    // one is logged as the user's password change.
    op("POST", "/api/auth/password-reset", Body::Json(|f| json!({ "email": f.actor })), PUBLIC, None),
    op(
        "POST",
        "/api/auth/password-reset/confirm",
        Body::Json(|f| json!({ "token": f.reset_token, "password": "en helt ny og lang setning" })),
        PUBLIC,
        Some(("password", "admin_users")),
    ),
    // The language of one's own screens (#59): anyone signed in, for themselves.
    op(
        "PUT",
        "/api/auth/language",
        Body::Json(|_| json!({ "language": "en" })),
        SIGNED_IN,
        Some(("update", "admin_users")),
    ),
    // "Husk meg" (#59): where a user is signed in, and ending one of those sessions.
    op("GET", "/api/admin/users/{id}/sessions", Body::None, ADMIN, None),
    // A user's calendar feeds, which an admin revokes as a session (#74, finding 8).
    op("GET", "/api/admin/users/{id}/calendar-feeds", Body::None, ADMIN, None),
    // Reading the back office.
    op("GET", "/api/admin/dashboard", Body::None, READ, None),
    op("GET", "/api/admin/search", Body::None, READ, None),
    op("GET", "/api/admin/leads", Body::None, READ, None),
    op("GET", "/api/admin/leads/board", Body::None, READ, None),
    op("GET", "/api/admin/leads/export", Body::None, READ, Some(("export", "leads"))),
    op("GET", "/api/admin/leads/{id}", Body::None, READ, None),
    op("GET", "/api/admin/leads/{id}/timeline", Body::None, READ, None),
    op("GET", "/api/admin/categories", Body::None, READ, None),
    op("GET", "/api/admin/categories/{slug}", Body::None, READ, None),
    op("GET", "/api/admin/services", Body::None, READ, None),
    op("GET", "/api/admin/content", Body::None, READ, None),
    op("GET", "/api/admin/media", Body::None, READ, None),
    op("GET", "/api/admin/settings", Body::None, READ, None),
    op("GET", "/api/admin/users", Body::None, READ, None),
    op("GET", "/api/admin/audit", Body::None, READ, None),
    op("GET", "/api/admin/privacy/retention", Body::None, READ, None),
    // Leads.
    op(
        "POST",
        "/api/admin/leads",
        Body::Json(|_| json!({ "name": "Matrise Kunde", "status": "Ny" })),
        WORK,
        Some(("create", "leads")),
    ),
    op(
        "PUT",
        "/api/admin/leads/{id}",
        Body::Json(|_| json!({ "name": "Endret Kunde", "status": "Ny", "phone": "912 34 567" })),
        WORK,
        Some(("update", "leads")),
    ),
    op(
        "PATCH",
        "/api/admin/leads/{id}",
        Body::Json(|_| json!({ "beskrivelse": "Endret i dialogen" })),
        WORK,
        Some(("update", "leads")),
    ),
    op(
        "POST",
        "/api/admin/leads/{id}/notes",
        Body::Json(|_| json!({ "body": "Ringte kunden, befaring torsdag." })),
        WORK,
        Some(("note", "leads")),
    ),
    // The lead is flagged as its twin's duplicate: first the flag is cleared, then the
    // twin is merged in.
    op("DELETE", "/api/admin/leads/{id}/duplicate", Body::None, WORK, Some(("update", "leads"))),
    op(
        "POST",
        "/api/admin/leads/{id}/merge",
        Body::Json(|f| json!({ "from": f.twin })),
        WORK,
        Some(("merge", "leads")),
    ),
    op(
        "PATCH",
        "/api/admin/leads/{id}/status",
        Body::Json(|_| json!({ "status": "Kontaktet" })),
        WORK,
        Some(("update", "leads")),
    ),
    // Quotes (#26): staff who work the leads make, send, revise and withdraw them.
    op("GET", "/api/admin/quotes", Body::None, READ, None),
    op("GET", "/api/admin/leads/{id}/quotes", Body::None, READ, None),
    op("GET", "/api/admin/quotes/{id}", Body::None, READ, None),
    op(
        "POST",
        "/api/admin/leads/{id}/quotes",
        Body::Json(
            |_| json!({ "lines": [{ "description": "Ny kurs", "quantity": 100, "unit": "stk", "unit_price": 250_000, "vat": 25 }] }),
        ),
        WORK,
        Some(("create", "quotes")),
    ),
    op(
        "PUT",
        "/api/admin/quotes/{id}",
        Body::Json(|f| json!({ "intro": format!("Takk for befaringen, runde {}.", f.round) })),
        WORK,
        Some(("update", "quotes")),
    ),
    op("GET", "/api/admin/quotes/{id}/pdf", Body::None, READ, None),
    op("POST", "/api/admin/quotes/{id}/send", Body::None, WORK, Some(("send", "quotes"))),
    op("POST", "/api/admin/quotes/{id}/revise", Body::None, WORK, Some(("revise", "quotes"))),
    op("POST", "/api/admin/quotes/{id}/new-link", Body::None, WORK, Some(("send", "quotes"))),
    op("POST", "/api/admin/quotes/{id}/withdraw", Body::None, WORK, Some(("withdraw", "quotes"))),
    // Befaringer.
    op("GET", "/api/admin/leads/{id}/enquiry", Body::None, READ, None),
    op("GET", "/api/admin/visits", Body::None, READ, None),
    op("GET", "/api/admin/leads/{id}/visits", Body::None, READ, None),
    op(
        "POST",
        "/api/admin/leads/{id}/visits",
        Body::Json(
            |f| json!({ "day": crate::helpers::oslo_day(31), "start": "09:00", "minutes": 60, "staff_id": f.user }),
        ),
        WORK,
        Some(("create", "visits")),
    ),
    op(
        "PUT",
        "/api/admin/visits/{id}",
        Body::Json(
            |f| json!({ "day": crate::helpers::oslo_day(32), "start": "10:00", "minutes": 45, "staff_id": f.user, "note": format!("Runde {}", f.round) }),
        ),
        WORK,
        Some(("update", "visits")),
    ),
    op("POST", "/api/admin/visits/{id}/cancel", Body::None, WORK, Some(("cancel", "visits"))),
    // Oppdrag (#44): the office's, but a montør's own jobs' hours and materials.
    op("GET", "/api/admin/jobs", Body::None, READ, None),
    op("GET", "/api/admin/jobs/{id}", Body::None, READ, None),
    op("GET", "/api/admin/leads/{id}/jobs", Body::None, READ, None),
    op("GET", "/api/admin/work/today", Body::None, SIGNED_IN, None),
    op("GET", "/api/admin/work/week", Body::None, SIGNED_IN, None),
    op("GET", "/api/admin/time/sheet", Body::None, SIGNED_IN, Some(("export", "time_entries"))),
    // The month for payroll: a montør sees her own; the payroll file and the approval are the
    // office's. Each round approves a month of its own (January of 2000 + the round) and opens
    // its fixture's (February) again among the deletes.
    op("GET", "/api/admin/time/month", Body::None, SIGNED_IN, None),
    // The plan (#63): the office plans; anyone signed in reads their own.
    op("GET", "/api/admin/plan", Body::None, READ, None),
    op("GET", "/api/admin/plan/mine", Body::None, SIGNED_IN, None),
    op(
        "POST",
        "/api/admin/plan-days",
        Body::Json(
            |f| json!({ "job_id": f.job, "user_ids": [f.planned_for], "from": format!("2031-03-{:02}", f.round + 1) }),
        ),
        WORK,
        Some(("create", "plan_days")),
    ),
    op(
        "PUT",
        "/api/admin/plan-days/{id}",
        Body::Json(|f| json!({ "day": format!("2031-04-{:02}", f.round + 1), "starts_at": "07:00" })),
        WORK,
        Some(("update", "plan_days")),
    ),
    op(
        "PUT",
        "/api/admin/absences",
        Body::Json(
            |f| json!({ "user_id": f.planned_for, "day": format!("2031-05-{:02}", f.round + 1), "kind": "kurs" }),
        ),
        WORK,
        Some(("create", "absences")),
    ),
    // The customer told of a job's plan (#63): the office reads the e-mail and sends it (the
    // test's app mails through a mailbox of its own); a job of its own with a day planned.
    op("GET", "/api/admin/jobs/{id}/plan-notice", Body::None, READ, None),
    op(
        "POST",
        "/api/admin/jobs/{id}/plan-notice",
        Body::Json(|f| json!({ "text": "Hei!\n\nVi kommer mandag.", "seen": f.told_seen })),
        WORK,
        Some(("send", "plan_notices")),
    ),
    op("GET", "/api/admin/time/payroll", Body::None, WORK, Some(("export", "time_entries"))),
    op(
        "POST",
        "/api/admin/time/month/approval",
        Body::Json(|f| json!({ "month": format!("{}-01", 2000 + f.round) })),
        WORK,
        Some(("approve", "time_entries")),
    ),
    op("POST", "/api/admin/quotes/{id}/job", Body::Json(|_| json!({})), WORK, Some(("create", "jobs"))),
    op(
        "POST",
        "/api/admin/leads/{id}/jobs",
        Body::Json(|_| json!({ "title": "Matriseoppdrag", "hourly_rate": 80_000 })),
        WORK,
        Some(("create", "jobs")),
    ),
    op(
        "PUT",
        "/api/admin/jobs/{id}",
        Body::Json(|f| json!({ "title": format!("Oppdrag, runde {}", f.round), "status": "in_progress" })),
        WORK,
        Some(("update", "jobs")),
    ),
    op(
        "POST",
        "/api/admin/time",
        Body::Json(|f| json!({ "job_id": f.job, "day": crate::helpers::oslo_day(0), "minutes": 60 })),
        SIGNED_IN,
        Some(("create", "time_entries")),
    ),
    op(
        "PUT",
        "/api/admin/time/{id}",
        Body::Json(|f| json!({ "note": format!("Runde {}", f.round) })),
        SIGNED_IN,
        Some(("update", "time_entries")),
    ),
    op(
        "POST",
        "/api/admin/jobs/{id}/materials",
        Body::Json(
            |_| json!({ "description": "Kabel", "quantity": 1000, "unit": "lm", "unit_price": 2_500, "vat": 25 }),
        ),
        SIGNED_IN,
        Some(("create", "job_materials")),
    ),
    // A montør's phone (#59): the office prices a line; the photo of its receipt is the
    // office's and the montør's who added it (the fixture's line is the round's montør's).
    op(
        "PUT",
        "/api/admin/jobs/{id}/materials/{material_id}",
        Body::Json(
            |_| json!({ "description": "Stikkontakt", "quantity": 200, "unit": "stk", "unit_price": 9_900, "vat": 25 }),
        ),
        WORK,
        Some(("update", "job_materials")),
    ),
    // #75 point 6: the office corrects a montør's wording for the customer.
    op(
        "PATCH",
        "/api/admin/jobs/{id}/materials/{material_id}",
        Body::Json(|f| json!({ "description": format!("Koblingsboks, runde {}", f.round) })),
        WORK,
        Some(("update", "job_materials")),
    ),
    op(
        "POST",
        "/api/admin/jobs/{id}/materials/{material_id}/receipt",
        Body::Photo,
        SIGNED_IN,
        Some(("update", "job_materials")),
    ),
    op("GET", "/api/admin/jobs/{id}/materials/{material_id}/receipt", Body::None, SIGNED_IN, None),
    op(
        "POST",
        "/api/admin/jobs/{id}/contacts",
        Body::Json(|_| json!({ "how": "telefon", "contacted_at": today_at_midnight(), "said": "Greit." })),
        WORK,
        Some(("create", "job_contacts")),
    ),
    op("POST", "/api/admin/jobs/{id}/changes", Body::None, WORK, Some(("create", "quotes"))),
    op(
        "POST",
        "/api/admin/quotes/{id}/agreement",
        Body::Json(
            |_| json!({ "how": "phone", "name": "Fast Kunde", "at": today_at_midnight(), "note": "Ja." }),
        ),
        WORK,
        Some(("accept", "quotes")),
    ),
    // Invoices (#45): the office's.
    op("GET", "/api/admin/jobs/{id}/invoice-basis", Body::None, READ, None),
    op("GET", "/api/admin/jobs/{id}/invoices", Body::None, READ, None),
    op("GET", "/api/admin/invoices/{id}", Body::None, READ, None),
    // Sending an invoice (#61): to the accounting inbox the fixtures set (the fixture
    // invoice's customer has no e-mail); the test's app mails through a mailbox of its own.
    op("GET", "/api/admin/invoices/{id}/sends", Body::None, READ, None),
    op(
        "POST",
        "/api/admin/invoices/{id}/send",
        Body::Json(|_| json!({ "to": "accounting" })),
        WORK,
        Some(("send", "invoices")),
    ),
    // Money in (#61): the office's. Before the credit note below, which credits the whole
    // fixture invoice.
    op("GET", "/api/admin/invoices", Body::None, READ, None),
    op("GET", "/api/admin/invoices/{id}/payments", Body::None, READ, None),
    op("GET", "/api/admin/payments/waiting", Body::None, READ, None),
    op(
        "POST",
        "/api/admin/invoices/{id}/payments",
        Body::Json(|_| json!({ "paid_on": crate::helpers::oslo_day(0), "amount": 100, "note": "Kontant" })),
        WORK,
        Some(("create", "payments")),
    ),
    op("POST", "/api/admin/payments/import", Body::BankFile, WORK, Some(("import", "payments"))),
    // Reminders (#61): the office's; the fixture invoice is overdue and its purring's time
    // to pay has run out, so the inkassovarsel goes (by post: the app has no e-mail).
    op("GET", "/api/admin/invoices/{id}/reminders", Body::None, READ, None),
    op("GET", "/api/admin/reminders/{id}/pdf", Body::None, READ, None),
    op(
        "POST",
        "/api/admin/invoices/{id}/reminders",
        Body::Json(|_| json!({ "kind": "notice", "channel": "post" })),
        WORK,
        Some(("remind", "invoices")),
    ),
    op(
        "POST",
        "/api/admin/payments/{id}/match",
        Body::Json(|f| json!({ "invoice": f.invoice_number })),
        WORK,
        Some(("match", "payments")),
    ),
    op("POST", "/api/admin/payments/{id}/unmatch", Body::None, WORK, Some(("unmatch", "payments"))),
    op(
        "POST",
        "/api/admin/payments/{id}/set-aside",
        Body::Json(|_| json!({ "note": "Tilbakebetaling fra leverandør" })),
        WORK,
        Some(("set_aside", "payments")),
    ),
    op("DELETE", "/api/admin/payments/{id}", Body::None, WORK, Some(("delete", "payments"))),
    op("POST", "/api/admin/jobs/{id}/invoices", Body::None, WORK, Some(("create", "invoices"))),
    op(
        "POST",
        "/api/admin/invoices/{id}/credit-notes",
        Body::Json(|_| json!({ "lines": [0], "reason": "Feil antall." })),
        WORK,
        Some(("create", "invoices")),
    ),
    // Samsvarserklæring (#45): the office's. The draft is saved complete, then signed.
    op("GET", "/api/admin/jobs/{id}/declaration", Body::None, READ, None),
    op(
        "PUT",
        "/api/admin/jobs/{id}/declaration",
        Body::Json(|f| complete_declaration(&format!("Ny kurs, runde {}", f.round), &f.user)),
        WORK,
        Some(("create", "declarations")),
    ),
    // Signed by the responsible person only, whatever the role: each round's fixture names
    // its caller as responsible and puts them on the job (issue #58, finding 6).
    op(
        "POST",
        "/api/admin/jobs/{id}/declaration/sign",
        Body::None,
        SIGNED_IN,
        Some(("sign", "declarations")),
    ),
    // Photos on a declaration (#45): the office's, on the invoiced job's draft.
    op("GET", "/api/admin/jobs/{id}/declaration/photos", Body::None, READ, None),
    op("GET", "/api/admin/jobs/{id}/declaration/photos/{photo_id}", Body::None, READ, None),
    op(
        "POST",
        "/api/admin/jobs/{id}/declaration/photos",
        Body::Photo,
        WORK,
        Some(("create", "declarations")),
    ),
    // The customer's documents link (#45): the office's, on the invoiced job.
    op("GET", "/api/admin/jobs/{id}/documents-link", Body::None, READ, None),
    op(
        "POST",
        "/api/admin/jobs/{id}/documents-link",
        Body::Json(|_| json!({})),
        WORK,
        Some(("create", "document_links")),
    ),
    // A private calendar feed of one's own befaringer and planned job days, a montør's
    // too (everyone's is for admins, tests/api/feeds.rs).
    op("GET", "/api/admin/calendar-feeds", Body::None, SIGNED_IN, None),
    op(
        "POST",
        "/api/admin/calendar-feeds",
        Body::Json(|_| json!({ "scope": "own" })),
        SIGNED_IN,
        Some(("create", "calendar_feeds")),
    ),
    // Services.
    op(
        "POST",
        "/api/admin/services",
        Body::Json(|_| json!({ "name": "Matrisetjeneste", "price_from": 1000, "category": "elektriker" })),
        WORK,
        Some(("create", "services_admin")),
    ),
    op(
        "PUT",
        "/api/admin/services/{id}",
        Body::Json(|_| json!({ "name": "Endret tjeneste", "price_from": 1500, "category": "elektriker" })),
        WORK,
        Some(("update", "services_admin")),
    ),
    // Content: a figure is created, so the promises the fixtures reorder stay as they were.
    op(
        "POST",
        "/api/admin/content",
        Body::Json(
            |_| json!({ "kind": "figure", "data": { "value": "12", "label": "lærlinger", "group": "home" } }),
        ),
        WORK,
        Some(("create", "content_items")),
    ),
    op(
        "PUT",
        "/api/admin/content/{id}",
        Body::Json(|f| json!({ "data": { "text": format!("Fast pris, runde {}", f.round) } })),
        WORK,
        Some(("update", "content_items")),
    ),
    op(
        "PATCH",
        "/api/admin/content/{id}",
        Body::Json(|_| json!({ "hidden": true })),
        WORK,
        Some(("update", "content_items")),
    ),
    op(
        "PUT",
        "/api/admin/content/order",
        Body::Json(|f| json!({ "kind": "promise", "ids": f.promises_reversed })),
        WORK,
        Some(("reorder", "content_items")),
    ),
    // Media.
    op("POST", "/api/admin/media", Body::Upload, WORK, Some(("create", "media"))),
    op(
        "PUT",
        "/api/admin/media/{id}",
        Body::Json(|_| json!({ "alt": "Ny alternativ tekst" })),
        WORK,
        Some(("update", "media")),
    ),
    // Settings and the pipeline.
    op(
        "PUT",
        "/api/admin/settings",
        Body::Json(|f| json!({ "company_name": format!("Firma {}", f.round) })),
        WORK,
        Some(("update", "settings")),
    ),
    op(
        "PUT",
        "/api/admin/settings/pipeline",
        Body::Json(|f| pipeline(f.round)),
        WORK,
        Some(("update", "settings")),
    ),
    // Privacy: the admins' business. Each run's own customer is exported, then erased.
    op(
        "POST",
        "/api/admin/privacy/export",
        Body::Json(|f| json!({ "person": format!("person{}@example.no", f.round) })),
        ADMIN,
        Some(("export", "privacy")),
    ),
    op(
        "POST",
        "/api/admin/privacy/lookup",
        Body::Json(|f| json!({ "person": format!("person{}@example.no", f.round) })),
        ADMIN,
        Some(("lookup", "privacy")),
    ),
    op(
        "PUT",
        "/api/admin/privacy/retention",
        Body::Json(|f| json!({ "months": 12 + f.round })),
        ADMIN,
        Some(("update", "settings")),
    ),
    // Users: the others' accounts are the admins' business.
    op(
        "POST",
        "/api/admin/users",
        Body::Json(
            |f| json!({ "name": "Ny Bruker", "email": format!("ny{}@fagfolk.test", f.round), "password": "en lang og god setning", "role": "editor" }),
        ),
        ADMIN,
        Some(("create", "admin_users")),
    ),
    op(
        "PUT",
        "/api/admin/users/{id}",
        Body::Json(|_| json!({ "name": "Nytt Navn", "role": "admin" })),
        ADMIN,
        Some(("update", "admin_users")),
    ),
    op(
        "PUT",
        "/api/admin/users/{id}/password",
        Body::Json(|_| json!({ "password": "satt av en administrator" })),
        ADMIN,
        Some(("password", "admin_users")),
    ),
    // Deletes. The note is an admin's: an editor may delete only their own.
    op(
        "DELETE",
        "/api/admin/calendar-feeds/{scope}",
        Body::None,
        SIGNED_IN,
        Some(("delete", "calendar_feeds")),
    ),
    op("DELETE", "/api/admin/jobs/{id}/documents-link", Body::None, WORK, Some(("delete", "document_links"))),
    op(
        "DELETE",
        "/api/admin/jobs/{id}/declaration/photos/{photo_id}",
        Body::None,
        WORK,
        Some(("delete", "declarations")),
    ),
    op("DELETE", "/api/admin/leads/{id}/notes/{note_id}", Body::None, ADMIN, Some(("delete_note", "leads"))),
    op("DELETE", "/api/admin/time/month/approval", Body::None, WORK, Some(("reopen", "time_entries"))),
    op("DELETE", "/api/admin/plan-days/{id}", Body::None, WORK, Some(("delete", "plan_days"))),
    op("DELETE", "/api/admin/absences", Body::None, WORK, Some(("delete", "absences"))),
    op("DELETE", "/api/admin/time/{id}", Body::None, SIGNED_IN, Some(("delete", "time_entries"))),
    // Before the session below, whose end ends the user's feeds too.
    op(
        "DELETE",
        "/api/admin/users/{id}/calendar-feeds/{scope}",
        Body::None,
        ADMIN,
        Some(("delete", "calendar_feeds")),
    ),
    op(
        "DELETE",
        "/api/admin/users/{id}/sessions/{session_id}",
        Body::None,
        ADMIN,
        Some(("logout", "admin_users")),
    ),
    op(
        "DELETE",
        "/api/admin/jobs/{id}/materials/{material_id}",
        Body::None,
        WORK,
        Some(("delete", "job_materials")),
    ),
    op("DELETE", "/api/admin/leads/{id}", Body::None, WORK, Some(("delete", "leads"))),
    op("DELETE", "/api/admin/services/{id}", Body::None, WORK, Some(("delete", "services_admin"))),
    op("DELETE", "/api/admin/content/{id}", Body::None, WORK, Some(("delete", "content_items"))),
    op("DELETE", "/api/admin/media/{id}", Body::None, WORK, Some(("delete", "media"))),
    op("DELETE", "/api/admin/users/{id}", Body::None, ADMIN, Some(("delete", "admin_users"))),
    op(
        "POST",
        "/api/admin/privacy/erase",
        Body::Json(|f| json!({ "person": format!("person{}@example.no", f.round) })),
        ADMIN,
        Some(("erase", "privacy")),
    ),
    op(
        "DELETE",
        "/api/admin/audit",
        Body::Json(|_| json!({ "confirm": "TØM" })),
        ADMIN,
        Some(("clear", "audit_logs")),
    ),
    op("POST", "/api/auth/logout", Body::None, PUBLIC, Some(("logout", "admin_users"))),
];

fn contact() -> Value {
    json!({ "name": "Kari", "email": "kari@example.no", "phone": "912 34 567", "message": "Hjelp med sikringsskapet." })
}

/// Today at 00:00 in Oslo: a moment the § 7 contact and a change order's agreement may be
/// recorded at whatever the date (not ahead, not before the previous month; a fixed day ran
/// out with the calendar).
fn today_at_midnight() -> String {
    format!("{}T00:00", crate::helpers::oslo_day(0))
}

/// The default pipeline and one extra status named after the round, so that every save
/// changes something (the previous round's extra status, which no lead has, goes).
fn pipeline(round: usize) -> Value {
    let mut statuses: Vec<Value> = ["Ny", "Kontaktet", "Avtalt befaring", "Tilbud sendt", "Vunnet", "Tapt"]
        .iter()
        .map(|name| json!({ "name": name, "previous": name }))
        .collect();
    statuses.push(json!({ "name": format!("Venter {round}"), "previous": null }));
    json!({ "statuses": statuses })
}

/// What one caller's run works on: fresh rows the `{id}` paths point at.
pub struct Fixtures {
    /// The e-mail of the signed-in caller (for the visitor: the account it signs in to).
    pub actor: String,
    pub round: usize,
    pub lead: String,
    /// An admin's note on `lead`.
    pub note: String,
    /// An open lead with `lead`'s phone number: `lead` is flagged as its duplicate.
    pub twin: String,
    pub service: String,
    pub media: String,
    /// A promise (content item) of its own.
    pub content: String,
    /// Every promise, the new one too, in the reverse of their order.
    pub promises_reversed: Vec<String>,
    /// Another user, whom the user operations act on.
    pub user: String,
    /// A user of its own signed in once, and that session, for the sessions under Brukere
    /// (a password change of `user` would end it before its turn), with a calendar feed.
    pub session_user: String,
    pub session: String,
    /// A "Glemt passord?" link's token for a user of its own (setting it signs that user out).
    pub reset_token: String,
    /// A draft quote of `lead` (saved and sent), a sent one to revise, and a draft to withdraw.
    pub quote: String,
    pub sent_quote: String,
    pub spare_quote: String,
    /// A befaring on `lead`, moved and then cancelled.
    pub visit: String,
    /// A photo sent with an enquiry.
    pub photo: String,
    /// A quote the customer accepted, to make a job of.
    pub accepted_quote: String,
    /// A call-out job on `lead` that `montor` works on, an hour entry of theirs on it,
    /// and a material line.
    pub job: String,
    pub entry: String,
    pub material: String,
    /// A draft change order (tilleggsarbeid) on `job`, to record as agreed.
    pub change: String,
    /// A call-out job on `lead` that is done, to invoice, and the invoice of another.
    pub finished_job: String,
    pub invoice: String,
    /// A job with a complete samsvarserklæring saved as a draft, to sign.
    pub declared_job: String,
    /// A photo on the invoiced job's declaration (a draft).
    pub declaration_photo: String,
    /// The invoice's number, and its payments: one registered by hand, one from the bank
    /// booked by its KID, and two from the bank waiting for the office.
    pub invoice_number: String,
    pub hand_payment: String,
    pub bank_payment: String,
    pub open_payment: String,
    pub aside_payment: String,
    /// A purring posted on `invoice`, made 40 days overdue, whose time to pay has run out:
    /// the inkassovarsel may go.
    pub reminder: String,
    /// A day of `job` planned for the caller (moved, then removed), and whom plans name: the
    /// caller, who also has a day away in February 2031 to take back.
    pub plan_day: String,
    pub planned_for: String,
    /// A job of a customer with an e-mail address, a day planned on it, and what its
    /// customer's notice of the plan was seen as (`seen`).
    pub told_job: String,
    pub told_seen: String,
}

impl Fixtures {
    pub async fn create(app: &TestApp, admin: &Session, actor: &str, round: usize) -> Self {
        let phone = format!("400 00 00{round}");
        let twin: Value = admin
            .send(
                Method::POST,
                "/api/admin/leads",
                &json!({ "name": "Tvilling", "status": "Ny", "phone": phone }),
            )
            .await
            .json()
            .await
            .unwrap();
        let lead: Value = admin
            .send(
                Method::POST,
                "/api/admin/leads",
                &json!({ "name": "Fast Kunde", "status": "Ny", "phone": phone }),
            )
            .await
            .json()
            .await
            .unwrap();
        let lead_id = lead["id"].as_str().unwrap();
        let person = json!({ "name": "Personvern Kunde", "email": format!("person{round}@example.no") });
        assert_eq!(admin.send(Method::POST, "/api/admin/leads", &person).await.status(), 201);
        let note: Value = admin
            .send(
                Method::POST,
                &format!("/api/admin/leads/{lead_id}/notes"),
                &json!({ "body": "Fast notat" }),
            )
            .await
            .json()
            .await
            .unwrap();
        let service: Value = admin
            .send(
                Method::POST,
                "/api/admin/services",
                &json!({ "name": "Fast tjeneste", "price_from": 900, "category": "rorlegger" }),
            )
            .await
            .json()
            .await
            .unwrap();
        let uploaded: Value = upload(admin).await.json().await.unwrap();
        assert!(uploaded["uploaded"][0]["id"].is_string(), "the fixture's upload: {uploaded}");
        let content: Value = admin
            .send(
                Method::POST,
                "/api/admin/content",
                &json!({ "kind": "promise", "data": { "text": format!("Løfte {round}") } }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert!(content["id"].is_string(), "the fixture's promise: {content}");
        let promises: Vec<Value> = admin.get("/api/admin/content?kind=promise").await.json().await.unwrap();
        let promises_reversed =
            promises.iter().rev().map(|item| item["id"].as_str().unwrap().to_owned()).collect();
        let user = app
            .create_user(&format!("mål{round}@fagfolk.test"), ADMIN_PASSWORD, fagfolk::users::Role::Editor)
            .await;
        let forgetful = app
            .create_user(&format!("glemt{round}@fagfolk.test"), ADMIN_PASSWORD, fagfolk::users::Role::Editor)
            .await;
        let session_user = app
            .create_user(&format!("okt{round}@fagfolk.test"), ADMIN_PASSWORD, fagfolk::users::Role::Editor)
            .await;
        let signed_in = app.login(&format!("okt{round}@fagfolk.test"), ADMIN_PASSWORD).await;
        let feed =
            signed_in.send(Method::POST, "/api/admin/calendar-feeds", &json!({ "scope": "own" })).await;
        assert_eq!(feed.status(), 201, "the fixture user's calendar address");
        let session =
            fagfolk_data::auth::store::sessions_of(&app.state.db, session_user, app.state.clock.now())
                .await
                .unwrap()[0]
                .id;
        let reset_token =
            fagfolk_data::auth::reset::create(&app.state.db, forgetful, app.state.clock.now()).await.unwrap();
        let draft = || async {
            let line = json!({ "description": "Fast linje", "quantity": 100, "unit": "stk", "unit_price": 10_000, "vat": 25 });
            let quote: Value = admin
                .send(
                    Method::POST,
                    &format!("/api/admin/leads/{lead_id}/quotes"),
                    &json!({ "lines": [line] }),
                )
                .await
                .json()
                .await
                .unwrap();
            quote["id"].as_str().unwrap().to_owned()
        };
        let (quote, sent_quote, spare_quote) = (draft().await, draft().await, draft().await);
        let sent =
            admin.send(Method::POST, &format!("/api/admin/quotes/{sent_quote}/send"), &json!({})).await;
        assert_eq!(sent.status(), 200, "the fixture's sent quote");
        let visit: Value = admin
            .send(
                Method::POST,
                &format!("/api/admin/leads/{lead_id}/visits"),
                &json!({ "day": crate::helpers::oslo_day(30), "start": "08:00", "minutes": 60, "staff_id": user.to_string() }),
            )
            .await
            .json()
            .await
            .unwrap();
        let photo = sent_photo(app).await;
        let accepted_quote = draft().await;
        let sent: Value = admin
            .send(Method::POST, &format!("/api/admin/quotes/{accepted_quote}/send"), &json!({}))
            .await
            .json()
            .await
            .unwrap();
        let page = crate::fixtures::page_path(&sent);
        let yes = crate::fixtures::answer(
            app,
            &page,
            "handling=aksepter&versjon=1&navn=Fast+Kunde&lest=on",
            &app.url(""),
        )
        .await;
        assert_eq!(yes.status(), 303, "the fixture's accepted quote");
        let (job, entry, material, change) = job_fixtures(app, admin, lead_id, round).await;
        let (finished_job, invoice) = invoice_fixtures(admin, lead_id).await;
        let payments = payment_fixtures(admin, &invoice, round).await;
        let reminder = reminder_fixture(app, admin, &invoice).await;
        // The firm's registration, which a samsvarserklæring needs to be signed.
        let mut settings: Value = admin.get("/api/admin/settings").await.json().await.unwrap();
        settings["declaration_defaults"]["registration"] = "987 654 325".into();
        settings["invoicing"]["accounting_email"] = "bilag@regnskap.example".into();
        assert_eq!(
            admin.send(Method::PUT, "/api/admin/settings", &settings).await.status(),
            200,
            "the fixture's registration"
        );
        let users: Value = admin.get("/api/admin/users").await.json().await.unwrap();
        let caller = users
            .as_array()
            .unwrap()
            .iter()
            .find(|found| found["email"] == actor)
            .map_or_else(|| user.to_string(), |found| found["id"].as_str().unwrap().to_owned());
        let declared_job = declaration_fixture(admin, lead_id, &caller).await;
        // The plan (#63): a day of `job` for the caller, to move and remove, and a day away
        // to take back, each round on days of its own.
        let day = |month: u32| format!("2031-{month:02}-{:02}", round + 1);
        let planned = json!({ "job_id": job, "user_ids": [caller], "from": day(1) });
        let planned = admin.send(Method::POST, "/api/admin/plan-days", &planned).await;
        assert_eq!(planned.status(), 201, "the fixture's planned day");
        let planned: Value = planned.json().await.unwrap();
        let away = json!({ "user_id": caller, "day": day(2), "kind": "syk" });
        assert_eq!(
            admin.send(Method::PUT, "/api/admin/absences", &away).await.status(),
            200,
            "the fixture's day away"
        );
        let (told_job, told_seen) = told_fixture(admin, &caller, round).await;
        let form = Form::new().part("photo", Part::bytes(jpeg()).file_name("skap.jpg"));
        let photo_added = admin
            .request(Method::POST, &format!("/api/admin/jobs/{finished_job}/declaration/photos"))
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(photo_added.status(), 201, "the fixture's declaration photo");
        let declaration_photo: Value = photo_added.json().await.unwrap();
        // The invoiced job's documents link, for the operation that takes it back.
        let link = admin
            .send(Method::POST, &format!("/api/admin/jobs/{finished_job}/documents-link"), &json!({}))
            .await;
        assert_eq!(link.status(), 201, "the fixture's documents link");
        // The admin's calendar address, for the operations that switch one off.
        let feed = admin.send(Method::POST, "/api/admin/calendar-feeds", &json!({ "scope": "own" })).await;
        assert_eq!(feed.status(), 201, "the fixture's calendar address");
        // An approved month for the operation that opens one again (February of 2000 + the
        // round; the round approves its January itself).
        let month = json!({ "month": format!("{}-02", 2000 + round) });
        let approved = admin.send(Method::POST, "/api/admin/time/month/approval", &month).await;
        assert_eq!(approved.status(), 201, "the fixture's approved month");
        Self {
            photo,
            visit: visit["visit"]["id"].as_str().expect("the fixture's befaring").to_owned(),
            quote,
            sent_quote,
            spare_quote,
            actor: actor.to_owned(),
            reset_token,
            round,
            lead: lead_id.to_owned(),
            note: note["id"].as_str().unwrap().to_owned(),
            twin: twin["id"].as_str().unwrap().to_owned(),
            service: service["id"].as_str().unwrap().to_owned(),
            media: uploaded["uploaded"][0]["id"].as_str().unwrap().to_owned(),
            content: content["id"].as_str().unwrap().to_owned(),
            promises_reversed,
            user: user.to_string(),
            session_user: session_user.to_string(),
            session: session.to_string(),
            accepted_quote,
            job,
            entry,
            material,
            change,
            finished_job,
            invoice,
            declared_job,
            declaration_photo: declaration_photo["id"].as_str().unwrap().to_owned(),
            invoice_number: payments.number,
            hand_payment: payments.hand,
            bank_payment: payments.bank,
            open_payment: payments.open,
            aside_payment: payments.aside,
            reminder,
            plan_day: planned[0]["id"].as_str().unwrap().to_owned(),
            planned_for: caller,
            told_job,
            told_seen,
        }
    }

    /// `path` with its parameter filled in.
    pub fn path(&self, path: &str) -> String {
        if path == "/api/admin/time/sheet"
            || path == "/api/admin/time/month"
            || path == "/api/admin/time/payroll"
        {
            return format!("{path}?month={}", &crate::helpers::oslo_day(0)[..7]);
        }
        if path == "/api/admin/time/month/approval" {
            return format!("{path}?month={}-02", 2000 + self.round);
        }
        if path == "/api/admin/absences" {
            return format!("{path}?user_id={}&day=2031-02-{:02}", self.planned_for, self.round + 1);
        }
        let id = if path.starts_with("/api/admin/users/{id}/sessions")
            || path.starts_with("/api/admin/users/{id}/calendar-feeds")
        {
            &self.session_user
        } else if path.starts_with("/api/admin/leads/") {
            &self.lead
        } else if path.ends_with("/job") {
            &self.accepted_quote
        } else if path.ends_with("/declaration/sign") {
            &self.declared_job
        } else if path.starts_with("/api/admin/jobs/{id}/invoice")
            || path.ends_with("/documents-link")
            || path.contains("/declaration/photos")
        {
            &self.finished_job
        } else if path.ends_with("/plan-notice") {
            &self.told_job
        } else if path.starts_with("/api/admin/plan-days/") {
            &self.plan_day
        } else if path.starts_with("/api/admin/invoices/") {
            &self.invoice
        } else if path.starts_with("/api/admin/jobs/") {
            &self.job
        } else if path.starts_with("/api/admin/time/") {
            &self.entry
        } else if path.ends_with("/agreement") {
            &self.change
        } else if path.ends_with("/withdraw") {
            &self.spare_quote
        } else if path.ends_with("/revise") || path.ends_with("/new-link") {
            &self.sent_quote
        } else if path.starts_with("/api/admin/quotes/") {
            &self.quote
        } else if path.starts_with("/api/admin/visits/") {
            &self.visit
        } else if path.starts_with("/api/admin/photos/") {
            &self.photo
        } else if path.starts_with("/api/admin/services/") {
            &self.service
        } else if path.starts_with("/api/admin/media/") {
            &self.media
        } else if path.starts_with("/api/admin/content/") {
            &self.content
        } else if path.ends_with("/match") {
            &self.open_payment
        } else if path.ends_with("/set-aside") {
            &self.aside_payment
        } else if path.ends_with("/unmatch") {
            &self.bank_payment
        } else if path.starts_with("/api/admin/payments/") {
            &self.hand_payment
        } else if path.starts_with("/api/admin/reminders/") {
            &self.reminder
        } else {
            &self.user
        };
        path.replace("{id}", id)
            .replace("{note_id}", &self.note)
            .replace("{material_id}", &self.material)
            .replace("{session_id}", &self.session)
            .replace("{photo_id}", &self.declaration_photo)
            .replace("{slug}", "elektriker")
            .replace("{scope}", "own")
    }

    /// The id the audit entry should name, when the path names one.
    pub fn entity_id(&self, path: &str) -> Option<String> {
        path.contains("{id}").then(|| {
            let filled = self.path(path);
            filled.trim_start_matches("/api/admin/").split('/').nth(1).unwrap().to_owned()
        })
    }
}

/// The montør of round `round` (`montor{round}@fagfolk.test`), a call-out job on `lead`
/// that they work on, an hour entry of theirs, a material line and a draft change order:
/// `(job, entry, material, change)`.
async fn job_fixtures(
    app: &TestApp,
    admin: &Session,
    lead: &str,
    round: usize,
) -> (String, String, String, String) {
    let email = format!("montor{round}@fagfolk.test");
    let montor = app.create_user(&email, ADMIN_PASSWORD, fagfolk::users::Role::Montor).await;
    let job: Value = admin
        .send(
            Method::POST,
            &format!("/api/admin/leads/{lead}/jobs"),
            &json!({ "title": "Fast oppdrag", "hourly_rate": 90_000, "workers": [montor] }),
        )
        .await
        .json()
        .await
        .unwrap();
    let job = job["id"].as_str().expect("the fixture's job").to_owned();
    let worker = app.login(&email, ADMIN_PASSWORD).await;
    let entry: Value = worker
        .send(
            Method::POST,
            "/api/admin/time",
            &json!({ "job_id": job, "day": crate::helpers::oslo_day(0), "minutes": 120 }),
        )
        .await
        .json()
        .await
        .unwrap();
    let material: Value = worker
        .send(
            Method::POST,
            &format!("/api/admin/jobs/{job}/materials"),
            &json!({ "description": "Stikkontakt", "quantity": 200, "unit": "stk", "unit_price": 9_900, "vat": 25 }),
        )
        .await
        .json()
        .await
        .unwrap();
    let entry = entry["id"].as_str().expect("the fixture's hours").to_owned();
    let change: Value = admin
        .send(Method::POST, &format!("/api/admin/jobs/{job}/changes"), &json!({}))
        .await
        .json()
        .await
        .unwrap();
    let change = change["id"].as_str().expect("the fixture's change order").to_owned();
    // What is recorded as agreed must say what (issue #58, finding 10): one line.
    let line = json!([{ "description": "Ekstra stikkontakt", "quantity": 100, "unit": "stk", "unit_price": 120_000, "vat": 25 }]);
    let lined =
        admin.send(Method::PUT, &format!("/api/admin/quotes/{change}"), &json!({ "lines": line })).await;
    assert_eq!(lined.status(), 200, "the fixture's change order's line");
    (job, entry, material["id"].as_str().expect("the fixture's material").to_owned(), change)
}

/// A job of a customer with an e-mail address with a day planned for `person` in round
/// `round`'s June, and what its customer's notice was seen as: `(job, seen)`.
async fn told_fixture(admin: &Session, person: &str, round: usize) -> (String, String) {
    let lead =
        json!({ "name": "Planlagt Kunde", "status": "Ny", "email": format!("plan{round}@example.no") });
    let lead: Value = admin.send(Method::POST, "/api/admin/leads", &lead).await.json().await.unwrap();
    let lead = lead["id"].as_str().expect("the fixture's lead with an e-mail address");
    let job = json!({ "title": "Planlagt oppdrag", "hourly_rate": 90_000 });
    let job: Value =
        admin.send(Method::POST, &format!("/api/admin/leads/{lead}/jobs"), &job).await.json().await.unwrap();
    let job = job["id"].as_str().expect("the fixture's job to tell").to_owned();
    let day = json!({ "job_id": job, "user_ids": [person], "from": format!("2031-06-{:02}", round + 1), "starts_at": "07:30" });
    assert_eq!(
        admin.send(Method::POST, "/api/admin/plan-days", &day).await.status(),
        201,
        "the fixture's day to tell"
    );
    let preview = admin.get_json(&format!("/api/admin/jobs/{job}/plan-notice"), &[]).await;
    (job, preview["seen"].as_str().expect("the fixture's notice").to_owned())
}

/// A complete samsvarserklæring, as the declaration operations save it.
fn complete_declaration(description: &str, responsible: &str) -> Value {
    let done = |text: &str| json!({ "text": text, "done": true });
    json!({
        "address": "Storgata 1, 0155 Oslo",
        "description": description, "risk": [done("Vurdert")], "checks": [done("Målt")],
        "circuits": [{ "number": "1", "purpose": "Stikk", "protection": "C16", "cable": "PFSP 3G2,5", "rcd": "30 mA" }],
        "responsible_id": responsible, "responsible_certificate": "Autorisert elinstallatør",
    })
}

/// A call-out job on `lead` with a complete samsvarserklæring saved as a draft: the job.
async fn declaration_fixture(admin: &Session, lead: &str, responsible: &str) -> String {
    let job: Value = admin
        .send(
            Method::POST,
            &format!("/api/admin/leads/{lead}/jobs"),
            &json!({ "title": "Ny kurs", "hourly_rate": 90_000, "workers": [responsible] }),
        )
        .await
        .json()
        .await
        .unwrap();
    let job = job["id"].as_str().expect("the fixture's job to declare").to_owned();
    let draft = complete_declaration("Ny kurs til varmepumpe", responsible);
    let saved = admin.send(Method::PUT, &format!("/api/admin/jobs/{job}/declaration"), &draft).await;
    assert_eq!(saved.status(), 200, "the fixture's declaration");
    job
}

/// Two call-out jobs on `lead`, each with a material line and done: the first to invoice,
/// the second invoiced: `(finished job, invoice)`.
/// The fixture invoice's number and its payments.
struct PaymentFixtures {
    number: String,
    hand: String,
    bank: String,
    open: String,
    aside: String,
}

/// Moves `invoice` 40 days past its due date and posts it a purring, dated 20 days ago
/// with its 14 days run out, so that the inkassovarsel may go; the purring's id.
async fn reminder_fixture(app: &TestApp, admin: &Session, invoice: &str) -> String {
    let id: uuid::Uuid = invoice.parse().unwrap();
    let day = |days: i64| fagfolk_data::oslo::day_of(chrono::Utc::now()) + chrono::TimeDelta::days(days);
    fagfolk::db_run!(&app.state.db, pool => sqlx::query("UPDATE invoices SET issue_date = $1, due_date = $2 WHERE id = $3")
        .bind(day(-54)).bind(day(-40)).bind(id).execute(pool).await.map(|_| ()))
    .unwrap();
    let posted: Value = admin
        .send(
            Method::POST,
            &format!("/api/admin/invoices/{invoice}/reminders"),
            &json!({ "kind": "purring", "channel": "post" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let reminder: uuid::Uuid = posted["id"].as_str().expect("the fixture's purring").parse().unwrap();
    fagfolk::db_run!(&app.state.db, pool => sqlx::query("UPDATE invoice_reminders SET sent_on = $1, pay_by = $2 WHERE id = $3")
        .bind(day(-20)).bind(day(-6)).bind(reminder).execute(pool).await.map(|_| ()))
    .unwrap();
    reminder.to_string()
}

/// A payment of 1 kr registered by hand on `invoice`, and a bank file of round `round`
/// with 1 kr by the invoice's KID (booked) and two payments of unknown KIDs (waiting).
async fn payment_fixtures(admin: &Session, invoice: &str, round: usize) -> PaymentFixtures {
    let read: Value = admin.get_json(&format!("/api/admin/invoices/{invoice}"), &[]).await;
    let number = read["number"].as_str().expect("the fixture invoice's number").to_owned();
    let path = format!("/api/admin/invoices/{invoice}/payments");
    let body = json!({ "paid_on": crate::helpers::oslo_day(0), "amount": 100 });
    let hand: Value = admin.send(Method::POST, &path, &body).await.json().await.unwrap();
    let kid = fagfolk_data::values::kid(&number);
    let refs = [format!("F{round}-1"), format!("F{round}-2"), format!("F{round}-3")];
    let file = crate::fixtures::camt::camt054(
        crate::fixtures::camt::Version::V2,
        &crate::helpers::oslo_day(0),
        &[
            crate::fixtures::camt::Pay {
                reference: &refs[0],
                amount: "1.00",
                kid: Some(&kid),
                message: "",
                payer: "Fast Kunde",
            },
            crate::fixtures::camt::Pay {
                reference: &refs[1],
                amount: "2.00",
                kid: Some("12345678903"),
                message: "",
                payer: "Ukjent",
            },
            crate::fixtures::camt::Pay {
                reference: &refs[2],
                amount: "3.00",
                kid: Some("12345678903"),
                message: "",
                payer: "Ukjent",
            },
        ],
    );
    let imported = crate::fixtures::camt::import(admin, &file).await;
    assert_eq!(imported.status(), 200, "the fixture's bank file");
    let account: Value = admin.get_json(&path, &[]).await;
    let bank = account["payments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|payment| payment["bank_ref"] == refs[0].as_str())
        .expect("the fixture's payment by KID");
    let waiting: Value = admin.get_json("/api/admin/payments/waiting", &[]).await;
    let waiting_of = |reference: &str| {
        waiting["payments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|payment| payment["bank_ref"] == reference)
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    PaymentFixtures {
        number,
        hand: hand["id"].as_str().expect("the fixture's payment by hand").to_owned(),
        bank: bank["id"].as_str().unwrap().to_owned(),
        open: waiting_of(&refs[1]),
        aside: waiting_of(&refs[2]),
    }
}

async fn invoice_fixtures(admin: &Session, lead: &str) -> (String, String) {
    // An invoice is made only when it can be paid: the firm's account first.
    crate::fixtures::firm_can_invoice(admin).await;
    let mut done = Vec::new();
    for title in ["Ferdig oppdrag", "Fakturert oppdrag"] {
        let job: Value = admin
            .send(
                Method::POST,
                &format!("/api/admin/leads/{lead}/jobs"),
                &json!({ "title": title, "hourly_rate": 90_000 }),
            )
            .await
            .json()
            .await
            .unwrap();
        let job = job["id"].as_str().expect("the fixture's job to invoice").to_owned();
        let line =
            json!({ "description": "Kabel", "quantity": 1000, "unit": "lm", "unit_price": 2_500, "vat": 25 });
        let added = admin.send(Method::POST, &format!("/api/admin/jobs/{job}/materials"), &line).await;
        assert_eq!(added.status(), 201, "the fixture's material to invoice");
        let finished =
            admin.send(Method::PUT, &format!("/api/admin/jobs/{job}"), &json!({ "status": "done" })).await;
        assert_eq!(finished.status(), 200, "the fixture's job done");
        done.push(job);
    }
    let invoice: Value = admin
        .send(Method::POST, &format!("/api/admin/jobs/{}/invoices", done[1]), &json!({}))
        .await
        .json()
        .await
        .unwrap();
    (done[0].clone(), invoice["id"].as_str().expect("the fixture's invoice").to_owned())
}

pub async fn upload(session: &Session) -> reqwest::Response {
    session.request(Method::POST, "/api/admin/media").multipart(png_form()).send().await.unwrap()
}

fn jpeg() -> Vec<u8> {
    crate::media::picture(40, 30, image::ImageFormat::Jpeg)
}

/// A photo sent with an enquiry from an address of its own (the contact form's limit
/// stays the operations'): its row, its files, and the enquiry that claims it.
async fn sent_photo(app: &TestApp) -> String {
    use fagfolk_data::contact::store::photos::{self, PhotoLimit};
    let (id, now, address) = (uuid::Uuid::new_v4(), app.state.clock.now(), "198.51.100.9");
    let since = now - chrono::Duration::hours(1);
    let mut tx = app.state.db.begin().await.unwrap();
    let limit = PhotoLimit { since, count: 100, bytes: 1 << 30 };
    photos::reserve(&mut tx, id, address, 100, now, limit).await.unwrap().unwrap();
    tx.commit().await.unwrap();
    for thumb in [false, true] {
        app.state.storage.put_new(&fagfolk::contact::photos::key(id, thumb), jpeg().into()).await.unwrap();
    }
    photos::ready(&app.state.db, id, 40, 30, 100).await.unwrap();
    let input = fagfolk_data::contact::ContactInput {
        name: Some("Bilde Kunde".into()),
        email: Some("bilde@example.no".into()),
        phone: Some("912 34 567".into()),
        message: Some("Se bildet.".into()),
        photos: Some(vec![id.to_string()]),
        ..Default::default()
    };
    let form = fagfolk_data::contact::ContactForm::parse(input, &[]).ok().unwrap();
    let stored = app
        .state
        .enquiries
        .store(form, address, fagfolk_data::contact::Window { now, since, limit: 1000 })
        .await
        .unwrap();
    assert!(matches!(stored, fagfolk_data::contact::Stored::Done { .. }), "{stored:?}");
    id.to_string()
}

fn png_form() -> Form {
    let mut png = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(4, 3, image::Rgb([200, 40, 40]))
        .write_to(&mut png, image::ImageFormat::Png)
        .unwrap();
    Form::new().part("files", Part::bytes(png.into_inner()).file_name("matrise.png"))
}

/// Sends `operation` as `session` (or without one); the JSON body is `body`, if any.
pub async fn call(
    app: &TestApp,
    session: Option<&Session>,
    operation: &Operation,
    path: &str,
    body: Option<Value>,
) -> reqwest::Response {
    let method = Method::from_bytes(operation.method.as_bytes()).unwrap();
    let mut request = match session {
        Some(session) => session.request(method, path),
        None => app.client.request(method, app.url(path)).header("x-fagfolk-csrf", "1"),
    };
    if matches!(operation.body, Body::Upload) {
        request = request.multipart(png_form());
    } else if matches!(operation.body, Body::BankFile) {
        let reference = format!("P-{}", uuid::Uuid::new_v4().simple());
        let file = crate::fixtures::camt::camt054(
            crate::fixtures::camt::Version::V2,
            &crate::helpers::oslo_day(0),
            &[crate::fixtures::camt::Pay {
                reference: &reference,
                amount: "5.00",
                kid: None,
                message: "",
                payer: "Ukjent",
            }],
        );
        let form = Form::new().part("file", Part::bytes(file.into_bytes()).file_name("innbetalinger.xml"));
        request = request.multipart(form);
    } else if matches!(operation.body, Body::Photo) {
        request = request.multipart(Form::new().part("photo", Part::bytes(jpeg()).file_name("vask.jpg")));
    } else if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap()
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Caller {
    Visitor,
    Editor,
    Admin,
    Montor,
}

async fn every_operation_answers_each_role_as_the_table_says(app: TestApp) {
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let mut documented: Vec<String> = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            documented.push(format!("{} {path}", method.to_uppercase()));
        }
    }
    let mut listed: Vec<String> = OPERATIONS.iter().map(|o| format!("{} {}", o.method, o.path)).collect();
    documented.sort();
    listed.sort();
    assert_eq!(listed, documented, "every documented operation has exactly one row in OPERATIONS");

    let admin = app.admin().await;
    app.create_user("redaktor@fagfolk.test", ADMIN_PASSWORD, fagfolk::users::Role::Editor).await;
    app.create_user("besok@fagfolk.test", ADMIN_PASSWORD, fagfolk::users::Role::Editor).await;
    // The admin goes last: its run ends with signing out the session the fixtures use.
    let callers = [Caller::Visitor, Caller::Editor, Caller::Montor, Caller::Admin];
    for (round, caller) in callers.into_iter().enumerate() {
        // The montør is the one the round's fixtures put on its job.
        let montor = format!("montor{}@fagfolk.test", round + 1);
        let actor = match caller {
            Caller::Visitor => "besok@fagfolk.test",
            Caller::Editor => "redaktor@fagfolk.test",
            Caller::Admin => "admin@fagfolk.test",
            Caller::Montor => montor.as_str(),
        };
        let fixtures = Fixtures::create(&app, &admin, actor, round + 1).await;
        let session = match caller {
            Caller::Visitor => None,
            Caller::Admin => Some(admin.clone()),
            Caller::Editor | Caller::Montor => Some(app.login(actor, ADMIN_PASSWORD).await),
        };
        for operation in OPERATIONS {
            let expected = match caller {
                Caller::Visitor => operation.visitor,
                Caller::Editor => operation.editor,
                Caller::Admin => operation.admin,
                Caller::Montor => operation.montor,
            };
            let path = fixtures.path(operation.path);
            let body = match operation.body {
                Body::Json(make) => Some(make(&fixtures)),
                _ => None,
            };
            let entries_before = audit_entries(&app).await.len();
            let response = call(&app, session.as_ref(), operation, &path, body).await;
            let status = response.status().as_u16();
            let answer: Value = response.json().await.unwrap_or(Value::Null);
            let what = format!("{caller:?}: {} {path}", operation.method);
            let got = match status {
                200..=299 => Done,
                401 => SignIn,
                403 => Refused,
                _ => panic!("{what} answered {status}: {answer}"),
            };
            assert_eq!(got, expected, "{what} answered {status}: {answer}");

            let entries = audit_entries(&app).await;
            let audited = operation.audit.filter(|_| {
                got == Done
                    && (session.is_some()
                        || operation.path.starts_with("/api/auth/password-reset/confirm")
                        || operation.path == "/api/auth/login")
            });
            match audited {
                None => {
                    assert_eq!(entries.len(), entries_before, "{what} wrote an audit entry: {:?}", entries[0])
                }
                Some((action, entity)) => {
                    let cleared = action == "clear";
                    assert_eq!(
                        entries.len(),
                        if cleared { 1 } else { entries_before + 1 },
                        "{what}: one entry"
                    );
                    let (got_action, got_entity, entity_id, by, changes) = &entries[0];
                    assert_eq!((got_action.as_str(), got_entity.as_str()), (action, entity), "{what}");
                    // A link is used by whoever it was sent to, signed in or not.
                    let actor = if operation.path == "/api/auth/password-reset/confirm" {
                        format!("glemt{}@fagfolk.test", fixtures.round)
                    } else {
                        fixtures.actor.clone()
                    };
                    assert_eq!(by.as_deref(), Some(actor.as_str()), "{what}: who");
                    let expected_id = fixtures.entity_id(operation.path).or_else(|| {
                        answer["id"].as_str().or(answer["uploaded"][0]["id"].as_str()).map(str::to_owned)
                    });
                    // A new quote's, befaring's, job's, material's or contact's entry names
                    // it, not the lead, quote or job in the path.
                    let names_a_new_row = [
                        "/quotes",
                        "/visits",
                        "/job",
                        "/jobs",
                        "/materials",
                        "/contacts",
                        "/changes",
                        "/invoices",
                        "/credit-notes",
                        "/payments",
                        "/declaration",
                        "/sign",
                        "/photos",
                    ]
                    .iter()
                    .any(|end| operation.path.ends_with(end))
                        || operation.path.contains("{material_id}")
                        || operation.path.contains("{photo_id}");
                    if expected_id.is_some()
                        && !operation.path.starts_with("/api/auth/")
                        && !names_a_new_row
                        && entity != "settings"
                    {
                        assert_eq!(entity_id, &expected_id, "{what}: entity id");
                    }
                    assert_changed_fields_only(&what, changes.as_ref());
                    let text = format!("{:?}", changes);
                    for secret in
                        ["password", "$argon2", ADMIN_PASSWORD, "satt av en administrator", &admin.token]
                    {
                        assert!(!text.contains(secret), "{what}: the audit entry holds a secret: {text}");
                    }
                }
            }
        }
    }
    app.stop().await;
}

/// `{"before": {...}, "after": {...}}` with the same keys, each of which changed.
fn assert_changed_fields_only(what: &str, changes: Option<&Value>) {
    let Some(changes) = changes else { return };
    let (before, after) = (&changes["before"], &changes["after"]);
    let (Some(old), Some(new)) = (before.as_object(), after.as_object()) else {
        panic!("{what}: changes are not before/after objects: {changes}");
    };
    assert!(!old.is_empty() || !new.is_empty(), "{what}: an empty change was logged");
    for key in old.keys().chain(new.keys()) {
        assert_ne!(before.get(key), after.get(key), "{what}: unchanged field {key} logged in {changes}");
    }
}

/// A mutation that fails (unknown id, malformed body) leaves no audit entry.
async fn a_failed_mutation_writes_no_audit_entry(app: TestApp) {
    let admin = app.admin().await;
    let fixtures = Fixtures::create(&app, &admin, "admin@fagfolk.test", 1).await;
    let missing = uuid::Uuid::now_v7().to_string();
    for operation in OPERATIONS.iter().filter(|o| o.method != "GET" && o.path.starts_with("/api/admin/")) {
        let before = audit_entries(&app).await.len();
        if operation.path.contains("{id}") {
            let path = operation.path.replace("{id}", &missing);
            let body = match operation.body {
                Body::Json(make) => Some(make(&fixtures)),
                _ => None,
            };
            let status = call(&app, Some(&admin), operation, &path, body).await.status();
            assert_eq!(status, 404, "{} {path}", operation.method);
        }
        if matches!(operation.body, Body::Json(_)) {
            let path = fixtures.path(operation.path);
            let status =
                call(&app, Some(&admin), operation, &path, Some(json!("ikke et objekt"))).await.status();
            assert!(matches!(status.as_u16(), 400 | 422), "{} {path}: {status}", operation.method);
        }
        assert_eq!(audit_entries(&app).await.len(), before, "{} {}", operation.method, operation.path);
    }
    app.stop().await;
}

crate::db_tests!(a_failed_mutation_writes_no_audit_entry);

/// The table with a mailbox on a real socket, so the operations that e-mail (an invoice
/// sent) are carried out as in a firm that has e-mail.
mod by_mail {
    async fn every_operation_answers_each_role_as_the_table_says(
        app: crate::helpers::TestApp,
        _mail: tokio::sync::mpsc::UnboundedReceiver<String>,
    ) {
        super::every_operation_answers_each_role_as_the_table_says(app).await
    }

    crate::mail_tests!(every_operation_answers_each_role_as_the_table_says);
}
