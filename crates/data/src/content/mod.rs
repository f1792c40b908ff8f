//! What the firm tells about itself on the public pages, edited under "Innhold" in the
//! admin: team members, projects, reviews, key figures, the platforms it is listed on and
//! its promises. One table (`content_items`) holds them all: a kind, a place in its
//! kind's order, a hidden flag, an example flag for the texts the site ships with
//! (`seed`), and the fields as JSON, read and checked here for the kind.
//!
//! The SQL is in `store`; the admin endpoints are the server's (`src/content/routes.rs`).
//! Every visible item goes into the data the public pages are rendered with
//! (`src/site/render.rs`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;
use uuid::Uuid;

pub mod input;
pub mod refused;
pub mod seed;
pub mod store;
mod validate;

pub use refused::Refused;
pub use validate::read;

/// What a request about one that is not there (or no longer) is told.
pub const NOT_FOUND: &str = "Fant ikke innholdet. Det kan være slettet.";

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

    /// The most items of this kind the site holds: more than any page shows well, and
    /// few enough that a page stays small and renders in a moment (10,000 platforms made
    /// the home page 12.7 MB and an edit take 11 s).
    pub const fn ceiling(self) -> i64 {
        match self {
            Self::Team => 50,
            Self::Project => 100,
            Self::Review => 100,
            Self::Figure => 30,
            Self::Platform => 30,
            Self::Promise => 20,
        }
    }

    /// What a new item is refused with when the kind is full.
    pub fn full_message(self) -> String {
        let (what, with) = match self {
            Self::Team => ("personer i teamet", "fjern en person"),
            Self::Project => ("prosjekter", "slett et prosjekt"),
            Self::Review => ("omtaler", "slett en omtale"),
            Self::Figure => ("nøkkeltall", "slett et nøkkeltall"),
            Self::Platform => ("plattformer", "slett en plattform"),
            Self::Promise => ("løfter", "slett et løfte"),
        };
        format!(
            "Nettstedet har plass til høyst {} {what}. Skjul eller {with} før du legger til en ny.",
            self.ceiling()
        )
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
