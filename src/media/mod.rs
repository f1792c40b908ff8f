//! Media: uploads checked by content, stored under never-overwritten names, with their
//! dimensions read on the server and smaller WebP copies made in the background
//! (`variants`); alt text editing, delete, and serving under /media.

pub use fagfolk_data::media::*;

mod metadata;
pub mod photo;
pub mod picture;
pub mod routes;
pub mod sniff;
pub mod storage;
mod upload;
pub mod variants;
