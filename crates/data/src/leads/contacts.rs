//! A lead's e-mail addresses and phone numbers beyond the main ones, and how a merge or
//! an edit keeps them (stored by `store::contacts`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::model::Lead;

/// An e-mail address or phone number of a lead besides its main ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LeadContact {
    pub kind: ContactKind,
    pub value: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ContactKind {
    Email,
    Phone,
}

impl ContactKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Phone => "phone",
        }
    }
}

impl LeadContact {
    pub fn email(value: &str) -> Self {
        Self { kind: ContactKind::Email, value: value.to_owned() }
    }

    pub fn phone(value: &str) -> Self {
        Self { kind: ContactKind::Phone, value: value.to_owned() }
    }

    /// How the value is looked up: an e-mail address folded, a phone number as its digits.
    pub fn key(&self) -> String {
        match self.kind {
            ContactKind::Email => crate::text::email_key(&self.value),
            ContactKind::Phone => crate::text::phone_digits(&self.value),
        }
    }
}

impl Lead {
    /// Every e-mail address and phone number of the lead, the main ones first.
    pub fn all_contacts(&self) -> Vec<LeadContact> {
        let main =
            [self.email.as_deref().map(LeadContact::email), self.phone.as_deref().map(LeadContact::phone)];
        main.into_iter().flatten().chain(self.other_contacts.iter().cloned()).collect()
    }

    /// Sets `other_contacts` to every contact of `leads` that is not this lead's main
    /// e-mail address or phone number, each once (by its key: `ØYSTEIN@X.NO` is
    /// `øystein@x.no`, `+47 912 34 567` is `91234567`), in the order a read gives them
    /// (`store::contacts::attach`: by kind, then value).
    pub fn keeping_contacts_of(mut self, leads: &[&Lead]) -> Self {
        let main: Vec<(ContactKind, String)> =
            [self.email.as_deref().map(LeadContact::email), self.phone.as_deref().map(LeadContact::phone)]
                .into_iter()
                .flatten()
                .map(|contact| (contact.kind, contact.key()))
                .collect();
        let mut seen = main;
        let mut others = Vec::new();
        for contact in leads.iter().flat_map(|lead| lead.all_contacts()) {
            let key = (contact.kind, contact.key());
            if key.1.is_empty() || seen.contains(&key) {
                continue;
            }
            seen.push(key);
            others.push(contact);
        }
        others.sort_by(|a, b| (a.kind.as_str(), &a.value).cmp(&(b.kind.as_str(), &b.value)));
        self.other_contacts = others;
        self
    }

    /// This edit of `before` with `before`'s other contacts. One of them made the main
    /// e-mail address or phone number trades places with the old main one; any other new
    /// main value simply replaces the old (a typo corrected is not kept).
    pub fn with_main_contacts(self, before: &Lead) -> Self {
        let promoted = |kind: ContactKind, new: &Option<String>| {
            new.as_deref().map(|value| LeadContact { kind, value: value.to_owned() }).is_some_and(|new| {
                before.other_contacts.iter().any(|other| other.kind == kind && other.key() == new.key())
            })
        };
        let mut carried = before.clone();
        if !promoted(ContactKind::Email, &self.email) {
            carried.email = None;
        }
        if !promoted(ContactKind::Phone, &self.phone) {
            carried.phone = None;
        }
        self.keeping_contacts_of(&[&carried])
    }

    /// The other contacts for an audit entry, each under its kind's key, so that a privacy
    /// request finds and redacts them (`privacy::Person::mentioned_in`).
    pub fn other_contacts_for_audit(&self) -> serde_json::Value {
        self.other_contacts.iter().map(|c| serde_json::json!({ c.kind.as_str(): c.value })).collect()
    }
}
