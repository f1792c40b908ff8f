//! The embedded font, measured: Liberation Sans 2 (SIL Open Font License,
//! `assets/fonts/`), one glyph per character (Latin text needs no shaping beyond the
//! advances), lines broken by measured width.

use std::sync::LazyLock;

use krilla::text::{Font, GlyphId, KrillaGlyph};
use skrifa::instance::{LocationRef, Size as FontSize};
use skrifa::metrics::GlyphMetrics;
use skrifa::{FontRef, MetadataProvider, charmap::Charmap};

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/LiberationSans-Regular.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/LiberationSans-Bold.ttf");

/// A font loaded once: krilla's handle for embedding, skrifa's views for measuring.
pub(super) struct Face {
    pub(super) pdf: Font,
    charmap: Charmap<'static>,
    metrics: GlyphMetrics<'static>,
    units_per_em: f32,
}

impl Face {
    fn new(data: &'static [u8]) -> Self {
        let font = FontRef::new(data).expect("the embedded font is a font");
        Self {
            pdf: Font::new(data.into(), 0).expect("krilla reads the embedded font"),
            charmap: font.charmap(),
            metrics: font.glyph_metrics(FontSize::unscaled(), LocationRef::default()),
            units_per_em: f32::from(font.metrics(FontSize::unscaled(), LocationRef::default()).units_per_em),
        }
    }

    /// `text` with every character the font lacks as `?`, and control characters as spaces.
    pub(super) fn printable(&self, text: &str) -> String {
        text.chars()
            .map(|c| match c {
                c if c.is_control() => ' ',
                c if self.charmap.map(c).is_some() => c,
                _ => '?',
            })
            .collect()
    }

    /// One glyph per character: Latin text needs no shaping beyond its advances.
    pub(super) fn glyphs(&self, text: &str) -> Vec<KrillaGlyph> {
        text.char_indices()
            .map(|(index, c)| {
                let glyph = self.charmap.map(c).unwrap_or_default();
                let advance = self.metrics.advance_width(glyph).unwrap_or(0.0) / self.units_per_em;
                KrillaGlyph::new(
                    GlyphId::new(glyph.to_u32()),
                    advance,
                    0.0,
                    0.0,
                    0.0,
                    index..index + c.len_utf8(),
                    None,
                )
            })
            .collect()
    }

    pub(super) fn width(&self, text: &str, size: f32) -> f32 {
        self.glyphs(text).iter().map(|glyph| glyph.x_advance).sum::<f32>() * size
    }

    /// `text` broken into lines no wider than `max` (a word longer than a line is cut).
    pub(super) fn wrap(&self, text: &str, size: f32, max: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for paragraph in text.split('\n') {
            let mut line = String::new();
            for word in paragraph.split_whitespace() {
                let candidate = if line.is_empty() { word.to_owned() } else { format!("{line} {word}") };
                if self.width(&candidate, size) <= max || line.is_empty() && self.width(word, size) <= max {
                    line = candidate;
                    continue;
                }
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                for c in word.chars() {
                    if !line.is_empty() && self.width(&format!("{line}{c}"), size) > max {
                        lines.push(std::mem::take(&mut line));
                    }
                    line.push(c);
                }
            }
            lines.push(line);
        }
        lines
    }
}

pub(super) struct Fonts {
    pub(super) regular: Face,
    pub(super) bold: Face,
}

pub(super) static FONTS: LazyLock<Fonts> =
    LazyLock::new(|| Fonts { regular: Face::new(REGULAR), bold: Face::new(BOLD) });
