//! Uploads are judged by their content, never by their name (README, "Security"; the
//! attack corpus is in `tests/api/media.rs`).

/// A file type we accept, found from the file's first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Jpeg,
    Png,
    Gif,
    Webp,
    Avif,
    Pdf,
}

impl Kind {
    pub fn mime(self) -> &'static str {
        match self {
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Gif => "image/gif",
            Self::Webp => "image/webp",
            Self::Avif => "image/avif",
            Self::Pdf => "application/pdf",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Jpeg => "jpg",
            Self::Png => "png",
            Self::Gif => "gif",
            Self::Webp => "webp",
            Self::Avif => "avif",
            Self::Pdf => "pdf",
        }
    }

    pub fn is_image(self) -> bool {
        self != Self::Pdf
    }
}

/// The kind of `bytes`, or `None` for anything else (SVG, HTML, text, executables...).
pub fn sniff(bytes: &[u8]) -> Option<Kind> {
    match bytes {
        [0xFF, 0xD8, 0xFF, ..] => Some(Kind::Jpeg),
        [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Some(Kind::Png),
        [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some(Kind::Gif),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some(Kind::Webp),
        [_, _, _, _, b'f', b't', b'y', b'p', b'a', b'v', b'i', b'f' | b's', ..] => Some(Kind::Avif),
        [b'%', b'P', b'D', b'F', b'-', ..] => Some(Kind::Pdf),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_known_by_their_first_bytes() {
        assert_eq!(sniff(b"\xFF\xD8\xFF\xE0rest"), Some(Kind::Jpeg));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nrest"), Some(Kind::Png));
        assert_eq!(sniff(b"GIF89a..."), Some(Kind::Gif));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some(Kind::Webp));
        assert_eq!(sniff(b"%PDF-1.7"), Some(Kind::Pdf));
        assert_eq!(sniff(b"\0\0\0\x1cftypavif\0\0\0\0"), Some(Kind::Avif));
        assert_eq!(sniff(b"\0\0\0\x1cftypavis\0\0\0\0"), Some(Kind::Avif), "an AVIF sequence");
        assert_eq!(sniff(b"\0\0\0\x1cftypmp42\0\0\0\0"), None, "an MP4 video is no picture");
        assert_eq!(sniff(b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script/></svg>"), None);
        assert_eq!(sniff(b"hello, I am text"), None);
        assert_eq!(sniff(b""), None);
    }
}
