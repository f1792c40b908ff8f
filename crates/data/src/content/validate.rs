//! The fields of a content item read from the admin form's JSON, for its kind, with a
//! Norwegian message for each field that is missing, too long, or still a placeholder.

use serde_json::{Map, Value};
use uuid::Uuid;

use super::*;
use crate::fields::FieldErrors;

/// Reads an item's fields for `kind` from the form's JSON object, with a Norwegian message
/// for each field that is missing, too long, or still a placeholder.
pub fn read(kind: ContentKind, data: &Value, this_year: i32) -> Result<ContentData, FieldErrors> {
    let mut form = Form { data: data.as_object(), errors: FieldErrors::default() };
    let content = match kind {
        ContentKind::Team => ContentData::Team(TeamMember {
            name: form.text("name", 100, "Navn er påkrevd."),
            title: form.text("title", 120, "Tittel er påkrevd."),
            description: form.prose("description", 600, "Beskrivelse er påkrevd."),
            email: form.email("email"),
            phone: form.optional("phone", 40).map(|phone| crate::text::phone_display(&phone)),
            photo: form.pictures("photo", 1).into_iter().next(),
            pages: form.choices("pages", &TEAM_PAGES),
        }),
        ContentKind::Project => ContentData::Project(Project {
            title: form.text("title", 160, "Tittel er påkrevd."),
            place: form.text("place", 100, "Sted er påkrevd."),
            year: form.year("year", this_year),
            project_type: form.text("type", 60, "Type arbeid er påkrevd."),
            description: form.prose("description", 2000, "Beskrivelse er påkrevd."),
            highlights: form.lines("highlights", 8, 200),
            photos: form.pictures("photos", 12),
        }),
        ContentKind::Review => ContentData::Review(Review {
            name: form.text("name", 100, "Navn er påkrevd."),
            place: form.text("place", 100, "Sted er påkrevd."),
            text: form.prose("text", 2000, "Omtalen er påkrevd."),
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
        self.checked(key, max, false)
    }

    /// One line (`optional`), or several (`lines`): a description, a review's text.
    fn checked(&mut self, key: &str, max: usize, lines: bool) -> Option<String> {
        let text = self.string(key);
        let text = if lines {
            self.errors.optional_text(key, text, max)
        } else {
            self.errors.optional(key, text, max)
        };
        if let Some(placeholder) = text.as_deref().and_then(placeholder) {
            self.errors.add(key, format!("Bytt ut plassholderen «{placeholder}» med den ekte teksten."));
        }
        text
    }

    fn text(&mut self, key: &str, max: usize, missing: &str) -> String {
        self.required(key, max, missing, false)
    }

    /// Required text of several lines.
    fn prose(&mut self, key: &str, max: usize, missing: &str) -> String {
        self.required(key, max, missing, true)
    }

    fn required(&mut self, key: &str, max: usize, missing: &str, lines: bool) -> String {
        let text = self.checked(key, max, lines);
        if text.is_none() && !self.errors.has(key) {
            self.errors.add(key, missing);
        }
        text.unwrap_or_default()
    }

    fn email(&mut self, key: &str) -> Option<String> {
        let email = self.optional(key, 254);
        self.errors.check_email(key, email.as_deref());
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
        let fields = errors.into_map();
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
        let fields = errors.into_map();
        assert_eq!(fields["year"], "Skriv et årstall fra 1900 til 2027.");
        assert_eq!(fields["highlights"], "Skriv høyst 8 punkter.");
    }

    #[test]
    fn a_review_needs_a_rating_from_one_to_five() {
        for rating in [json!(0), json!(6), json!(4.5), json!("fem"), Value::Null] {
            let errors = read(ContentKind::Review, &json!({ "rating": rating }), 2026).unwrap_err();
            let fields = errors.into_map();
            assert_eq!(fields["rating"], "Velg en vurdering fra 1 til 5 stjerner.", "{rating}");
        }
    }

    #[test]
    fn a_platform_link_must_be_https() {
        for url in ["http://mittanbud.no", "mittanbud.no", "javascript:alert(1)", "https://"] {
            let errors =
                read(ContentKind::Platform, &json!({ "name": "Mittanbud", "url": url }), 2026).unwrap_err();
            let fields = errors.into_map();
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
}
