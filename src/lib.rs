//! Fagfolk: the public website and staff back office of an Oslo contractor firm.

pub mod app;
pub mod audit;
pub mod auth;
pub mod backup;
pub mod categories;
pub mod config;
pub mod contact;
pub mod content;
pub mod dashboard;
pub mod db;
pub mod declarations;
pub mod documents;
pub mod health;
pub mod http;
pub mod invoices;
pub mod jobs;
pub mod leads;
pub mod mail;
pub mod media;
pub mod memory;
pub mod metrics;
pub mod payments;
pub mod pdf;
pub mod planning;
pub mod privacy;
pub mod quotes;
pub mod reminders;
pub mod search;
pub mod services;
pub mod settings;
pub mod site;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod users;
pub mod visits;

// The data layer's modules under the paths the server has always used.
pub use fagfolk_data::{audit_insert, audited, bind_lead, clock, db_run, fields, text, tx_run};
