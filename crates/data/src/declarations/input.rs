//! What the job page's declaration form sends, read over the declaration before it; and
//! what must be in place before the responsible person may sign. Pure: the responsible
//! person's name (looked up among the users) is passed in.

use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{CheckItem, Circuit, Declaration, WorkKind};
use crate::fields::FieldErrors;

/// The most circuits a declaration lists, and the most points a checklist has.
pub const MAX_CIRCUITS: usize = 200;
pub const MAX_POINTS: usize = 40;

/// A declaration's fields; a field left out keeps its value.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DeclarationInput {
    pub address: Option<String>,
    pub kind: Option<WorkKind>,
    pub description: Option<String>,
    pub norms: Option<String>,
    pub risk: Option<Vec<CheckItem>>,
    pub checks: Option<Vec<CheckItem>>,
    pub circuits: Option<Vec<Circuit>>,
    /// One of the users.
    #[schema(value_type = Option<Uuid>)]
    pub responsible_id: Option<String>,
    pub responsible_certificate: Option<String>,
}

impl DeclarationInput {
    /// The responsible person this input names, for the caller to look up; the nil id for
    /// something that is no id (refused as no user).
    pub fn responsible(&self) -> Option<Uuid> {
        self.responsible_id.as_deref().map(|id| Uuid::parse_str(id.trim()).unwrap_or(Uuid::nil()))
    }
}

fn checklist(errors: &mut FieldErrors, key: &str, items: Vec<CheckItem>) -> Vec<CheckItem> {
    if items.len() > MAX_POINTS {
        errors.add(key, format!("Høyst {MAX_POINTS} punkter."));
    }
    items
        .into_iter()
        .enumerate()
        .filter_map(|(index, item)| {
            let text = errors.optional(&format!("{key}.{index}.text"), Some(item.text), 300)?;
            Some(CheckItem { text, done: item.done })
        })
        .collect()
}

fn circuits(errors: &mut FieldErrors, items: Vec<Circuit>) -> Vec<Circuit> {
    if items.len() > MAX_CIRCUITS {
        errors.add("circuits", format!("Høyst {MAX_CIRCUITS} kurser."));
    }
    items
        .into_iter()
        .enumerate()
        .map(|(index, circuit)| {
            let mut field = |name: &str, value: String, max: usize| {
                errors.optional(&format!("circuits.{index}.{name}"), Some(value), max).unwrap_or_default()
            };
            Circuit {
                number: field("number", circuit.number, 10),
                purpose: field("purpose", circuit.purpose, 200),
                protection: field("protection", circuit.protection, 40),
                cable: field("cable", circuit.cable, 60),
                rcd: field("rcd", circuit.rcd, 40),
            }
        })
        .filter(|circuit| !(circuit.number.is_empty() && circuit.purpose.is_empty()))
        .collect()
}

/// `base` with `input` applied; `responsible` is the named user's name when the input
/// names one that is there (`None` refuses it).
pub fn read(
    input: DeclarationInput,
    base: &Declaration,
    responsible: Option<Option<String>>,
) -> Result<Declaration, FieldErrors> {
    let mut errors = FieldErrors::default();
    let mut text = |key: &str, value: Option<String>, old: &str, max: usize| match value {
        None => old.to_owned(),
        Some(value) => errors.optional_text(key, Some(value), max).unwrap_or_default(),
    };
    let address = text("address", input.address, &base.address, 300);
    let description = text("description", input.description, &base.description, 5_000);
    let norms = text("norms", input.norms, &base.norms, 300);
    let certificate =
        text("responsible_certificate", input.responsible_certificate, &base.responsible_certificate, 200);
    let risk = match input.risk {
        Some(items) => checklist(&mut errors, "risk", items),
        None => base.risk.clone(),
    };
    let checks = match input.checks {
        Some(items) => checklist(&mut errors, "checks", items),
        None => base.checks.clone(),
    };
    let circuits = match input.circuits {
        Some(items) => circuits(&mut errors, items),
        None => base.circuits.clone(),
    };
    let (responsible_id, responsible_name) =
        match (input.responsible_id.as_deref().map(str::trim), responsible) {
            (None, _) => (base.responsible_id, base.responsible_name.clone()),
            (Some(""), _) => (None, String::new()),
            (Some(_), Some(Some(name))) => {
                (input.responsible_id.as_deref().and_then(|id| id.trim().parse().ok()), name)
            }
            (Some(_), _) => {
                errors.add("responsible_id", "Velg den ansvarlige blant brukerne.");
                (base.responsible_id, base.responsible_name.clone())
            }
        };
    errors.finish()?;
    Ok(Declaration {
        address,
        kind: input.kind.unwrap_or(base.kind),
        description,
        norms,
        risk,
        checks,
        circuits,
        responsible_id,
        responsible_name,
        responsible_certificate: certificate,
        ..base.clone()
    })
}

/// What a declaration lacks before it may be signed, each under its field: the address, a
/// description, the norms, the firm's registration, a responsible person with their
/// certificate, at least one circuit, and every point of the risk assessment and the final
/// check done (a final check that did not pass is no ground for a declaration).
pub fn ready_to_sign(declaration: &Declaration) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::default();
    let mut need = |key: &str, value: &str, message: &str| {
        if value.trim().is_empty() {
            errors.add(key, message);
        }
    };
    need("address", &declaration.address, "Skriv adressen til anlegget.");
    need("description", &declaration.description, "Beskriv arbeidet som er utført.");
    need("norms", &declaration.norms, "Skriv hvilke normer som er brukt, for eksempel NEK 400:2022.");
    need(
        "registration",
        &declaration.registration,
        "Firmaets registreringsnummer i Elvirksomhetsregisteret mangler (Innstillinger → Samsvarserklæring).",
    );
    need("responsible_id", &declaration.responsible_name, "Velg den faglig ansvarlige.");
    need(
        "responsible_certificate",
        &declaration.responsible_certificate,
        "Skriv den ansvarliges kvalifikasjon, for eksempel «Autorisert elinstallatør, gruppe L».",
    );
    if declaration.circuits.is_empty() {
        errors.add("circuits", "Før opp minst én kurs i kursfortegnelsen.");
    }
    if declaration.risk.is_empty() || declaration.risk.iter().any(|item| !item.done) {
        errors.add("risk", "Kryss av for hvert punkt i risikovurderingen.");
    }
    if declaration.checks.is_empty() || declaration.checks.iter().any(|item| !item.done) {
        errors.add(
            "checks",
            "Sluttkontrollen må være utført og bestått i hvert punkt før erklæringen signeres.",
        );
    }
    errors.finish()
}
