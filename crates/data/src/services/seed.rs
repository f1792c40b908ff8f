//! The catalogue a new site starts with: the three trades as categories, each with a
//! realistic list of services (`crate::seed`).

pub struct SeedCategory {
    pub slug: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    /// Name, description and price from, in whole kroner.
    pub services: &'static [(&'static str, &'static str, i64)],
}

pub const CATEGORIES: [SeedCategory; 3] = [
    SeedCategory {
        slug: "elektriker",
        name: "Elektriker",
        description: "Autoriserte elektrikere for bolig og næring: feilsøking, sikringsskap, elbillader, varme og smarthus.",
        services: &[
            (
                "Feilsøking og småreparasjoner",
                "Strøm borte, jordfeil eller en stikkontakt som ikke virker? Vi finner feilen og retter den.",
                1620,
            ),
            (
                "Nytt sikringsskap",
                "Utskifting til moderne sikringsskap med automatsikringer og jordfeilbrytere, inkludert samsvarserklæring.",
                18900,
            ),
            (
                "Installasjon av elbillader",
                "Lader montert på vegg eller stolpe, med egen kurs og jordfeilvern. Lastbalansering ved behov.",
                12900,
            ),
            (
                "Varmekabler i gulv",
                "Elektrisk gulvvarme i bad, gang og stue med termostat og dokumentasjon.",
                6900,
            ),
            (
                "Ekstra stikkontakter og lys",
                "Nye punkter, dimmere og LED-belysning inne og ute, skjult eller åpent anlegg.",
                2490,
            ),
            (
                "El-kontroll ved boligsalg",
                "Gjennomgang av det elektriske anlegget med rapport til takstmann og kjøper.",
                3900,
            ),
        ],
    },
    SeedCategory {
        slug: "rorlegger",
        name: "Rørlegger",
        description: "Rørleggere for lekkasjer, tette avløp, varmtvann og nye rør.",
        services: &[
            (
                "Akutt lekkasje og vannskade",
                "Utrykning ved vannlekkasje: vi stanser lekkasjen og sikrer mot mer vannskade.",
                1620,
            ),
            (
                "Stakeoppdrag og tette avløp",
                "Åpning av tette sluk, vasker og toaletter med stake eller spyling.",
                1890,
            ),
            (
                "Nytt varmtvannsbereder",
                "Levering og montering av bereder med sikkerhetsventil og lekkasjestopper.",
                11900,
            ),
            (
                "Montering av toalett og servant",
                "Utskifting av toalett, servant, blandebatteri og vannlås.",
                3490,
            ),
            ("Rørfornying", "Utskifting av gamle vann- og avløpsrør i leilighet eller enebolig.", 24900),
            (
                "Lekkasjestopper",
                "Automatisk vannstopper som stenger vannet ved lekkasje, påkrevd av mange forsikringsselskap.",
                4990,
            ),
        ],
    },
    SeedCategory {
        slug: "kjokken-bad",
        name: "Kjøkken & bad",
        description: "Totalrenovering av bad og montering av kjøkken med fagfolk fra alle fag under ett tak.",
        services: &[
            (
                "Kjøkkenmontering",
                "Montering av kjøkken fra IKEA, Sigdal, Norema og andre, med rørlegger og elektriker.",
                25000,
            ),
            (
                "Totalrenovering av bad",
                "Riving, membran, flis, rør og elektrisk med våtromsdokumentasjon, fast pris etter befaring.",
                149000,
            ),
            ("Oppgradering av bad", "Nye innredninger, dusjløsning og armaturer uten full riving.", 45000),
            (
                "Vaskerom og kjellerbad",
                "Nytt vaskerom eller bad i kjeller med sluk, avtrekk og varme.",
                89000,
            ),
        ],
    },
];
