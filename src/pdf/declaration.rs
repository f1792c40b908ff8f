//! The samsvarserklæring as a PDF/A (forskrift om elektriske lavspenningsanlegg § 13):
//! the installation's address, the firm with its registration in Elvirksomhetsregisteret,
//! what the work did and what it was, the norms, the risk assessment and the final check
//! with their results, the circuit list, and the responsible person's name, certificate and
//! the time they signed; then the photos from the job, each with its caption.

use fagfolk_data::declarations::{CheckItem, Declaration};
use fagfolk_data::oslo;

use super::face::FONTS;
use super::{Align, Item, LEFT, Layout, Letterhead, RIGHT, TOP, Weight, fit, letterhead};

/// Where the circuit list's columns start.
const NUMBER: f32 = LEFT;
const PURPOSE: f32 = LEFT + 40.0;
const PROTECTION: f32 = LEFT + 250.0;
const CABLE: f32 = LEFT + 315.0;
const RCD: f32 = LEFT + 410.0;

fn checklist(page: &mut Layout, title: &str, items: &[CheckItem]) {
    page.heading(title);
    for item in items {
        let mark = if item.done { "[x]" } else { "[ ]" };
        page.paragraph(Weight::Regular, 9.5, LEFT, &format!("{mark} {}", item.text));
    }
}

/// A photo from the job as the PDF draws it: its caption, its JPEG (empty when its file
/// is missing: the caption alone is written) and its size in pixels.
pub struct Photo {
    pub caption: String,
    pub jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// The tallest a photo is drawn, in points: two to a page.
const PHOTO_HEIGHT: f32 = 300.0;

pub fn render(declaration: &Declaration, firm: &Letterhead, photos: Vec<Photo>) -> anyhow::Result<Vec<u8>> {
    use Align::Left;
    use Weight::{Bold, Regular};
    let mut page = Layout { pages: vec![Vec::new()], y: TOP };
    letterhead(&mut page, firm);
    page.text(Bold, 20.0, LEFT, Left, "Samsvarserklæring");
    page.y += 14.0;
    page.paragraph(
        Regular,
        9.5,
        LEFT,
        "Erklæring om samsvar for elektrisk lavspenningsanlegg, etter forskrift om elektriske \
         lavspenningsanlegg §§ 12 og 13. Anlegget er utført i samsvar med forskriften og normene \
         som er oppgitt nedenfor.",
    );
    page.y += 6.0;
    let facts = [
        ("Anleggsadresse", declaration.address.clone()),
        ("Virksomhet", firm.name.clone()),
        ("Org.nr.", firm.org_nr.clone().unwrap_or_default()),
        ("Reg.nr. i Elvirksomhetsregisteret", declaration.registration.clone()),
        ("Arbeidet gjelder", declaration.kind.label().to_owned()),
        ("Normer", declaration.norms.clone()),
    ];
    for (label, value) in facts {
        page.room(14.0);
        page.y += 13.0;
        page.text(Bold, 9.5, LEFT, Left, label);
        page.text(Regular, 9.5, LEFT + 170.0, Left, &value);
    }
    page.heading("Beskrivelse av arbeidet");
    page.paragraph(Regular, 9.5, LEFT, &declaration.description);
    checklist(&mut page, "Risikovurdering (§ 16)", &declaration.risk);
    checklist(&mut page, "Sluttkontroll", &declaration.checks);

    page.heading("Kursfortegnelse");
    page.room(20.0);
    page.y += 13.0;
    for (x, title) in
        [(NUMBER, "Kurs"), (PURPOSE, "Formål"), (PROTECTION, "Vern"), (CABLE, "Kabel"), (RCD, "Jordfeilvern")]
    {
        page.text(Bold, 9.0, x, Left, title);
    }
    page.y += 5.0;
    page.put(Item::Rule { y: page.y });
    for circuit in &declaration.circuits {
        page.room(14.0);
        page.y += 13.0;
        let columns = [
            (NUMBER, &circuit.number, PURPOSE - NUMBER),
            (PURPOSE, &circuit.purpose, PROTECTION - PURPOSE),
            (PROTECTION, &circuit.protection, CABLE - PROTECTION),
            (CABLE, &circuit.cable, RCD - CABLE),
            (RCD, &circuit.rcd, RIGHT - RCD),
        ];
        for (x, text, width) in columns {
            page.text(Regular, 9.0, x, Left, &fit(&FONTS.regular, text, 9.0, width - 8.0));
        }
    }

    page.heading("Ansvarlig");
    let signed = declaration.signed_at.map(oslo::moment).unwrap_or_else(|| "ikke signert".to_owned());
    for (label, value) in [
        ("Navn", declaration.responsible_name.clone()),
        ("Kvalifikasjon", declaration.responsible_certificate.clone()),
        ("Signert", signed),
    ] {
        page.room(14.0);
        page.y += 13.0;
        page.text(Bold, 9.5, LEFT, Left, label);
        page.text(Regular, 9.5, LEFT + 170.0, Left, &value);
    }
    page.y += 10.0;
    let how = match declaration.signed_at {
        Some(at) => format!(
            "Signert elektronisk i Fagfolk av {} selv, innlogget med egen bruker, {}. ",
            declaration.responsible_name,
            oslo::moment(at)
        ),
        None => "Ikke signert. ".to_owned(),
    };
    page.paragraph(
        Regular,
        9.0,
        LEFT,
        &format!("{how}Virksomheten oppbevarer en kopi i minst 5 år (forskriften § 13)."),
    );
    // Each photo as wide as the text or as tall as PHOTO_HEIGHT, whichever it reaches first.
    let drawn = |photo: &Photo| {
        let (width, height) = (photo.width.max(1) as f32, photo.height.max(1) as f32);
        let scale = ((RIGHT - LEFT) / width).min(PHOTO_HEIGHT / height);
        (width * scale, height * scale)
    };
    if let Some(first) = photos.first() {
        // The heading goes to the page its first photo goes to.
        page.room(40.0 + drawn(first).1 + 30.0);
        page.heading("Bilder fra arbeidet");
        for photo in photos {
            if !photo.jpeg.is_empty() {
                let (width, height) = drawn(&photo);
                page.room(height + 30.0);
                page.y += 8.0;
                page.put(Item::Photo { x: LEFT, y: page.y, width, height, jpeg: photo.jpeg });
                page.y += height;
            }
            if !photo.caption.is_empty() {
                page.paragraph(Regular, 9.0, LEFT, &photo.caption);
            }
        }
    }
    super::draw::draw(
        &page,
        "Samsvarserklæring",
        firm,
        declaration.signed_at.unwrap_or(declaration.updated_at),
    )
}
