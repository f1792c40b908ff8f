//! Fagfolk's data layer: the database (SQLite or PostgreSQL), the records of every
//! resource and their stores, and the operations that span resources, each in one
//! transaction. It knows nothing of HTTP: the server (`src/`) depends on it, never the
//! other way round, and a wrong import here is a compile error (docs/ARCHITECTURE.md).

pub mod audit;
pub mod auth;
pub mod categories;
pub mod clock;
pub mod contact;
pub mod content;
pub mod db;
pub mod declarations;
pub mod documents;
pub mod fields;
pub mod invoices;
pub mod jobs;
pub mod leads;
pub mod media;
pub mod money;
pub mod oslo;
pub mod payments;
pub mod planning;
pub mod privacy;
pub mod quotes;
pub mod refusal;
pub mod reminders;
pub mod seed;
pub mod services;
pub mod settings;
pub mod site;
pub mod text;
pub mod todo;
pub mod users;
pub mod values;
pub mod visits;
