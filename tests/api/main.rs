//! Black-box integration tests: the real app on a random port, talking HTTP, against a
//! fresh SQLite file and a fresh PostgreSQL database per test.

mod helpers;

mod audit_trail;
mod auth;
mod catalogue;
mod cli;
mod contact;
mod contact_page;
mod contact_photos;
mod content;
mod crash;
mod enquiry_batches;
mod erasure;
mod faults;
mod feeds;
mod hardening;
mod hardening2;
mod health;
mod hostile_pictures;
mod invariants;
mod invitations;
mod lead_history;
mod lead_merge;
mod leads;
mod media;
mod new_firm;
mod notify;
mod openapi;
mod pages;
mod pages_fast;
mod password_reset;
mod permissions;
mod photo_sweep;
mod preferred_times;
mod privacy;
mod quote_mail;
mod quote_security;
mod quotes;
mod reminders;
mod scale;
mod services;
mod settings;
mod unicode_pages;
mod users;
mod visits;
