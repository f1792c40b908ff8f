//! Why an upload to the media library or a photo (the contact form's, a receipt's, a
//! declaration's) was turned down, or a file not found (`crate::refusal`). A file's own
//! failure inside an upload of several (too big, not a picture) is said in the upload's
//! report instead, beside the files that went through.

use std::borrow::Cow;

use crate::refusal::{Kind, Refusal};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The library upload is not `multipart/form-data`.
    NotMultipart,
    /// The field `files` holds text instead of a file.
    NotAFile,
    /// The upload names no file at all.
    NoFiles,
    /// The body broke off or could not be read.
    Broken,
    /// An alt text longer than 300 characters.
    AltTooLong,
    /// A photo form without a picture in its field `photo`.
    NoPhoto,
    /// A contact form's photo that is not there (or no longer).
    PhotoGone,
}

impl Refusal for Refused {
    fn kind(&self) -> Kind {
        match self {
            Self::NotMultipart | Self::NotAFile | Self::Broken => Kind::BadRequest,
            Self::NoFiles => Kind::Field("files"),
            Self::AltTooLong => Kind::Field("alt"),
            Self::NoPhoto => Kind::Field("photo"),
            Self::PhotoGone => Kind::NotFound,
        }
    }

    fn text(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::NotMultipart => "Opplastingen må sendes som multipart/form-data med feltet «files».",
            Self::NotAFile => "Feltet «files» må inneholde filer, ikke tekst.",
            Self::NoFiles => "Velg minst én fil.",
            Self::Broken => "Opplastingen ble avbrutt eller er ødelagt. Prøv igjen.",
            Self::AltTooLong => "Kan ikke være lengre enn 300 tegn.",
            Self::NoPhoto => "Velg et bilde.",
            Self::PhotoGone => "Fant ikke bildet. Det kan være slettet.",
        })
    }
}
