//! What the back office's content dialogs send, read: an item's kind, fields and hidden
//! flag, its visibility, and a kind's new order. Pure: the item before and this year are
//! passed in, and the pictures it names are looked up by the server.

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{ContentData, ContentKind, Refused};
use crate::fields::FieldErrors;

/// The field's message when an item names a picture the media library does not have (the
/// server looks them up).
pub const NO_PICTURE: &str = "Bildet finnes ikke i mediebiblioteket. Velg et annet.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct ContentInput {
    /// Required when creating; an item keeps its kind.
    pub kind: Option<ContentKind>,
    /// The kind's fields, as in `TeamMember`, `Project`, `Review`, `Figure`, `Platform`
    /// and `Promise`. A project's `highlights` may also be one text with a point per line.
    #[schema(value_type = Option<std::collections::HashMap<String, Value>>)]
    pub data: Option<Value>,
    /// Hide the item from the site without deleting it. Defaults to shown for a new item
    /// and to unchanged for an edit.
    pub hidden: Option<bool>,
}

/// An item's fields read.
#[derive(Debug)]
pub struct ContentFields {
    pub kind: ContentKind,
    pub data: ContentData,
    /// `None` when not sent: a new item is shown, an edited one keeps its flag.
    pub hidden: Option<bool>,
}

/// Reads `input`: a new item's (`before` is `None`), whose kind is required, or an edit of
/// an item of kind `before`, which it keeps; `this_year` is the latest a project's year is.
pub fn read_content(
    input: ContentInput,
    before: Option<ContentKind>,
    this_year: i32,
) -> Result<ContentFields, FieldErrors> {
    let kind = match (before, input.kind) {
        (None, None) => return Err(FieldErrors::refused(&Refused::NoKind)),
        (None, Some(kind)) => kind,
        (Some(before), Some(kind)) if kind != before => {
            return Err(FieldErrors::refused(&Refused::KindChanged));
        }
        (Some(before), _) => before,
    };
    let data = super::read(kind, input.data.as_ref().unwrap_or(&Value::Null), this_year)?;
    Ok(ContentFields { kind, data, hidden: input.hidden })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VisibilityInput {
    #[schema(value_type = bool, required = true)]
    pub hidden: Option<bool>,
}

/// Reads whether the item is to be hidden.
pub fn read_visibility(input: VisibilityInput) -> Result<bool, FieldErrors> {
    let mut errors = FieldErrors::default();
    if input.hidden.is_none() {
        errors.add("hidden", "Velg om innholdet skal vises eller skjules.");
    }
    errors.finish()?;
    Ok(input.hidden.unwrap_or_default())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderInput {
    #[schema(value_type = ContentKind, required = true)]
    pub kind: Option<ContentKind>,
    /// Every item of the kind, in the new order.
    #[schema(value_type = Vec<Uuid>, required = true)]
    pub ids: Option<Vec<Uuid>>,
}

/// Reads a kind and its items in their new order.
pub fn read_order(input: OrderInput) -> Result<(ContentKind, Vec<Uuid>), FieldErrors> {
    let mut errors = FieldErrors::default();
    if input.kind.is_none() {
        errors.refuse(&Refused::NoKind);
    }
    if input.ids.is_none() {
        errors.add("ids", "Send innholdet i den nye rekkefølgen.");
    }
    errors.finish()?;
    match (input.kind, input.ids) {
        (Some(kind), Some(ids)) => Ok((kind, ids)),
        _ => unreachable!("both are there once no field has a message"),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::refusal::Refusal;

    #[test]
    fn a_new_item_has_a_kind_and_an_item_keeps_its_own() {
        let input = |value: serde_json::Value| serde_json::from_value::<ContentInput>(value).unwrap();
        let errors = read_content(input(json!({})), None, 2026).unwrap_err().into_map();
        assert_eq!(errors["kind"], Refused::NoKind.text());
        let errors = read_content(input(json!({"kind": "review"})), Some(ContentKind::Team), 2026)
            .unwrap_err()
            .into_map();
        assert_eq!(errors["kind"], Refused::KindChanged.text());
    }

    #[test]
    fn an_order_names_its_kind_and_its_items() {
        let errors = read_order(serde_json::from_value(json!({})).unwrap()).unwrap_err().into_map();
        assert_eq!(errors["kind"], Refused::NoKind.text());
        assert_eq!(errors["ids"], "Send innholdet i den nye rekkefølgen.");
        let errors = read_visibility(serde_json::from_value(json!({})).unwrap()).unwrap_err().into_map();
        assert_eq!(errors["hidden"], "Velg om innholdet skal vises eller skjules.");
    }
}
