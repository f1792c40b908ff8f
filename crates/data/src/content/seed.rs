//! The content the site ships with: believable example texts for every kind, put in once
//! on the first start (`crate::db::seed`) and marked as example content until staff save
//! each item as their own. The names are invented; the launch checklist says so while
//! any of it is shown.

use super::{ContentData, Figure, Platform, Project, Promise, Review, TeamMember};

fn team(
    name: &str,
    title: &str,
    description: &str,
    email: Option<&str>,
    phone: Option<&str>,
    pages: &[&str],
) -> ContentData {
    ContentData::Team(TeamMember {
        name: name.to_owned(),
        title: title.to_owned(),
        description: description.to_owned(),
        email: email.map(str::to_owned),
        phone: phone.map(str::to_owned),
        photo: None,
        pages: pages.iter().map(|page| (*page).to_owned()).collect(),
    })
}

fn project(
    title: &str,
    place: &str,
    year: i32,
    project_type: &str,
    description: &str,
    highlights: [&str; 4],
) -> ContentData {
    ContentData::Project(Project {
        title: title.to_owned(),
        place: place.to_owned(),
        year,
        project_type: project_type.to_owned(),
        description: description.to_owned(),
        highlights: highlights.iter().map(|point| (*point).to_owned()).collect(),
        photos: Vec::new(),
    })
}

fn review(name: &str, place: &str, service: &str, text: &str, page: &str) -> ContentData {
    ContentData::Review(Review {
        name: name.to_owned(),
        place: place.to_owned(),
        text: text.to_owned(),
        rating: 5,
        service: service.to_owned(),
        pages: vec![page.to_owned()],
    })
}

fn figure(value: &str, label: &str, group: &str) -> ContentData {
    ContentData::Figure(Figure { value: value.to_owned(), label: label.to_owned(), group: group.to_owned() })
}

/// Every example item, each kind in the order the pages show it.
pub fn items() -> Vec<ContentData> {
    let mut items = vec![
        team(
            "Erik Haugen",
            "Daglig leder og installatør",
            "Autorisert elektroinstallatør med ansvar for kvalitet, dokumentasjon og at prisen holder.",
            None,
            None,
            &["home"],
        ),
        team(
            "Morten Berg",
            "Fagansvarlig rør",
            "Rørleggermester med våtromssertifikat. Leder døgnvakten og alle baderomsprosjekter.",
            None,
            None,
            &["home"],
        ),
        team(
            "Ida Johansen",
            "Kundeansvarlig privat",
            "Tar imot henvendelser fra huseiere, avtaler befaring og sender tilbud.",
            Some("privat@fagfolk.no"),
            Some("908 12 345"),
            &["contact"],
        ),
        team(
            "Lars Andersen",
            "Kundeansvarlig bedrift",
            "Serviceavtaler, borettslag, gårdeiere og næringskunder.",
            Some("bedrift@fagfolk.no"),
            Some("908 12 346"),
            &["contact"],
        ),
        team(
            "Silje Nilsen",
            "Prosjektleder kjøkken og bad",
            "Planlegger hele prosjektet med deg, fra befaring til sluttkontroll og overlevering.",
            Some("prosjekt@fagfolk.no"),
            Some("908 12 347"),
            &["home", "contact"],
        ),
        team(
            "Kristin Larsen",
            "Prosjektleder, kontrakter",
            "Følger opp tilbud, fremdrift og økonomi i kontraktsarbeid, og er fast kontaktperson for entreprenører og byggherrer fra første møte til overtakelse.",
            Some("prosjekt@fagfolk.no"),
            None,
            &["partners"],
        ),
        team(
            "Jon Eriksen",
            "Faglig leder, elektro",
            "Har det faglige ansvaret for elektroinstallasjonene, fra prosjektering og byggestrøm til sluttkontroll og samsvarserklæring.",
            Some("elektro@fagfolk.no"),
            None,
            &["partners"],
        ),
        team(
            "Hege Pedersen",
            "Faglig leder, rør",
            "Leder rørleggerarbeidet på byggeplass og sørger for at sanitær, varme og våtrom blir utført og dokumentert etter gjeldende krav.",
            Some("ror@fagfolk.no"),
            None,
            &["partners"],
        ),
        project(
            "Totalrenovering av bad i bygård på Frogner",
            "Frogner, Oslo",
            2024,
            "Baderom",
            "Et slitt bad fra 1980-tallet i en leilighet i fjerde etasje ble revet ned til bærende konstruksjon og bygget opp på nytt. Vi koordinerte rørlegger, elektriker og flislegger, og holdt styret i sameiet orientert underveis.",
            [
                "Nytt sluk, membran og tetthetskontroll etter våtromsnormen",
                "Varmekabler med termostat og nytt lys i tak og speil",
                "Ferdig på fire uker, som avtalt i tilbudet",
                "Samsvarserklæring og dokumentasjon levert ved overlevering",
            ],
        ),
        project(
            "Nytt storkjøkken for restaurant på Grünerløkka",
            "Grünerløkka, Oslo",
            2023,
            "Næring",
            "Restauranten skulle bytte ut hele kjøkkenet og hadde bare ti dager uten servering. Vi planla arbeidet sammen med kjøkkenleverandøren, slik at rør og strøm var klare den dagen utstyret kom.",
            [
                "Ny fettutskiller og avløp dimensjonert for storkjøkken",
                "Egne kurser til ovner, oppvaskmaskin og kjøleanlegg",
                "Arbeid på kveld og natt for å holde fremdriften",
                "Restauranten åpnet igjen etter ti dager",
            ],
        ),
        project(
            "El og rør i nytt boligprosjekt i Lillestrøm",
            "Lillestrøm, Viken",
            2022,
            "Kontraktsarbeid",
            "Som underentreprenør for en totalentreprenør leverte vi komplett elektro- og rørleggerarbeid i et boligbygg med 36 leiligheter, fra byggestrøm til sluttkontroll og overtakelse.",
            [
                "36 leiligheter med vannbåren gulvvarme og ferdige bad",
                "Ladepunkt med lastbalansering i parkeringskjelleren",
                "Bemanning tilpasset fremdriftsplanen gjennom hele bygget",
                "FDV-dokumentasjon levert komplett før overtakelse",
            ],
        ),
        review(
            "Ingrid H.",
            "Nordstrand, Oslo",
            "Akutt lekkasje",
            "Vannet fosset fra en rørskjøt en søndag kveld. Rørleggeren var hos oss etter 40 minutter og fikk stoppet lekkasjen og tørket opp. Ryddig og rolig fra start til slutt.",
            "home",
        ),
        review(
            "Martin og Sara L.",
            "Asker",
            "Baderomsrenovering",
            "Totalrenovering av badet ble ferdig på dagen, og prisen var akkurat den vi fikk etter befaringen. Flis, rør og elektrisk fra samme firma gjorde alt enklere.",
            "home",
        ),
        review(
            "Thomas B.",
            "Grünerløkka, Oslo",
            "Elektriker",
            "Fikk byttet gammelt sikringsskap og montert elbillader. God forklaring underveis, samsvarserklæring på e-post samme dag.",
            "home",
        ),
        review(
            "Kari N.",
            "Nordstrand",
            "Rørlegger, akutt lekkasje",
            "Vannet fosset fra et rør under kjøkkenbenken en søndag kveld. Rørleggeren var på døra etter førti minutter, fikk stengt og reparert, og ryddet etter seg. Rolig og ryddig fra start til slutt.",
            "references",
        ),
        review(
            "Anders M.",
            "Bærum",
            "Nytt bad",
            "Vi fikk en fast pris etter befaringen, og den holdt. Badet ble ferdig på dagen, og vi ble hele tiden orientert om hva som skjedde. Anbefales uten forbehold.",
            "references",
        ),
        review(
            "Styreleder i borettslag",
            "Tøyen",
            "Elektriker, sikringsskap",
            "Nye sikringsskap i alle 48 leilighetene, og ingen beboer var uten strøm mer enn et par timer. God informasjon til beboerne og dokumentasjon vi faktisk forstår.",
            "references",
        ),
        review(
            "Line S.",
            "Majorstuen",
            "Elbillader",
            "Elektrikeren sjekket kapasiteten i anlegget før han monterte laderen og forklarte hvorfor. Ryddig jobb, og prisen var akkurat som avtalt.",
            "references",
        ),
        review(
            "Daglig leder, kafé",
            "Sentrum",
            "Service og vedlikehold",
            "De tar telefonen når vi ringer, også utenfor vanlig arbeidstid. Med serviceavtalen slipper vi å tenke på varmtvann og strøm – det bare fungerer.",
            "references",
        ),
        review(
            "Jonas H.",
            "Lillestrøm",
            "Nytt kjøkken",
            "Rørlegger og elektriker kom fra samme firma og snakket sammen, så kjøkkenet ble montert uten venting mellom fagene. Svært fornøyd med både resultat og oppfølging.",
            "references",
        ),
    ];
    // The figures differ between pages on purpose: each reading stays where it stands.
    for (value, label, group) in [
        ("1000+", "fornøyde kunder", "home"),
        ("4,9/5", "i snitt fra kundene", "home"),
        ("98 %", "anbefaler oss", "home"),
        ("24/7", "døgnvakt", "home"),
        ("500+", "kunder", "references"),
        ("15+", "år i bransjen", "references"),
        ("1000+", "prosjekter", "references"),
        ("24/7", "beredskap", "references"),
        ("4,9/5", "gjennomsnittlig vurdering", "satisfaction"),
        ("96 %", "vil anbefale oss", "satisfaction"),
        ("98 %", "er fornøyd med kvaliteten", "satisfaction"),
        ("94 %", "ble ferdig til avtalt tid", "satisfaction"),
    ] {
        items.push(figure(value, label, group));
    }
    for name in ["Mittanbud", "Anbudstorget", "Proff.no"] {
        items.push(ContentData::Platform(Platform { name: name.to_owned(), url: None }));
    }
    for text in [
        "Døgnvakt 24/7",
        "Under 1 time ved akutt vannlekkasje",
        "Bindende pris før oppstart",
        "5 års garanti",
        "Autorisert siden 2004",
    ] {
        items.push(ContentData::Promise(Promise { text: text.to_owned() }));
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::read;

    /// The examples pass the same checks as what staff type: no placeholder, nothing
    /// missing, nothing too long.
    #[test]
    fn every_example_passes_the_forms_checks() {
        let items = items();
        for kind in crate::content::ContentKind::ALL {
            assert!(items.iter().any(|item| item.kind() == kind), "{kind:?} has examples");
        }
        for item in items {
            let reread = read(item.kind(), &item.to_json(), 2026)
                .unwrap_or_else(|errors| panic!("{}: {:?}", item.label(), errors.messages()));
            assert_eq!(reread, item);
        }
    }
}
