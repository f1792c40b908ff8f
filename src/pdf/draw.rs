//! Drawing the laid-out pages with krilla, as PDF/A-2b, each page with its footer.

use chrono::{DateTime, Datelike, Timelike, Utc};
use krilla::configure::{Archival, ConfigurationBuilder};
use krilla::geom::{PathBuilder, Point, Size, Transform};
use krilla::image::Image;
use krilla::metadata::{self, Metadata};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::{Document, SerializeSettings};

use super::face::FONTS;
use super::{Align, HEIGHT, Item, LEFT, Layout, Letterhead, RIGHT, WIDTH, Weight};

/// Draws `layout` as a PDF/A-2b document called `title` (its metadata, and each page's
/// footer beside the firm's name and the page's number), made at `dated`.
pub(super) fn draw(
    layout: &Layout,
    title: &str,
    firm: &Letterhead,
    dated: DateTime<Utc>,
) -> anyhow::Result<Vec<u8>> {
    let configuration = ConfigurationBuilder::new()
        .with_archival_validator(Archival::A2_B)
        .finish()
        .map_err(|err| anyhow::anyhow!("PDF/A-oppsettet: {err:?}"))?;
    let settings = SerializeSettings { configuration, ..Default::default() };
    let mut document = Document::new_with(settings);
    let date = metadata::DateTime::new(dated.year() as u16)
        .month(dated.month() as u8)
        .day(dated.day() as u8)
        .hour(dated.hour() as u8)
        .minute(dated.minute() as u8)
        .second(dated.second() as u8);
    document.set_metadata(
        Metadata::new()
            .title(title.to_owned())
            .authors(vec![firm.name.clone()])
            .language("nb-NO".to_owned())
            .creation_date(date),
    );
    let logo = match &firm.logo_png {
        // PDF/A forbids image interpolation (krilla refuses it under A-2b).
        Some(png) => Image::from_png(png.clone().into(), false).ok(),
        None => None,
    };
    let count = layout.pages.len();
    for (index, items) in layout.pages.iter().enumerate() {
        let settings =
            PageSettings::from_wh(WIDTH, HEIGHT).ok_or_else(|| anyhow::anyhow!("sidestørrelsen"))?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        for item in items {
            draw_item(&mut surface, item, logo.as_ref());
        }
        let footer = format!("{} · {title} · side {} av {count}", firm.name, index + 1);
        let footer = FONTS.regular.printable(&footer);
        draw_text(
            &mut surface,
            Weight::Regular,
            8.0,
            WIDTH / 2.0 - FONTS.regular.width(&footer, 8.0) / 2.0,
            HEIGHT - 32.0,
            &footer,
            false,
        );
        surface.finish();
        page.finish();
    }
    document.finish().map_err(|err| anyhow::anyhow!("kunne ikke lage PDF-en: {err:?}"))
}

fn draw_item(surface: &mut Surface, item: &Item, logo: Option<&Image>) {
    match item {
        Item::Text { weight, size, x, y, align, text, green } => {
            let x = match align {
                Align::Left => *x,
                Align::Right => x - Layout::face(*weight).width(text, *size),
            };
            draw_text(surface, *weight, *size, x, *y, text, *green);
        }
        Item::Rule { y } => {
            let mut path = PathBuilder::new();
            path.move_to(LEFT, *y);
            path.line_to(RIGHT, *y);
            if let Some(path) = path.finish() {
                surface.set_fill(None);
                surface.set_stroke(Some(Stroke { width: 0.6, ..Default::default() }));
                surface.draw_path(&path);
                surface.set_stroke(None);
            }
        }
        Item::Photo { x, y, width, height, jpeg } => {
            // PDF/A forbids interpolation, as for the logo. A JPEG krilla cannot read is left out.
            if let (Ok(photo), Some(area)) =
                (Image::from_jpeg(jpeg.clone().into(), false), Size::from_wh(*width, *height))
            {
                surface.push_transform(&Transform::from_translate(*x, *y));
                surface.draw_image(photo, area);
                surface.pop();
            }
        }
        Item::Logo { x, y, size } => {
            if let (Some(logo), Some(area)) = (logo, Size::from_wh(*size, *size)) {
                surface.push_transform(&Transform::from_translate(*x, *y));
                surface.draw_image(logo.clone(), area);
                surface.pop();
            }
        }
    }
}

fn draw_text(surface: &mut Surface, weight: Weight, size: f32, x: f32, y: f32, text: &str, green: bool) {
    let face = Layout::face(weight);
    let color = if green {
        krilla::color::rgb::Color::new(0x16, 0x6b, 0x34)
    } else {
        krilla::color::rgb::Color::new(0x11, 0x18, 0x27)
    };
    surface.set_fill(Some(Fill { paint: color.into(), ..Default::default() }));
    surface.draw_glyphs(Point::from_xy(x, y), &face.glyphs(text), face.pdf.clone(), text, size, false);
}
