//! What the firm tells about itself on the public pages, edited under "Innhold" in the
//! admin: team members, projects, reviews, key figures, the platforms it is listed on and
//! its promises. One table (`content_items`) holds them all: a kind, a place in its
//! kind's order, a hidden flag, an example flag for the texts the site ships with
//! (`seed`), and the fields as JSON, read and checked here for the kind.
//!
//! The admin endpoints are in `routes`, the SQL in `store`. Every visible item goes into
//! the data the public pages are rendered with (`crate::site::render`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::http::error::FieldErrors;

pub mod routes;
pub mod seed;
pub mod store;

/// The kinds of content, each with its own fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ContentKind {
    Team,
    Project,
    Review,
    Figure,
    Platform,
    Promise,
}

impl ContentKind {
    pub const ALL: [Self; 6] =
        [Self::Team, Self::Project, Self::Review, Self::Figure, Self::Platform, Self::Promise];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Team => "team",
            Self::Project => "project",
            Self::Review => "review",
            Self::Figure => "figure",
            Self::Platform => "platform",
            Self::Promise => "promise",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

/// A person on the team, shown with initials (a photo comes with the media library).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamMember {
    pub name: String,
    /// Role or title, as "Daglig leder".
    pub title: String,
    pub description: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// A picture from the media library; initials are shown without one.
    #[serde(default)]
    pub photo: Option<Uuid>,
    /// The pages that show the person: `home`, `contact`, `partners`.
    pub pages: Vec<String>,
}

/// A finished project on the references page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Project {
    pub title: String,
    /// Where, as "Frogner, Oslo".
    pub place: String,
    pub year: i32,
    /// What kind of work, as "Baderom".
    #[serde(rename = "type")]
    pub project_type: String,
    pub description: String,
    /// Short points, one per line in the form.
    pub highlights: Vec<String>,
    /// Pictures from the media library, the first one largest.
    #[serde(default)]
    pub photos: Vec<Uuid>,
}

/// A customer's review or testimonial.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Review {
    pub name: String,
    pub place: String,
    pub text: String,
    /// Whole stars, 1 to 5.
    pub rating: i64,
    /// The work it was about, as "Nytt bad".
    pub service: String,
    /// The pages that show it: `home`, `references`.
    pub pages: Vec<String>,
}

/// A key figure, as "1000+ fornøyde kunder".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub value: String,
    pub label: String,
    /// Where it stands: `home` (the home page's figures), `references` (the references
    /// page's figures) or `satisfaction` (the references page's satisfaction numbers).
    pub group: String,
}

/// A platform the firm is listed on, as "Mittanbud".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Platform {
    pub name: String,
    /// The firm's profile there (https), if given.
    pub url: Option<String>,
}

/// A short promise shown as a badge, as "5 års garanti".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Promise {
    pub text: String,
}

/// The fields of an item, by its kind. Each kind's fields are closed (no others), so an
/// item matches exactly one of them in the OpenAPI document's `oneOf`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ContentData {
    Team(TeamMember),
    Project(Project),
    Review(Review),
    Figure(Figure),
    Platform(Platform),
    Promise(Promise),
}

impl ContentData {
    pub fn kind(&self) -> ContentKind {
        match self {
            Self::Team(_) => ContentKind::Team,
            Self::Project(_) => ContentKind::Project,
            Self::Review(_) => ContentKind::Review,
            Self::Figure(_) => ContentKind::Figure,
            Self::Platform(_) => ContentKind::Platform,
            Self::Promise(_) => ContentKind::Promise,
        }
    }

    /// The fields as stored: a JSON object.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// The fields as a JSON object's members.
    fn fields(&self) -> Map<String, Value> {
        match self.to_json() {
            Value::Object(fields) => fields,
            _ => Map::new(),
        }
    }

    /// Reads stored fields for `kind`.
    pub fn from_stored(kind: ContentKind, json: &str) -> serde_json::Result<Self> {
        Ok(match kind {
            ContentKind::Team => Self::Team(serde_json::from_str(json)?),
            ContentKind::Project => Self::Project(serde_json::from_str(json)?),
            ContentKind::Review => Self::Review(serde_json::from_str(json)?),
            ContentKind::Figure => Self::Figure(serde_json::from_str(json)?),
            ContentKind::Platform => Self::Platform(serde_json::from_str(json)?),
            ContentKind::Promise => Self::Promise(serde_json::from_str(json)?),
        })
    }

    /// The media library's pictures the item shows.
    pub fn photos(&self) -> Vec<Uuid> {
        match self {
            Self::Team(member) => member.photo.into_iter().collect(),
            Self::Project(project) => project.photos.clone(),
            _ => Vec::new(),
        }
    }

    /// What names the item in the audit log and in messages.
    pub fn label(&self) -> &str {
        match self {
            Self::Team(member) => &member.name,
            Self::Project(project) => &project.title,
            Self::Review(review) => &review.name,
            Self::Figure(figure) => &figure.label,
            Self::Platform(platform) => &platform.name,
            Self::Promise(promise) => &promise.text,
        }
    }
}

/// An item as the admin sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContentItem {
    pub id: Uuid,
    pub kind: ContentKind,
    /// Its place in its kind's order, from 0.
    pub position: i64,
    /// Kept, but not shown on the site.
    pub hidden: bool,
    /// One of the texts the site ships with, not yet saved by staff.
    pub example: bool,
    pub data: ContentData,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl ContentItem {
    /// What the audit log records of the item: its fields and flags.
    pub fn audit_view(&self) -> Value {
        let mut view = self.data.fields();
        view.insert("kind".to_owned(), Value::from(self.kind.as_str()));
        view.insert("hidden".to_owned(), Value::from(self.hidden));
        view.insert("example".to_owned(), Value::from(self.example));
        Value::Object(view)
    }

    /// The item as a page gets it: its id and its fields, with its pictures as `pictures`
    /// has them (a team member's `photo`, a project's `photos`; one missing from the
    /// library is left out).
    pub fn public_json(&self, pictures: &HashMap<Uuid, Value>) -> Value {
        let mut fields = self.data.fields();
        fields.insert("id".to_owned(), Value::from(self.id.to_string()));
        let picture = |id: &Uuid| pictures.get(id).cloned();
        match &self.data {
            ContentData::Team(member) => {
                fields.insert(
                    "photo".to_owned(),
                    member.photo.as_ref().and_then(picture).unwrap_or(Value::Null),
                );
            }
            ContentData::Project(project) => {
                let shown: Vec<Value> = project.photos.iter().filter_map(picture).collect();
                fields.insert("photos".to_owned(), Value::Array(shown));
            }
            _ => {}
        }
        Value::Object(fields)
    }
}

pub const TEAM_PAGES: [&str; 3] = ["home", "contact", "partners"];
pub const REVIEW_PAGES: [&str; 2] = ["home", "references"];
pub const FIGURE_GROUPS: [&str; 3] = ["home", "references", "satisfaction"];

/// Reads an item's fields for `kind` from the form's JSON object, with a Norwegian message
/// for each field that is missing, too long, or still a placeholder.
pub fn read(kind: ContentKind, data: &Value, this_year: i32) -> Result<ContentData, FieldErrors> {
    let mut form = Form { data: data.as_object(), errors: FieldErrors::default() };
    let content = match kind {
        ContentKind::Team => ContentData::Team(TeamMember {
            name: form.text("name", 100, "Navn er påkrevd."),
            title: form.text("title", 120, "Tittel er påkrevd."),
            description: form.text("description", 600, "Beskrivelse er påkrevd."),
            email: form.email("email"),
            phone: form.optional("phone", 40),
            photo: form.pictures("photo", 1).into_iter().next(),
            pages: form.choices("pages", &TEAM_PAGES),
        }),
        ContentKind::Project => ContentData::Project(Project {
            title: form.text("title", 160, "Tittel er påkrevd."),
            place: form.text("place", 100, "Sted er påkrevd."),
            year: form.year("year", this_year),
            project_type: form.text("type", 60, "Type arbeid er påkrevd."),
            description: form.text("description", 2000, "Beskrivelse er påkrevd."),
            highlights: form.lines("highlights", 8, 200),
            photos: form.pictures("photos", 12),
        }),
        ContentKind::Review => ContentData::Review(Review {
            name: form.text("name", 100, "Navn er påkrevd."),
            place: form.text("place", 100, "Sted er påkrevd."),
            text: form.text("text", 2000, "Omtalen er påkrevd."),
            rating: form.rating("rating"),
            service: form.text("service", 100, "Tjeneste er påkrevd."),
            pages: form.choices("pages", &REVIEW_PAGES),
        }),
        ContentKind::Figure => ContentData::Figure(Figure {
            value: form.text("value", 20, "Tallet er påkrevd."),
            label: form.text("label", 80, "Teksten er påkrevd."),
            group: form.choice("group", &FIGURE_GROUPS),
        }),
        ContentKind::Platform => ContentData::Platform(Platform {
            name: form.text("name", 60, "Navn er påkrevd."),
            url: form.https_url("url"),
        }),
        ContentKind::Promise => {
            ContentData::Promise(Promise { text: form.text("text", 80, "Teksten er påkrevd.") })
        }
    };
    if form.errors.is_empty() { Ok(content) } else { Err(form.errors) }
}

/// A form's fields read one by one, the messages gathered.
struct Form<'a> {
    data: Option<&'a Map<String, Value>>,
    errors: FieldErrors,
}

impl Form<'_> {
    fn raw(&self, key: &str) -> Option<&Value> {
        self.data.and_then(|data| data.get(key)).filter(|value| !value.is_null())
    }

    /// Text, or a message when the field is not text.
    fn string(&mut self, key: &str) -> Option<String> {
        match self.raw(key) {
            None => None,
            Some(Value::String(text)) => Some(text.clone()),
            Some(_) => {
                self.errors.add(key, "Skriv inn tekst.");
                None
            }
        }
    }

    fn optional(&mut self, key: &str, max: usize) -> Option<String> {
        let text = self.string(key);
        let text = self.errors.optional(key, text, max);
        if let Some(placeholder) = text.as_deref().and_then(placeholder) {
            self.errors.add(key, format!("Bytt ut plassholderen «{placeholder}» med den ekte teksten."));
        }
        text
    }

    fn text(&mut self, key: &str, max: usize, missing: &str) -> String {
        let text = self.optional(key, max);
        if text.is_none() && !self.errors.has(key) {
            self.errors.add(key, missing);
        }
        text.unwrap_or_default()
    }

    fn email(&mut self, key: &str) -> Option<String> {
        let email = self.optional(key, 254);
        if email.as_deref().is_some_and(|email| !crate::text::is_email(email)) {
            self.errors.add(key, "Skriv en gyldig e-postadresse.");
        }
        email
    }

    fn https_url(&mut self, key: &str) -> Option<String> {
        let url = self.optional(key, 500);
        let valid = |url: &str| {
            url::Url::parse(url).is_ok_and(|parsed| parsed.scheme() == "https" && parsed.host_str().is_some())
        };
        if url.as_deref().is_some_and(|url| !valid(url)) {
            self.errors.add(key, "Skriv en fullstendig adresse som begynner med https://.");
        }
        url
    }

    /// Non-empty lines: a list of texts, or one text with a line per point.
    fn lines(&mut self, key: &str, max_count: usize, max_each: usize) -> Vec<String> {
        let lines: Vec<String> = match self.raw(key) {
            None => Vec::new(),
            Some(Value::String(text)) => text.lines().map(str::to_owned).collect(),
            Some(Value::Array(items)) if items.iter().all(Value::is_string) => {
                items.iter().filter_map(Value::as_str).map(str::to_owned).collect()
            }
            Some(_) => {
                self.errors.add(key, "Skriv ett punkt per linje.");
                return Vec::new();
            }
        };
        let lines: Vec<String> =
            lines.iter().map(|line| line.trim()).filter(|line| !line.is_empty()).map(str::to_owned).collect();
        if lines.len() > max_count {
            self.errors.add(key, format!("Skriv høyst {max_count} punkter."));
        } else if lines.iter().any(|line| line.chars().count() > max_each) {
            self.errors.add(key, format!("Hvert punkt kan være høyst {max_each} tegn."));
        } else if let Some(placeholder) = lines.iter().find_map(|line| placeholder(line)) {
            self.errors.add(key, format!("Bytt ut plassholderen «{placeholder}» med den ekte teksten."));
        }
        lines
    }

    /// Media ids: one id, a list of ids, or nothing. Whether they are pictures in the
    /// library is checked by the caller (`check_pictures`).
    fn pictures(&mut self, key: &str, max: usize) -> Vec<Uuid> {
        let ids: Option<Vec<Uuid>> = match self.raw(key) {
            None => Some(Vec::new()),
            Some(Value::String(id)) if id.trim().is_empty() => Some(Vec::new()),
            Some(Value::String(id)) => Uuid::parse_str(id).ok().map(|id| vec![id]),
            Some(Value::Array(items)) => {
                items.iter().map(|item| item.as_str().and_then(|id| Uuid::parse_str(id).ok())).collect()
            }
            Some(_) => None,
        };
        match ids {
            Some(ids) if ids.len() <= max => {
                let mut unique = Vec::new();
                for id in ids {
                    if !unique.contains(&id) {
                        unique.push(id);
                    }
                }
                unique
            }
            Some(_) => {
                self.errors.add(key, format!("Velg høyst {max} bilder."));
                Vec::new()
            }
            None => {
                self.errors.add(key, "Velg bilder fra mediebiblioteket.");
                Vec::new()
            }
        }
    }

    fn whole(&self, key: &str) -> Option<Option<i64>> {
        match self.raw(key) {
            None => Some(None),
            Some(Value::Number(number)) => number.as_i64().map(Some),
            Some(Value::String(text)) if text.trim().is_empty() => Some(None),
            Some(Value::String(text)) => text.trim().parse().ok().map(Some),
            Some(_) => None,
        }
    }

    fn year(&mut self, key: &str, this_year: i32) -> i32 {
        let newest = i64::from(this_year) + 1;
        match self.whole(key) {
            Some(Some(year)) if (1900..=newest).contains(&year) => year as i32,
            Some(None) => {
                self.errors.add(key, "År er påkrevd.");
                0
            }
            _ => {
                self.errors.add(key, format!("Skriv et årstall fra 1900 til {newest}."));
                0
            }
        }
    }

    fn rating(&mut self, key: &str) -> i64 {
        match self.whole(key) {
            Some(Some(rating)) if (1..=5).contains(&rating) => rating,
            _ => {
                self.errors.add(key, "Velg en vurdering fra 1 til 5 stjerner.");
                0
            }
        }
    }

    /// One or more of `allowed`, in `allowed`'s order.
    fn choices(&mut self, key: &str, allowed: &[&str]) -> Vec<String> {
        let picked: Option<Vec<String>> = match self.raw(key) {
            None => Some(Vec::new()),
            Some(Value::Array(items)) => items.iter().map(|item| item.as_str().map(str::to_owned)).collect(),
            Some(_) => None,
        };
        match picked {
            Some(picked) if picked.iter().all(|p| allowed.contains(&p.as_str())) => {
                if picked.is_empty() {
                    self.errors.add(key, "Velg minst én side.");
                }
                allowed.iter().filter(|a| picked.iter().any(|p| p == *a)).map(|a| (*a).to_owned()).collect()
            }
            _ => {
                self.errors.add(key, "Velg sider fra listen.");
                Vec::new()
            }
        }
    }

    fn choice(&mut self, key: &str, allowed: &[&str]) -> String {
        match self.raw(key).and_then(Value::as_str) {
            Some(choice) if allowed.contains(&choice) => choice.to_owned(),
            _ => {
                self.errors.add(key, "Velg hvor tallet skal stå.");
                String::new()
            }
        }
    }
}

/// A placeholder left in a text, as "{name}" or "__NAVN__": what a visitor must never see.
fn placeholder(text: &str) -> Option<&str> {
    let braced = text.find('{').and_then(|start| {
        let end = start + text[start..].find('}')?;
        let inner = &text[start + 1..end];
        (!inner.is_empty() && inner.len() <= 40 && inner.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .then(|| &text[start..=end])
    });
    braced.or_else(|| {
        let start = text.find("__")?;
        let end = start + 2 + text[start + 2..].find("__")?;
        let inner = &text[start + 2..end];
        (!inner.is_empty() && inner.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
            .then(|| &text[start..end + 2])
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn placeholders_are_found_and_ordinary_braces_are_not() {
        assert_eq!(placeholder("Hei {name}!"), Some("{name}"));
        assert_eq!(placeholder("__FF_PHONE__"), Some("__FF_PHONE__"));
        assert_eq!(placeholder("Pris {fra 500 kr}"), None);
        assert_eq!(placeholder("Kari Nordmann"), None);
        assert_eq!(placeholder("{}"), None);
    }

    #[test]
    fn a_team_member_is_read_with_a_message_per_wrong_field() {
        let errors = read(
            ContentKind::Team,
            &json!({ "name": "{name}", "title": "", "description": 5, "email": "ikke en adresse", "pages": ["home", "forside"] }),
            2026,
        )
        .unwrap_err();
        let ApiError::Validation(fields) = errors.into() else { panic!() };
        assert_eq!(fields["name"], "Bytt ut plassholderen «{name}» med den ekte teksten.");
        assert_eq!(fields["title"], "Tittel er påkrevd.");
        assert_eq!(fields["description"], "Skriv inn tekst.");
        assert_eq!(fields["email"], "Skriv en gyldig e-postadresse.");
        assert_eq!(fields["pages"], "Velg sider fra listen.");

        let read = read(
            ContentKind::Team,
            &json!({ "name": " Kari Nordmann ", "title": "Daglig leder", "description": "Leder firmaet.", "pages": ["partners", "home"] }),
            2026,
        )
        .unwrap();
        let ContentData::Team(member) = read else { panic!() };
        assert_eq!(member.name, "Kari Nordmann");
        assert_eq!(member.pages, ["home", "partners"], "in the pages' order");
        assert_eq!(member.email, None);
    }

    #[test]
    fn a_project_reads_its_year_and_its_points() {
        let ContentData::Project(project) = read(
            ContentKind::Project,
            &json!({ "title": "Bad", "place": "Frogner", "year": "2024", "type": "Baderom", "description": "Nytt bad.", "highlights": "Nytt sluk\n\n  Varmekabler  \n" }),
            2026,
        )
        .unwrap() else {
            panic!()
        };
        assert_eq!(
            (project.year, project.highlights),
            (2024, vec!["Nytt sluk".to_owned(), "Varmekabler".to_owned()])
        );

        let errors = read(ContentKind::Project, &json!({ "year": 2028, "highlights": vec!["x"; 9] }), 2026)
            .unwrap_err();
        let ApiError::Validation(fields) = errors.into() else { panic!() };
        assert_eq!(fields["year"], "Skriv et årstall fra 1900 til 2027.");
        assert_eq!(fields["highlights"], "Skriv høyst 8 punkter.");
    }

    #[test]
    fn a_review_needs_a_rating_from_one_to_five() {
        for rating in [json!(0), json!(6), json!(4.5), json!("fem"), Value::Null] {
            let errors = read(ContentKind::Review, &json!({ "rating": rating }), 2026).unwrap_err();
            let ApiError::Validation(fields) = errors.into() else { panic!() };
            assert_eq!(fields["rating"], "Velg en vurdering fra 1 til 5 stjerner.", "{rating}");
        }
    }

    #[test]
    fn a_platform_link_must_be_https() {
        for url in ["http://mittanbud.no", "mittanbud.no", "javascript:alert(1)", "https://"] {
            let errors =
                read(ContentKind::Platform, &json!({ "name": "Mittanbud", "url": url }), 2026).unwrap_err();
            let ApiError::Validation(fields) = errors.into() else { panic!() };
            assert!(fields.contains_key("url"), "{url}");
        }
        assert!(
            read(
                ContentKind::Platform,
                &json!({ "name": "Mittanbud", "url": "https://mittanbud.no/firma" }),
                2026
            )
            .is_ok()
        );
    }

    use crate::http::error::ApiError;
}
