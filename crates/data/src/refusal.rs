//! Why a request is turned down, in Norwegian, and what kind of "no" it is. Each resource
//! keeps its refusals as one enum in its own module here (`jobs::Refused`,
//! `invoices::NotIssued`, `declarations::Refused` ...) that implements [`Refusal`]; the
//! server turns any of them into its answer (`src/http/error.rs`), so a handler names a
//! refusal and never writes its text (the house rules fail an inline one).

use std::borrow::Cow;

/// What kind of refusal, which the server answers with its status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A sign-in turned down (401, with the reason to show).
    SignIn,
    /// The request itself is malformed (400).
    BadRequest,
    /// The caller may not do this (403).
    Forbidden,
    /// The thing is not there, or not for this caller (404).
    NotFound,
    /// The thing's state does not allow it now (409).
    Conflict,
    /// One field of the form is wrong (422, said under that field).
    Field(&'static str),
    /// What was sent is larger than this route takes (413, naming the limit).
    TooLarge,
}

/// A resource's refusal: its kind and the sentence the user reads.
pub trait Refusal {
    fn kind(&self) -> Kind;
    fn text(&self) -> Cow<'static, str>;
}
