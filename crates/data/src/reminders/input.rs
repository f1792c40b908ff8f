//! What "Send purring" sends, read: the letter the office saw, and how it goes. Whether
//! that letter may go today is the store's to say.

use serde::Deserialize;
use utoipa::ToSchema;

use super::{Channel, Kind};
use crate::fields::FieldErrors;

/// What "Send purring" asks for: the letter the office saw, and how it goes.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReminderInput {
    #[schema(value_type = Kind, required = true)]
    pub kind: Option<Kind>,
    #[schema(value_type = Channel, required = true)]
    pub channel: Option<Channel>,
}

/// The message of a reminder that names no letter.
pub const NO_KIND: &str = "Velg purring eller inkassovarsel.";
/// The message of a reminder that does not say how it goes.
pub const NO_CHANNEL: &str = "Velg om brevet sendes på e-post eller i posten.";

/// Reads `input`: which letter, and how it goes.
pub fn read_reminder(input: ReminderInput) -> Result<(Kind, Channel), FieldErrors> {
    let mut errors = FieldErrors::default();
    if input.kind.is_none() {
        errors.add("kind", NO_KIND);
    }
    if input.channel.is_none() {
        errors.add("channel", NO_CHANNEL);
    }
    errors.finish()?;
    match (input.kind, input.channel) {
        (Some(kind), Some(channel)) => Ok((kind, channel)),
        _ => unreachable!("both are there once no field has a message"),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_reminder_names_its_letter_and_how_it_goes() {
        let read = |value: serde_json::Value| read_reminder(serde_json::from_value(value).unwrap());
        let errors = read(json!({})).unwrap_err().into_map();
        assert_eq!((errors["kind"].as_str(), errors["channel"].as_str()), (NO_KIND, NO_CHANNEL));
        assert_eq!(
            read(json!({"kind": "notice", "channel": "post"})).unwrap(),
            (Kind::Notice, Channel::Post)
        );
    }
}
