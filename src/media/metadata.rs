//! Metadata stripped from uploaded originals, which are public at `/media/<key>`: a
//! phone's photo carries where it was taken (EXIF GPS), the phone's model and serial,
//! the time, and XMP or IPTC text. The pixels are copied as they are (no re-encoding, so
//! no quality is lost and no second full-size picture is held in memory); what is kept is
//! what the picture needs to look the same: its colour profile and, when the camera
//! stored it turned, its orientation alone, as a one-entry EXIF block that every browser
//! and the copies' decoder apply.
//!
//! GIF (no EXIF container), AVIF and PDF are stored as they are.

use super::sniff::Kind;

/// `bytes` without metadata, keeping the orientation `orientation` (EXIF's 1-8). `None`
/// when the file's structure cannot be followed, so nothing can be promised about it.
pub fn strip(kind: Kind, bytes: &[u8], orientation: u8) -> Option<Vec<u8>> {
    match kind {
        Kind::Jpeg => strip_jpeg(bytes, orientation),
        Kind::Png => strip_png(bytes, orientation),
        Kind::Webp => strip_webp(bytes, orientation),
        Kind::Gif | Kind::Avif | Kind::Pdf => Some(bytes.to_vec()),
    }
}

/// A big-endian TIFF block with one entry: Orientation (0x0112, SHORT) = `value`.
fn orientation_tiff(value: u8) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a\0\0\0\x08\0\x01".to_vec();
    tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0, value, 0, 0]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    tiff
}

fn u16_be(bytes: &[u8], at: usize) -> Option<usize> {
    Some(usize::from(u16::from_be_bytes(bytes.get(at..at + 2)?.try_into().ok()?)))
}

/// JPEG: APP0 (JFIF), the ICC profile (APP2) and Adobe's colour transform (APP14) are
/// kept with the tables, frame and scans; EXIF and XMP (APP1), other APPn, comments and
/// anything after the end marker (phones append second pictures there) are dropped.
/// Fill bytes (`FF FF`) before a marker are read as the decoder reads them.
fn strip_jpeg(bytes: &[u8], orientation: u8) -> Option<Vec<u8>> {
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&[0xFF, 0xD8]);
    let mut orientation_written = orientation <= 1;
    let mut i = 2;
    while i < bytes.len() {
        if bytes[i] != 0xFF {
            return None;
        }
        while bytes.get(i) == Some(&0xFF) {
            i += 1;
        }
        let marker = *bytes.get(i)?;
        i += 1;
        match marker {
            0xD9 => {
                out.extend_from_slice(&[0xFF, 0xD9]);
                return Some(out);
            }
            0x01 | 0xD0..=0xD7 => out.extend_from_slice(&[0xFF, marker]),
            0x00 | 0xD8 => return None,
            _ => {
                let length = u16_be(bytes, i)?;
                let segment = bytes.get(i..i + length)?;
                if length < 2 {
                    return None;
                }
                if !orientation_written && marker != 0xE0 {
                    let exif = [b"Exif\0\0".as_slice(), &orientation_tiff(orientation)].concat();
                    out.extend_from_slice(&[0xFF, 0xE1]);
                    out.extend_from_slice(&u16::try_from(exif.len() + 2).ok()?.to_be_bytes());
                    out.extend_from_slice(&exif);
                    orientation_written = true;
                }
                let keep = match marker {
                    0xE2 => segment[2..].starts_with(b"ICC_PROFILE\0"),
                    0xE0 | 0xEE => true,
                    0xE1 | 0xE3..=0xED | 0xEF | 0xFE => false,
                    _ => true,
                };
                if keep {
                    out.extend_from_slice(&[0xFF, marker]);
                    out.extend_from_slice(segment);
                }
                i += length;
                if marker == 0xDA {
                    // The scan's coded data runs to the next marker that is not a stuffed
                    // zero, a restart or a fill byte.
                    let start = i;
                    while i + 1 < bytes.len() {
                        if bytes[i] == 0xFF && !matches!(bytes[i + 1], 0x00 | 0xD0..=0xD7 | 0xFF) {
                            break;
                        }
                        i += 1;
                    }
                    if i + 1 >= bytes.len() {
                        i = bytes.len();
                    }
                    out.extend_from_slice(&bytes[start..i]);
                }
            }
        }
    }
    // Cut short: the picture decodes as far as it goes, and nothing of metadata is left.
    Some(out)
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Option<Vec<u8>> {
    let mut chunk = u32::try_from(data.len()).ok()?.to_be_bytes().to_vec();
    chunk.extend_from_slice(kind);
    chunk.extend_from_slice(data);
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    chunk.extend_from_slice(&crc.sum().to_be_bytes());
    Some(chunk)
}

/// PNG: the text chunks (`tEXt`, `zTXt`, `iTXt`), `eXIf` and `tIME` are dropped, and
/// anything after `IEND`.
fn strip_png(bytes: &[u8], orientation: u8) -> Option<Vec<u8>> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if !bytes.starts_with(SIGNATURE) {
        return None;
    }
    let mut out = SIGNATURE.to_vec();
    let mut orientation_written = orientation <= 1;
    let mut i = SIGNATURE.len();
    while i + 8 <= bytes.len() {
        let length = usize::try_from(u32::from_be_bytes(bytes[i..i + 4].try_into().ok()?)).ok()?;
        let kind: [u8; 4] = bytes[i + 4..i + 8].try_into().ok()?;
        let end = i.checked_add(12)?.checked_add(length)?;
        let chunk = bytes.get(i..end)?;
        if &kind == b"IDAT" && !orientation_written {
            out.extend_from_slice(&png_chunk(b"eXIf", &orientation_tiff(orientation))?);
            orientation_written = true;
        }
        if !matches!(&kind, b"tEXt" | b"zTXt" | b"iTXt" | b"eXIf" | b"tIME") {
            out.extend_from_slice(chunk);
        }
        i = end;
        if &kind == b"IEND" {
            return Some(out);
        }
    }
    Some(out)
}

/// WebP: the `EXIF` and `XMP ` chunks are dropped and their flags cleared in `VP8X`.
fn strip_webp(bytes: &[u8], orientation: u8) -> Option<Vec<u8>> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WEBP" {
        return None;
    }
    let mut body = Vec::with_capacity(bytes.len());
    let mut extended = false;
    let mut i = 12;
    while i + 8 <= bytes.len() {
        let fourcc: [u8; 4] = bytes[i..i + 4].try_into().ok()?;
        let size = usize::try_from(u32::from_le_bytes(bytes[i + 4..i + 8].try_into().ok()?)).ok()?;
        let end = i.checked_add(8)?.checked_add(size)?.checked_add(size % 2)?.min(bytes.len());
        let mut chunk = bytes.get(i..end)?.to_vec();
        if &fourcc == b"VP8X" {
            extended = true;
            let flags = chunk.get_mut(8)?;
            // XMP (bit 2) goes; EXIF (bit 3) stays only for the orientation written below.
            *flags &= !0x04;
            if orientation <= 1 {
                *flags &= !0x08;
            } else {
                *flags |= 0x08;
            }
        }
        if !matches!(&fourcc, b"EXIF" | b"XMP ") {
            body.extend_from_slice(&chunk);
        }
        i = end;
    }
    if extended && orientation > 1 {
        let tiff = orientation_tiff(orientation);
        body.extend_from_slice(b"EXIF");
        body.extend_from_slice(&u32::try_from(tiff.len()).ok()?.to_le_bytes());
        body.extend_from_slice(&tiff);
    }
    let mut out = b"RIFF".to_vec();
    out.extend_from_slice(&u32::try_from(body.len() + 4).ok()?.to_le_bytes());
    out.extend_from_slice(b"WEBP");
    out.extend_from_slice(&body);
    Some(out)
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use image::metadata::Orientation;
    use image::{ImageDecoder, ImageEncoder};

    use super::*;

    const GPS: &[u8] = b"GPS 59.9139 N 10.7522 E iPhone 15 Pro";

    fn exif_with(orientation: u8) -> Vec<u8> {
        // A TIFF block with Orientation and a Make string that stands in for GPS and model.
        let mut tiff = b"MM\0\x2a\0\0\0\x08\0\x02".to_vec();
        tiff.extend_from_slice(&[0x01, 0x0F, 0x00, 0x02, 0, 0, 0, GPS.len() as u8, 0, 0, 0, 38]);
        tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0, orientation, 0, 0]);
        tiff.extend_from_slice(&[0, 0, 0, 0]);
        tiff.extend_from_slice(GPS);
        tiff
    }

    fn jpeg_with_exif(orientation: u8) -> Vec<u8> {
        let img = image::RgbImage::from_fn(32, 16, |x, y| image::Rgb([(x * 7) as u8, (y * 9) as u8, 90]));
        let mut out = Vec::new();
        let mut encoder = image::codecs::jpeg::JpegEncoder::new(&mut out);
        encoder.set_exif_metadata(exif_with(orientation)).unwrap();
        encoder.write_image(img.as_raw(), 32, 16, image::ExtendedColorType::Rgb8).unwrap();
        // A comment and an XMP packet too, after the start.
        let mut extra = vec![0xFF, 0xFE, 0x00, 0x0C];
        extra.extend_from_slice(b"hemmelig!!");
        out.splice(2..2, extra);
        out.extend_from_slice(b"\xFF\xD8 a second picture a phone appends");
        out
    }

    fn decoded_orientation(bytes: &[u8]) -> Orientation {
        let mut decoder = image::ImageReader::new(Cursor::new(bytes))
            .with_guessed_format()
            .unwrap()
            .into_decoder()
            .unwrap();
        decoder.orientation().unwrap()
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    #[test]
    fn a_jpeg_loses_its_gps_and_comments_and_keeps_its_pixels_and_orientation() {
        let original = jpeg_with_exif(6);
        assert!(contains(&original, GPS));
        let stripped = strip(Kind::Jpeg, &original, 6).unwrap();
        assert!(!contains(&stripped, GPS));
        assert!(!contains(&stripped, b"hemmelig"));
        assert!(!contains(&stripped, b"second picture"));
        assert_eq!(decoded_orientation(&stripped), Orientation::Rotate90);
        let before = image::load_from_memory(&original).unwrap().to_rgb8();
        let after = image::load_from_memory(&stripped).unwrap().to_rgb8();
        assert_eq!(before, after, "the pixels are the same pixels");
        let upright = strip(Kind::Jpeg, &jpeg_with_exif(1), 1).unwrap();
        assert_eq!(decoded_orientation(&upright), Orientation::NoTransforms);
        assert!(!contains(&upright, b"Exif"));
    }

    #[test]
    fn a_png_loses_its_text_and_exif() {
        let img = image::RgbaImage::from_fn(8, 8, |x, _| image::Rgba([x as u8 * 30, 0, 0, 255]));
        let mut png = Vec::new();
        let mut encoder = image::codecs::png::PngEncoder::new(&mut png);
        encoder.set_exif_metadata(exif_with(3)).unwrap();
        encoder.write_image(img.as_raw(), 8, 8, image::ExtendedColorType::Rgba8).unwrap();
        let text = png_chunk(b"tEXt", b"Comment\0hemmelig").unwrap();
        png.splice(33..33, text);
        let stripped = strip(Kind::Png, &png, 3).unwrap();
        assert!(!contains(&stripped, GPS) && !contains(&stripped, b"hemmelig"));
        assert_eq!(decoded_orientation(&stripped), Orientation::Rotate180);
        assert_eq!(image::load_from_memory(&stripped).unwrap().to_rgba8(), img);
    }

    #[test]
    fn a_webp_loses_its_exif_and_xmp() {
        let img = image::RgbImage::from_fn(8, 8, |x, y| image::Rgb([x as u8 * 30, y as u8 * 30, 0]));
        let mut simple = Vec::new();
        image::codecs::webp::WebPEncoder::new_lossless(&mut simple)
            .write_image(img.as_raw(), 8, 8, image::ExtendedColorType::Rgb8)
            .unwrap();
        // The extended form a camera app writes: VP8X (EXIF and XMP flagged), the
        // picture, then EXIF and XMP chunks.
        let mut body = b"VP8X\x0a\0\0\0\x0c\0\0\0\x07\0\0\x07\0\0".to_vec();
        body.extend_from_slice(&simple[12..]);
        let exif = exif_with(8);
        body.extend_from_slice(b"EXIF");
        body.extend_from_slice(&(exif.len() as u32).to_le_bytes());
        body.extend_from_slice(&exif);
        if exif.len() % 2 == 1 {
            body.push(0);
        }
        body.extend_from_slice(b"XMP \x08\0\0\0hemmelig");
        let mut webp = b"RIFF".to_vec();
        webp.extend_from_slice(&(body.len() as u32 + 4).to_le_bytes());
        webp.extend_from_slice(b"WEBP");
        webp.extend_from_slice(&body);
        assert!(contains(&webp, GPS));
        let stripped = strip(Kind::Webp, &webp, 8).unwrap();
        assert!(!contains(&stripped, GPS) && !contains(&stripped, b"hemmelig"));
        assert_eq!(decoded_orientation(&stripped), Orientation::Rotate270);
        assert_eq!(image::load_from_memory(&stripped).unwrap().to_rgb8(), img);
        let upright = strip(Kind::Webp, &webp, 1).unwrap();
        assert!(!contains(&upright, b"EXIF"));
        assert_eq!(image::load_from_memory(&upright).unwrap().to_rgb8(), img);
    }

    #[test]
    fn a_file_whose_structure_breaks_is_not_promised_clean() {
        assert_eq!(strip(Kind::Jpeg, b"\xFF\xD8\xFF\xE1\xFF\xFF short", 1), None);
        assert_eq!(strip(Kind::Png, b"not a png", 1), None);
    }
}
