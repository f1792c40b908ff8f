//! A job's material lines: what the office or a montør adds, how the office sets a price
//! a montør's phone left out, and their removal. Every write passes the job's gate
//! (`super::gate`); the SQL is in `super::store::materials`.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{gate, meter, store};
use crate::audit::NewAudit;
use crate::db::Db;
use crate::quotes::Unit;

pub use super::refused::LINE_NOT_FOUND as NOT_FOUND;

/// A material line on a job.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Material {
    pub id: Uuid,
    pub job_id: Uuid,
    pub service_id: Option<Uuid>,
    pub description: String,
    /// In hundredths: 250 is 2,5.
    pub quantity: i64,
    #[sqlx(try_from = "String")]
    pub unit: Unit,
    /// Øre excluding MVA.
    pub unit_price: i64,
    pub vat: i32,
    /// Tilleggsarbeid.
    pub extra: bool,
    /// The change order it is tagged to (then `extra`).
    pub change_id: Option<Uuid>,
    pub added_by_id: Option<Uuid>,
    pub added_by: String,
    pub created_at: DateTime<Utc>,
    /// Written past a prisoverslag's budget before the § 7 contact: held out of the
    /// invoice until the contact is recorded (`gate`). Set by the store, never by a client.
    pub held: bool,
    /// Typed on a montør's phone, where no prices are shown: the office sets the price
    /// before the job is invoiced.
    pub price_missing: bool,
    /// A photo of the receipt or of the part is stored with it (`src/jobs/receipts.rs`).
    pub receipt: bool,
}

impl Material {
    /// What the line puts on its job (`gate`).
    pub fn load(&self) -> gate::Load {
        let amount = if self.extra { 0 } else { meter::material_amount(self.quantity, self.unit_price) };
        gate::Load { job_id: self.job_id, amount, change_id: self.change_id, hours: None }
    }

    /// Whether `stored` is this line as written by `writer`: the same person's, on the same
    /// job, with the same text, quantity, service and marks, and, when the office wrote it,
    /// the same price and rate (a montør's price is the server's, `src/jobs/materials.rs`).
    pub fn is_written_as(&self, stored: &Material, writer: gate::Writer) -> bool {
        let priced =
            writer == gate::Writer::Montor || (stored.unit_price, stored.vat) == (self.unit_price, self.vat);
        priced
            && stored.added_by_id == self.added_by_id
            && (stored.job_id, stored.service_id, stored.quantity, stored.extra, stored.change_id)
                == (self.job_id, self.service_id, self.quantity, self.extra, self.change_id)
            && (stored.description.as_str(), &stored.unit) == (self.description.as_str(), &self.unit)
    }

    pub fn audit_view(&self) -> Value {
        serde_json::json!({
            "description": self.description, "quantity": self.quantity, "unit": self.unit,
            "unit_price": self.unit_price, "vat": self.vat, "extra": self.extra, "change_id": self.change_id,
            "price_missing": self.price_missing,
        })
    }
}

/// Writes `material` by `writer` with `audit` when `gate` lets it in; its id may be the
/// client's own, and a retry of one written already gets it back with nothing new written,
/// an id holding another of the same person's lines gets that line as `Differs`
/// (`time::add`).
pub async fn add_material(
    db: &Db,
    material: &Material,
    audit: &NewAudit,
    writer: gate::Writer,
) -> Result<Result<gate::Written<Material>, gate::Refused>, sqlx::Error> {
    let mut tx = db.begin().await?;
    store::take_in(&mut tx, material.job_id).await?;
    if let Some(existing) = store::materials::get_in(&mut tx, material.id).await? {
        return Ok(if existing.added_by_id != material.added_by_id {
            Err(gate::Refused::Taken)
        } else if material.is_written_as(&existing, writer) {
            Ok(gate::Written::Again(existing))
        } else {
            Ok(gate::Written::Differs(existing))
        });
    }
    let write = gate::Write { arrives: Some(material.load()), ..gate::Write::default() };
    let admitted = match gate::admit(&mut tx, &write).await? {
        Ok(admitted) => admitted,
        Err(refused) => return Ok(Err(refused)),
    };
    let written = Material { held: admitted.held, ..material.clone() };
    store::materials::insert_in(&mut tx, &written).await?;
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(Ok(gate::Written::New(written)))
}

/// Deletes material line `id` of job `job_id` with `audit` when the job is open (`gate`).
pub async fn delete_material(
    db: &Db,
    job_id: Uuid,
    id: Uuid,
    audit: &NewAudit,
) -> Result<Result<(), gate::Refused>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let write = gate::Write {
        leaves: Some(gate::Load { job_id, amount: 0, change_id: None, hours: None }),
        ..gate::Write::default()
    };
    if let Err(refused) = gate::admit(&mut tx, &write).await? {
        return Ok(Err(refused));
    }
    if !store::materials::delete_in(&mut tx, job_id, id).await? {
        return Ok(Err(gate::Refused::NoEntry));
    }
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Saves line `material` (as the office changed it: a montør's line given its price, or a
/// mistake put right) with `audit`, when `gate` lets it leave its job as it was and arrive
/// as it is; the gate marks it held or not as it arrives. `None` when the line is gone.
pub async fn change_material(
    db: &Db,
    material: &Material,
    audit: &NewAudit,
) -> Result<Result<Material, gate::Refused>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let Some(before) =
        store::materials::get_in(&mut tx, material.id).await?.filter(|m| m.job_id == material.job_id)
    else {
        return Ok(Err(gate::Refused::NoEntry));
    };
    let write =
        gate::Write { leaves: Some(before.load()), arrives: Some(material.load()), entry: Some(material.id) };
    let admitted = match gate::admit(&mut tx, &write).await? {
        Ok(admitted) => admitted,
        Err(refused) => return Ok(Err(refused)),
    };
    let written = Material { held: admitted.held, ..material.clone() };
    if !store::materials::update_in(&mut tx, &written).await? {
        return Ok(Err(gate::Refused::NoEntry));
    }
    tx.audit(audit).await?;
    tx.commit().await?;
    Ok(Ok(written))
}
