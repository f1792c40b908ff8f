//! What clearing the audit log sends, read.

use serde::Deserialize;
use utoipa::ToSchema;

use super::Refused;
use crate::fields::FieldErrors;

/// What clearing the log asks for: the word TØM, typed.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ClearInput {
    pub confirm: Option<String>,
}

/// Reads `input`: the word TØM, typed (spaces around it aside).
pub fn read_clear(input: ClearInput) -> Result<(), FieldErrors> {
    if input.confirm.as_deref().map(str::trim) != Some("TØM") {
        return Err(FieldErrors::refused(&Refused::Unconfirmed));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_is_cleared_only_with_tom_typed() {
        let read = |confirm: Option<&str>| read_clear(ClearInput { confirm: confirm.map(str::to_owned) });
        assert!(read(Some(" TØM ")).is_ok());
        assert!(read(Some("tøm")).unwrap_err().has("confirm"));
        assert!(read(None).unwrap_err().has("confirm"));
    }
}
