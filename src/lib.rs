//! Fagfolk: the public website and staff back office of an Oslo contractor firm.

pub mod config;
pub mod contact;
pub mod db;
pub mod http;
pub mod services;
pub mod site;
pub mod startup;
pub mod telemetry;
