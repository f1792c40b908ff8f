//! Which of håndverkertjenesteloven's price rules binds a job, and why (docs/LAW.md):
//!
//! - **Fastpris**: the price agreed (§ 32 (1) does not reach it).
//! - **Prisoverslag**: at most 15 % above the estimate (§ 32 (2)).
//! - **Timepris to a consumer**: the sum the quote (or a call-out) gave is a prisoverslag
//!   too, with the same ceiling. The act puts on the firm the burden of proving that a
//!   price it gave was only an "uforpliktende prisantydning" (§ 32 (3)), the Supreme Court
//!   read price information given without a plain reservation as a prisoverslag
//!   (HR-2016-761-A), and the act cannot be set aside to a consumer's detriment (§ 3).
//! - **Timepris with the reservation**: the quote said in plain words that its sum is an
//!   uforpliktende prisantydning and not a prisoverslag, and the consumer accepted the quote
//!   with that text (kept with the acceptance as evidence): no ceiling.
//! - **Timepris to a business**: the act is for consumers only (§ 1): no ceiling.
//!
//! A rule is fixed when the job is made and never changed by the office afterwards.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::meter::Pricing;
use crate::quotes::{CustomerKind, PriceType};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PriceRule {
    /// Fastpris.
    Fixed,
    /// Prisoverslag, as the quote called it.
    Estimate,
    /// Timepris to a consumer without an accepted reservation: a prisoverslag by law.
    Capped,
    /// Timepris to a consumer who accepted the reservation "uforpliktende prisantydning".
    Reserved,
    /// Timepris to a business.
    Business,
}

impl PriceRule {
    /// The rule of a job made from a quote of `price_type` to `customer`; `reserved` when the
    /// quote carried the reservation. A call-out (no quote) is a consumer's timepris without
    /// one.
    pub fn of(price_type: PriceType, customer: CustomerKind, reserved: bool) -> Self {
        match (price_type, customer) {
            (PriceType::Fixed, _) => Self::Fixed,
            (PriceType::Estimate, _) => Self::Estimate,
            (PriceType::Hourly, CustomerKind::Business) => Self::Business,
            (PriceType::Hourly, CustomerKind::Private) if reserved => Self::Reserved,
            (PriceType::Hourly, CustomerKind::Private) => Self::Capped,
        }
    }

    /// How the meter bills a job of this rule with `budget` øre: a timepris job to a consumer
    /// with no sum given has no estimate to cap at.
    pub fn pricing(self, budget: i64) -> Pricing {
        match self {
            Self::Fixed => Pricing::Fixed,
            Self::Estimate => Pricing::Ceiling,
            Self::Capped if budget > 0 => Pricing::Ceiling,
            Self::Capped | Self::Reserved | Self::Business => Pricing::Open,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Fixed => "fixed",
            Self::Estimate => "estimate",
            Self::Capped => "capped",
            Self::Reserved => "reserved",
            Self::Business => "business",
        }
    }
}

impl TryFrom<String> for PriceRule {
    type Error = String;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        match value.as_str() {
            "fixed" => Ok(Self::Fixed),
            "estimate" => Ok(Self::Estimate),
            "capped" => Ok(Self::Capped),
            "reserved" => Ok(Self::Reserved),
            "business" => Ok(Self::Business),
            _ => Err(format!("ukjent prisregel: {value}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_consumers_timepris_estimate_is_capped_unless_reserved() {
        use CustomerKind::{Business, Private};
        assert_eq!(PriceRule::of(PriceType::Hourly, Private, false), PriceRule::Capped);
        assert_eq!(PriceRule::of(PriceType::Hourly, Private, true), PriceRule::Reserved);
        assert_eq!(PriceRule::of(PriceType::Hourly, Business, false), PriceRule::Business);
        assert_eq!(PriceRule::of(PriceType::Hourly, Business, true), PriceRule::Business);
        assert_eq!(PriceRule::of(PriceType::Estimate, Business, true), PriceRule::Estimate);
        assert_eq!(PriceRule::of(PriceType::Fixed, Private, false), PriceRule::Fixed);
        assert_eq!(PriceRule::Capped.pricing(100_000), Pricing::Ceiling);
        assert_eq!(PriceRule::Capped.pricing(0), Pricing::Open, "no sum given, nothing to cap at");
        assert_eq!(PriceRule::Reserved.pricing(100_000), Pricing::Open);
        assert_eq!(PriceRule::Business.pricing(100_000), Pricing::Open);
        for rule in [
            PriceRule::Fixed,
            PriceRule::Estimate,
            PriceRule::Capped,
            PriceRule::Reserved,
            PriceRule::Business,
        ] {
            assert_eq!(PriceRule::try_from(rule.as_str().to_owned()), Ok(rule));
        }
    }
}
