//! The settings row as staff see it.

use serde::Serialize;
use utoipa::ToSchema;

use super::Stage;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Settings {
    pub company_name: Option<String>,
    pub orgnr: Option<String>,
    pub adresse: Option<String>,
    /// The public contact e-mail.
    pub email: Option<String>,
    pub global_phone_primary: Option<String>,
    #[sqlx(json)]
    pub global_phone_extra: Vec<String>,
    /// The year the firm was founded; the public site says "siden …" only when it is set.
    pub founded_year: Option<i32>,
    /// The lead pipeline's statuses in order, each with its meaning.
    #[sqlx(skip)]
    pub lead_pipeline: Vec<Stage>,
    /// How the server is run: set by whoever runs it, shown here, not edited here.
    #[sqlx(skip)]
    pub server: ServerFacts,
}

/// The server's configuration that staff should know about (`FAGFOLK_PUBLIC_URL`,
/// `FAGFOLK_NOTIFY_TO`).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct ServerFacts {
    /// The public address of the site.
    pub public_url: String,
    pub https: bool,
    /// Where new enquiries are sent by e-mail; `null` when nobody is notified.
    pub notify_to: Option<String>,
}

impl Settings {
    /// What the audit log keeps of the settings: all but how the server is run.
    pub fn audit_view(&self) -> serde_json::Value {
        let mut view = serde_json::to_value(self).unwrap_or_default();
        if let Some(fields) = view.as_object_mut() {
            fields.remove("server");
        }
        view
    }
}
