//! The fixed texts of a quote: what each price type means for the customer, the
//! angrerett information and the standard withdrawal form (angreskjema) a consumer gets
//! with an agreement made at a distance or away from the firm's premises. They are
//! written on the PDF and the customer's page, and stored with an acceptance as the
//! texts the customer agreed to.

use super::PriceType;

/// What the price type means. To a consumer it says what håndverkertjenesteloven
/// (§§ 32 and 33) gives them; that law is for consumers only, so a business quote says
/// the same terms as the agreement's own, without citing it. A consumer's timepris sum is
/// a prisoverslag with its ceiling unless the quote is `reserved`: then the reservation
/// "uforpliktende prisantydning" is written here, in plain words, and accepted with the
/// quote (`crate::jobs::rule`).
pub fn price_type(kind: PriceType, customer: super::CustomerKind, reserved: bool) -> &'static str {
    let consumer = customer == super::CustomerKind::Private;
    match (kind, consumer) {
        (PriceType::Fixed, true) => {
            "Prisen er en fastpris. Den er bindende for arbeidet som er beskrevet i tilbudet. \
             Tillegg kan bare kreves for endringer eller tilleggsarbeid du ber om, eller for \
             forhold som nevnt i håndverkertjenesteloven § 33."
        }
        (PriceType::Fixed, false) => {
            "Prisen er en fastpris. Den er bindende for arbeidet som er beskrevet i tilbudet. \
             Tillegg kan bare kreves for endringer eller tilleggsarbeid dere ber om."
        }
        (PriceType::Estimate, true) => {
            "Prisen er et prisoverslag. Den endelige prisen vil ikke overstige overslaget med \
             mer enn 15 % (håndverkertjenesteloven § 32)."
        }
        (PriceType::Estimate, false) => {
            "Prisen er et prisoverslag. Den endelige prisen vil ikke overstige overslaget med \
             mer enn 15 %."
        }
        (PriceType::Hourly, true) if reserved => {
            "Arbeidet faktureres etter medgått tid og materiell, til timeprisene og \
             enhetsprisene i tilbudet. Forbehold: summen er en uforpliktende prisantydning, \
             ikke et prisoverslag. Den endelige prisen kan bli høyere enn summen, også mer \
             enn 15 % høyere. Vi sier fra i god tid dersom arbeidet ser ut til å bli vesentlig \
             dyrere enn summen (håndverkertjenesteloven § 7)."
        }
        (PriceType::Hourly, true) => {
            "Arbeidet faktureres etter medgått tid og materiell, til timeprisene og \
             enhetsprisene i tilbudet. Summen er et prisoverslag: den endelige prisen vil ikke \
             overstige summen med mer enn 15 % (håndverkertjenesteloven § 32)."
        }
        (PriceType::Hourly, false) => {
            "Arbeidet faktureres etter medgått tid og materiell, til timeprisene og \
             enhetsprisene i tilbudet. Summen er et uforpliktende anslag over hva arbeidet \
             vil koste, ikke en fast pris. Vi sier fra i god tid dersom arbeidet ser ut til å \
             bli vesentlig dyrere enn anslaget."
        }
    }
}

/// The price type's name, as the quote and the editor write it.
pub fn price_type_name(kind: PriceType) -> &'static str {
    match kind {
        PriceType::Fixed => "Fastpris",
        PriceType::Estimate => "Prisoverslag",
        PriceType::Hourly => "Timepris",
    }
}

/// What the customer answered to the early-start request (angrerettloven § 22 and § 24),
/// in their own words, on their confirmation, the accepted PDF and the page.
pub fn early_start_answer(asked: bool) -> &'static str {
    if asked {
        "Du ba om at arbeidet starter før angrefristen på 14 dager er ute."
    } else {
        "Du ba ikke om at arbeidet starter før angrefristen på 14 dager er ute."
    }
}

/// The same, as the firm's staff read it.
pub fn early_start_for_staff(asked: bool) -> &'static str {
    if asked {
        "Kunden ba om at arbeidet starter før angrefristen på 14 dager er ute."
    } else {
        "Kunden ba ikke om at arbeidet starter før angrefristen på 14 dager er ute."
    }
}

/// The angrerett information for a consumer (angrerettloven §§ 8, 22 and 24).
pub const ANGRERETT: &str = "Du har angrerett. Du kan gå fra avtalen uten å oppgi grunn \
    innen 14 dager etter at avtalen ble inngått. Gi oss beskjed før fristen går ut, gjerne \
    med angreskjemaet nedenfor. Ber du om at arbeidet skal starte før angrefristen er ute, \
    må du betale for arbeidet som er gjort fram til du gir beskjed om at du går fra avtalen. \
    Er arbeidet fullført innen fristen etter din uttrykkelige forespørsel, har du ikke lenger \
    angrerett. Angreretten gjelder ikke hastereparasjoner du selv har bedt oss om å utføre \
    hjemme hos deg.";

/// The customer's separate choice to have the work start within the 14 days.
pub const EARLY_START: &str = "Jeg ber om at arbeidet starter før angrefristen på 14 dager \
    er ute, og vet at jeg da må betale for arbeidet som er gjort dersom jeg går fra avtalen.";

/// What the customer ticks on accepting.
pub const READ_TERMS: &str = "Jeg har lest tilbudet og vilkårene, og aksepterer tilbudet.";

/// The standard withdrawal form (angreskjema), with the firm's name and address filled in.
pub fn withdrawal_form(firm: &str) -> Vec<String> {
    vec![
        "Angreskjema".to_owned(),
        "Fyll ut og send dette skjemaet dersom du ønsker å gå fra avtalen.".to_owned(),
        format!("Til: {firm}"),
        "Jeg underretter herved om at jeg ønsker å gå fra min avtale om kjøp av følgende tjenester:"
            .to_owned(),
        "Tjenestene: ______________________________________________".to_owned(),
        "Avtalen ble inngått den: ____________________".to_owned(),
        "Forbrukerens navn: ______________________________________".to_owned(),
        "Forbrukerens adresse: ____________________________________".to_owned(),
        "Dato: ____________   Underskrift (bare når skjemaet sendes på papir): ______________".to_owned(),
    ]
}
