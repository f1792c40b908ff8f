//! Reading an uploaded picture safely: its size comes from the decoder that will decode
//! it (never from a second parser that a crafted file can show another frame), and what
//! decoding will allocate is reserved against a budget before anything is allocated. The
//! hostile corpus that keeps this true is in `tests/api/hostile_pictures.rs`.

use std::io::Cursor;
use std::sync::{Condvar, Mutex, PoisonError};

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use super::sniff::Kind;

/// The largest picture we accept, in pixels: a header may promise far more than the
/// file holds (a decompression bomb).
pub const MAX_PIXELS: u64 = 50_000_000;
/// The longest side we accept: WebP, which the copies are written in, holds no more.
pub const MAX_SIDE: u32 = 16_383;
/// What decoding one picture may hold in memory at once: the decoded pixels, and for a
/// progressive JPEG its coefficients too. A 39-megapixel 8-bit photo fits (a phone's
/// usual is 12-24); 16 bits per channel, or a large progressive JPEG, halve that. With
/// the server's own memory and the upload's bytes this keeps an upload's peak under
/// 250 MB (docs/BENCHMARKS.md, "Hostile pictures").
pub const MAX_DECODE_BYTES: u64 = 112 * 1024 * 1024;

/// The bytes every picture being decoded on this instance may hold together (a contact
/// photo, a media library variant and the site's icon may decode at once): a decode waits
/// for its share (`hold`), so four hostile pictures at once hold no more than one
/// (docs/BENCHMARKS.md, "Hostile pictures").
pub const BUDGET: u64 = MAX_DECODE_BYTES;

static IN_USE: Mutex<u64> = Mutex::new(0);
static FREED: Condvar = Condvar::new();

/// A decode's share of [`BUDGET`], given back when dropped (when the decoded picture and
/// its copies are gone). Hold it as long as the picture from [`decode`].
#[must_use = "the share is given back when this is dropped"]
pub struct Held(u64);

impl Drop for Held {
    fn drop(&mut self) {
        let mut used = IN_USE.lock().unwrap_or_else(PoisonError::into_inner);
        *used -= self.0;
        FREED.notify_all();
    }
}

/// Waits (on a blocking thread) until `bytes` of the budget are free, and takes them.
fn hold(bytes: u64) -> Held {
    let bytes = bytes.min(BUDGET);
    let mut used = IN_USE.lock().unwrap_or_else(PoisonError::into_inner);
    while *used + bytes > BUDGET {
        used = FREED.wait(used).unwrap_or_else(PoisonError::into_inner);
    }
    *used += bytes;
    Held(bytes)
}

/// Why a picture is not taken in, each with its Norwegian message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Unreadable,
    TooLarge,
    TooHeavy,
}

impl Refusal {
    pub fn message(self) -> &'static str {
        match self {
            Self::Unreadable => "Bildet kunne ikke leses.",
            Self::TooLarge => "Bildet er for stort: høyst 50 megapiksler og 16 383 piksler på hver side.",
            Self::TooHeavy => {
                "Bildet krever for mye minne å behandle. Lagre det som vanlig JPEG eller PNG med færre piksler og prøv igjen."
            }
        }
    }
}

/// What the decoder saw in a picture's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// As stored, before the camera's orientation is applied.
    pub width: u32,
    pub height: u32,
    pub orientation: Orientation,
}

impl Header {
    /// Width and height as the picture is shown (a portrait photo stored on its side is
    /// shown upright).
    pub fn upright(&self) -> (u32, u32) {
        if turns_sideways(self.orientation) { (self.height, self.width) } else { (self.width, self.height) }
    }
}

fn turns_sideways(orientation: Orientation) -> bool {
    matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

fn format_of(kind: Kind) -> Option<ImageFormat> {
    match kind {
        Kind::Jpeg => Some(ImageFormat::Jpeg),
        Kind::Png => Some(ImageFormat::Png),
        Kind::Gif => Some(ImageFormat::Gif),
        Kind::Webp => Some(ImageFormat::WebP),
        Kind::Avif | Kind::Pdf => None,
    }
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    limits
}

/// A decoder for `bytes` whose size has been checked and whose allocation is reserved,
/// with the header it read and the bytes decoding it will hold (`working`).
fn open(bytes: &[u8], format: ImageFormat) -> Result<(impl ImageDecoder + '_, Header, u64), Refusal> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    // Sides are checked below with our own message; the allocation cap applies at once
    // (PNG reads it while it opens).
    let mut opening = Limits::default();
    opening.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(opening);
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(Refusal::TooLarge);
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Refusal::TooLarge);
    }
    let mut limits = limits();
    let pixels = u64::from(width) * u64::from(height);
    let working = decoder
        .total_bytes()
        .saturating_add(progressive_coefficients(bytes, format))
        .saturating_add(decoder_buffers(bytes, format, pixels));
    limits.reserve(working).map_err(|_| Refusal::TooHeavy)?;
    decoder.set_limits(limits).map_err(refusal)?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    Ok((decoder, Header { width, height, orientation }, working))
}

/// What a decoder holds beside the picture it hands over, measured per kind with the
/// hostile corpus (tests/api/hardening3.rs, docs/BENCHMARKS.md): a GIF's frame in its
/// own buffer; a lossy WebP's planes (Y, U and V); a lossless WebP's pixels as 32-bit
/// words while its transforms run; an animated WebP's canvas and the frame drawn onto it.
fn decoder_buffers(bytes: &[u8], format: ImageFormat, pixels: u64) -> u64 {
    match format {
        ImageFormat::Gif => pixels * 4,
        ImageFormat::WebP => match webp_kind(bytes) {
            WebpKind::Animated => pixels * 8,
            WebpKind::Lossless => pixels * 4,
            WebpKind::Lossy => pixels * 3 / 2,
        },
        _ => 0,
    }
}

#[derive(Debug, PartialEq, Eq)]
enum WebpKind {
    Lossy,
    Lossless,
    Animated,
}

/// How a WebP file is made, from its chunks: an extended file (`VP8X`) with the animation
/// flag, else lossless (`VP8L`) or lossy (`VP8 `). Anything unclear counts as animated,
/// the heaviest.
fn webp_kind(bytes: &[u8]) -> WebpKind {
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let size = u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]]) as usize;
        match &bytes[at..at + 4] {
            b"VP8X" if bytes.get(at + 8).is_some_and(|flags| flags & 0x02 != 0) => return WebpKind::Animated,
            b"ANIM" | b"ANMF" => return WebpKind::Animated,
            b"VP8L" => return WebpKind::Lossless,
            b"VP8 " => return WebpKind::Lossy,
            _ => {}
        }
        at = at.saturating_add(8).saturating_add(size).saturating_add(size % 2);
    }
    WebpKind::Animated
}

fn refusal(err: image::ImageError) -> Refusal {
    match err {
        image::ImageError::Limits(_) => Refusal::TooLarge,
        _ => Refusal::Unreadable,
    }
}

/// The bytes a progressive JPEG's coefficients take while it decodes (two per sample of
/// every component, at full resolution at worst), read by the decoder that decodes it.
/// Nothing for a baseline JPEG, which decodes a row of blocks at a time.
fn progressive_coefficients(bytes: &[u8], format: ImageFormat) -> u64 {
    if format != ImageFormat::Jpeg {
        return 0;
    }
    let mut decoder = zune_jpeg::JpegDecoder::new(zune_jpeg::zune_core::bytestream::ZCursor::new(bytes));
    if decoder.decode_headers().is_err() {
        return 0;
    }
    let Some(info) = decoder.info() else { return 0 };
    // A progressive (or lossless) JPEG holds every coefficient until its last scan.
    if !info.sof.is_sequential_dct() {
        u64::from(info.width) * u64::from(info.height) * u64::from(info.components) * 2
    } else {
        0
    }
}

/// Reads the header of a raster picture through the decoder that will decode it, and
/// refuses one too large to decode within [`MAX_DECODE_BYTES`]. `None` for kinds that are
/// not decoded here (AVIF: its size comes from its header, see `dimensions_only`).
pub fn inspect(bytes: &[u8], kind: Kind) -> Result<Option<Header>, Refusal> {
    let Some(format) = format_of(kind) else { return Ok(None) };
    open(bytes, format).map(|(_, header, _)| Some(header))
}

/// Width and height of a picture this build does not decode (AVIF), from its header.
pub fn dimensions_only(bytes: &[u8]) -> Result<(u32, u32), Refusal> {
    let size = imagesize::blob_size(bytes).map_err(|_| Refusal::Unreadable)?;
    let (width, height) = (u32::try_from(size.width), u32::try_from(size.height));
    match (width, height) {
        (Ok(width), Ok(height))
            if width > 0
                && height > 0
                && width <= MAX_SIDE
                && height <= MAX_SIDE
                && u64::from(width) * u64::from(height) <= MAX_PIXELS =>
        {
            Ok((width, height))
        }
        _ => Err(Refusal::TooLarge),
    }
}

/// Decodes a picture within the limits, once its share of [`BUDGET`] is free (waiting on
/// this blocking thread until then); the share is held until the caller drops the
/// [`Held`], after the large picture. Orientation is left to the caller, who applies it
/// after scaling down, where it costs a copy of the small picture, not of the large one.
pub fn decode(bytes: &[u8]) -> Result<(DynamicImage, Header, Held), String> {
    let kind = super::sniff::sniff(bytes).ok_or("ukjent filtype")?;
    let format = format_of(kind).ok_or("filtypen dekodes ikke her")?;
    let (decoder, header, working) = open(bytes, format).map_err(|refusal| refusal.message().to_owned())?;
    let held = hold(working);
    let picture = DynamicImage::from_decoder(decoder).map_err(|err| err.to_string())?;
    Ok((picture, header, held))
}

/// Turns a scaled picture upright as the camera recorded it.
pub fn upright(mut picture: DynamicImage, orientation: Orientation) -> DynamicImage {
    picture.apply_orientation(orientation);
    picture
}

/// `picture` at `width` x `height` (its stored size, before it is turned): the same picture
/// when it is that size already, else a scaled copy, the full-size one dropped at once so
/// that only one large copy is ever held.
pub fn scaled_to(picture: DynamicImage, width: u32, height: u32) -> DynamicImage {
    if (width, height) == (picture.width(), picture.height()) {
        return picture;
    }
    let scaled = picture.thumbnail_exact(width, height);
    drop(picture);
    scaled
}

/// The size a picture shown `upright` at `width` x `height` has before it is turned.
pub fn as_stored(width: u32, height: u32, orientation: Orientation) -> (u32, u32) {
    if turns_sideways(orientation) { (height, width) } else { (width, height) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let img =
            image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x * 7) as u8, (y * 5) as u8, 90]));
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, ImageFormat::Jpeg).unwrap();
        out.into_inner()
    }

    #[test]
    fn the_size_is_the_decoders_own() {
        let header = inspect(&jpeg(40, 30), Kind::Jpeg).unwrap().unwrap();
        assert_eq!((header.width, header.height), (40, 30));
        assert_eq!(header.orientation, Orientation::NoTransforms);
        assert_eq!(inspect(b"\xff\xd8\xff\xe0 bare tull", Kind::Jpeg), Err(Refusal::Unreadable));
        assert_eq!(inspect(b"%PDF-1.4", Kind::Pdf), Ok(None));
    }

    #[test]
    fn a_sideways_photo_is_shown_upright() {
        let header = Header { width: 4000, height: 3000, orientation: Orientation::Rotate90 };
        assert_eq!(header.upright(), (3000, 4000));
        assert_eq!(as_stored(3000, 4000, Orientation::Rotate90), (4000, 3000));
        assert_eq!(as_stored(3000, 4000, Orientation::Rotate180), (3000, 4000));
    }

    #[test]
    fn a_webp_file_is_known_by_its_chunks() {
        let riff = |chunks: &[u8]| [b"RIFF\0\0\0\0WEBP".as_slice(), chunks].concat();
        assert_eq!(webp_kind(&riff(b"VP8 \x04\0\0\0abcd")), WebpKind::Lossy);
        assert_eq!(webp_kind(&riff(b"VP8L\x04\0\0\0abcd")), WebpKind::Lossless);
        assert_eq!(webp_kind(&riff(b"VP8X\x0a\0\0\0\x02\0\0\0\0\0\0\0\0\0")), WebpKind::Animated);
        assert_eq!(
            webp_kind(&riff(b"VP8X\x0a\0\0\0\x10\0\0\0\0\0\0\0\0\0ALPH\x01\0\0\0a\0VP8 \x00\0\0\0")),
            WebpKind::Lossy
        );
        assert_eq!(webp_kind(&riff(b"")), WebpKind::Animated, "unclear counts as the heaviest");
    }

    #[test]
    fn shares_of_the_budget_wait_for_each_other() {
        let first = hold(BUDGET - 10);
        let (sender, receiver) = std::sync::mpsc::channel();
        let waiting = std::thread::spawn(move || {
            let _second = hold(20);
            sender.send(()).unwrap();
        });
        assert!(
            receiver.recv_timeout(std::time::Duration::from_millis(200)).is_err(),
            "waits while the first holds"
        );
        drop(first);
        receiver.recv_timeout(std::time::Duration::from_secs(5)).expect("goes once the first is done");
        waiting.join().unwrap();
    }
}
