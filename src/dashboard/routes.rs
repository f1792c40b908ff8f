//! The dashboard routes (`super::router`): the handlers and what they read and answer.

use axum::extract::State;
use axum::response::Response;
use chrono::Duration;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::error::ApiResult;
use crate::settings::{self, StatusKind};
use crate::state::AppState;
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::content::{ContentItem, ContentKind};
use fagfolk_data::settings::seed::SEED_FACTS;

#[derive(Debug, Serialize, ToSchema)]
pub struct Dashboard {
    /// Leads created in the last 7 days.
    pub new_leads_7d: i64,
    /// Leads in a status that means open.
    pub open_leads: i64,
    /// Leads in a status that means won, created in the last 30 days.
    pub won_30d: i64,
    pub active_services: i64,
    /// The five newest leads.
    pub latest: Vec<RecentLead>,
    /// Open leads to follow up today or earlier (in Norway), the longest overdue first;
    /// up to 20.
    pub follow_ups: Vec<FollowUp>,
    /// All open leads due for follow-up.
    pub follow_ups_due: i64,
    /// Leads in the pipeline's first status ("Ny"): enquiries nobody has taken yet. The
    /// admin's menu marks "Henvendelser" with the number.
    pub waiting: i64,
    /// What still stands between the site and a real launch; empty when nothing does.
    pub launch_checklist: Vec<LaunchStep>,
    /// Quotes: the value out with customers, accepted this month, the share accepted, and
    /// those expiring within three days (shown among the follow-ups).
    pub quotes: QuoteFigures,
    /// Jobs: in progress, the hours entered this week, and those past their estimate.
    pub jobs: JobFigures,
    /// Money in: what customers owe by age, what came in this month, and the payments
    /// that wait for the office.
    pub money: MoneyFigures,
    /// "Å gjøre": what waits for the office, each kind counted with the first few things
    /// it is about; only the kinds with something in them.
    pub todo: Vec<fagfolk_data::todo::TodoItem>,
}

use fagfolk_data::jobs::figures::JobFigures;
use fagfolk_data::payments::figures::MoneyFigures;
use fagfolk_data::quotes::figures::QuoteFigures;

/// One thing to do before the site goes live, with where it is done.
#[derive(Debug, Serialize, ToSchema)]
pub struct LaunchStep {
    /// `example_content`, `team_photo`, `company_facts`, `claims`, `logo`,
    /// `notification_email` or `https`.
    pub key: &'static str,
    /// What is left, in Norwegian.
    pub text: String,
    /// The admin page where it is fixed.
    pub link: String,
}

pub use fagfolk_data::leads::model::{FollowUp, RecentLead};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_dashboard))
}

/// The dashboard's counters and latest activity.
///
/// Made afresh after anything is committed, else the answer made last
/// (`crate::http::kept`), for an admin and for an editor apart.
#[utoipa::path(
    get, path = "/api/admin/dashboard", tag = "admin",
    responses(
        (status = 200, description = "Tall til oversikten", body = Dashboard),
    )
)]
async fn get_dashboard(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Response> {
    let key = format!("dashboard {} admin={}", state.clock.today(), user.is_admin());
    state.kept.json(&state.db, key, || dashboard(&state, &user)).await
}

async fn dashboard(state: &AppState, user: &CurrentUser) -> ApiResult<Dashboard> {
    let now = state.clock.now();
    // Counted per status, then summed by what each status means: a renamed "Vunnet" still
    // counts as won.
    let per_status = fagfolk_data::leads::store::status_counts(
        &state.db,
        now - Duration::days(7),
        now - Duration::days(30),
    )
    .await?;
    let stages = settings::stages(&state.db).await?;
    let kind_of = |status: &str| stages.iter().find(|stage| stage.name == status).map(|stage| stage.kind);
    let mut counts = (0, 0, 0);
    let first = stages.first().map(|stage| stage.name.as_str());
    let mut waiting = 0;
    for (status, total, last_7d, last_30d) in per_status {
        if Some(status.as_str()) == first {
            waiting = total;
        }
        counts.0 += last_7d;
        match kind_of(&status) {
            Some(StatusKind::Won) => counts.2 += last_30d,
            Some(StatusKind::Open) => counts.1 += total,
            Some(StatusKind::Lost) | None => {}
        }
    }
    let (new_leads_7d, open_leads, won_30d) = counts;
    let active_services = fagfolk_data::services::store::count_active(&state.db).await?;
    let latest = fagfolk_data::leads::store::newest(&state.db, 5).await?;
    let open: Vec<String> = stages
        .iter()
        .filter(|stage| stage.kind == StatusKind::Open)
        .map(|stage| stage.name.clone())
        .collect();
    let (follow_ups, follow_ups_due) =
        fagfolk_data::leads::store::follow_ups_due(&state.db, state.clock.today(), &open, 20).await?;
    let launch_checklist = launch_checklist(state, user.is_admin()).await?;
    let today = state.clock.today();
    let quotes = fagfolk_data::quotes::figures::figures(&state.db, today).await?;
    let jobs = fagfolk_data::jobs::figures::figures(&state.db, today).await?;
    let mut money = fagfolk_data::payments::figures::figures(&state.db, today).await?;
    let invoicing = fagfolk_data::settings::store::facts(&state.db)
        .await?
        .map(|settings| settings.invoicing)
        .unwrap_or_default();
    let reminders_due =
        fagfolk_data::reminders::due(&state.db, &invoicing, today, fagfolk_data::todo::SHOWN).await?;
    money.reminders_due = reminders_due.0;
    let needs_contact = jobs
        .over_estimate
        .iter()
        .filter(|job| job.needs_contact)
        .map(|job| fagfolk_data::todo::Thing {
            kind: fagfolk_data::todo::ThingKind::Job,
            id: job.id,
            title: format!("{}, {}", job.title, job.customer_name),
        })
        .collect();
    let known = fagfolk_data::todo::Known { needs_contact, reminders_due, open_statuses: &open };
    let todo = fagfolk_data::todo::todo(&state.db, today, now, known).await?;
    Ok(Dashboard {
        todo,
        quotes,
        jobs,
        money,
        new_leads_7d,
        open_leads,
        won_30d,
        active_services,
        latest,
        follow_ups,
        follow_ups_due,
        waiting,
        launch_checklist,
    })
}

/// The launch checklist: example content still shown, no team photo, company facts left
/// as they were seeded, promises not confirmed, no logo; and for an admin, who can ask
/// whoever runs the server, no e-mail notification of new enquiries and a public address
/// without HTTPS (an editor cannot act on those, so is not told).
async fn launch_checklist(state: &AppState, admin: bool) -> ApiResult<Vec<LaunchStep>> {
    let mut steps = Vec::new();

    let content = fagfolk_data::content::store::visible(&state.db).await?;
    let examples: Vec<&ContentItem> = content.iter().filter(|item| item.example).collect();
    if let Some(first) =
        examples.iter().min_by_key(|item| ContentKind::ALL.iter().position(|kind| *kind == item.kind))
    {
        let shown = examples.len();
        let texts = if shown == 1 { "eksempeltekst" } else { "eksempeltekster" };
        steps.push(LaunchStep {
            key: "example_content",
            text: format!(
                "{shown} {texts} vises fortsatt på nettstedet. Bytt dem ut med deres egne, eller skjul dem."
            ),
            link: format!("/admin/content?type={}", first.kind.as_str()),
        });
    }

    let team = content.iter().filter(|item| item.kind == ContentKind::Team);
    if team.clone().next().is_some() && team.clone().all(|item| item.data.photos().is_empty()) {
        steps.push(LaunchStep {
            key: "team_photo",
            text: "Ingen i teamet har bilde ennå. Et bilde av folkene gir tillit; uten vises initialene."
                .to_owned(),
            link: "/admin/content?type=team".to_owned(),
        });
    }

    if let Some(facts) = settings::store::facts(&state.db).await? {
        let seed = &SEED_FACTS;
        let left: Vec<&str> = [
            (facts.company_name.as_deref(), seed.company_name, "firmanavn"),
            (facts.orgnr.as_deref(), seed.orgnr, "org.nr."),
            (facts.adresse.as_deref(), seed.adresse, "adresse"),
            (facts.email.as_deref(), seed.email, "e-post"),
            (facts.global_phone_primary.as_deref(), seed.phone, "telefon"),
        ]
        .into_iter()
        .filter(|(value, seeded, _)| *value == Some(*seeded))
        .map(|(_, _, name)| name)
        .chain((facts.founded_year == Some(seed.founded_year)).then_some("årstallet firmaet ble grunnlagt"))
        .collect();
        if !left.is_empty() {
            steps.push(LaunchStep {
                key: "company_facts",
                text: format!("Firmaopplysningene er fortsatt eksempelverdiene: {}.", norwegian_list(&left)),
                link: "/admin/settings".to_owned(),
            });
        }
        if !facts.claims.confirmed {
            steps.push(LaunchStep {
                key: "claims",
                text: "Nettstedet lover fortsatt eksempelfirmaets døgnvakt, oppmøte innen en time, bindende pris, \
                       garanti og gratis befaring. Slå av det dere ikke tilbyr, og bekreft resten."
                    .to_owned(),
                link: "/admin/settings#lofter".to_owned(),
            });
        }
        if facts.logo.is_none() {
            steps.push(LaunchStep {
                key: "logo",
                text: "Nettstedet har ingen logo ennå; toppen og nettleserfanen viser en tegnet bokstav."
                    .to_owned(),
                link: "/admin/settings#logo".to_owned(),
            });
        }
    }

    if !admin {
        return Ok(steps);
    }
    if state.config.notify_to.is_none() {
        steps.push(LaunchStep {
            key: "notification_email",
            text: "Nye henvendelser varsles ikke på e-post. Be den som drifter serveren sette \
                   FAGFOLK_SMTP_URL og FAGFOLK_NOTIFY_TO."
                .to_owned(),
            link: "/admin/settings#drift".to_owned(),
        });
    }
    if !state.config.is_https() {
        steps.push(LaunchStep {
            key: "https",
            text: format!(
                "Nettstedets offentlige adresse ({}) bruker ikke HTTPS. Be den som drifter serveren sette \
                 FAGFOLK_PUBLIC_URL til en https-adresse.",
                state.config.base_url()
            ),
            link: "/admin/settings#drift".to_owned(),
        });
    }
    Ok(steps)
}

/// "a", "a og b", "a, b og c".
fn norwegian_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} og {last}", rest.join(", ")),
    }
}
