//! The company facts the settings row starts with (`crate::seed`).

/// The company facts the settings row starts with: believable, and the launch checklist
/// (the dashboard's, `src/dashboard.rs`) says so while any of them is left.
pub const SEED_FACTS: SeedFacts = SeedFacts {
    company_name: "Fagfolk AS",
    orgnr: "923 456 789",
    adresse: "Økernveien 94, 0579 Oslo",
    email: "post@fagfolk.no",
    phone: "22 33 44 55",
    founded_year: 2004,
};

pub struct SeedFacts {
    pub company_name: &'static str,
    pub orgnr: &'static str,
    pub adresse: &'static str,
    pub email: &'static str,
    /// The example firm's founding year: a claim the launch checklist flags until staff
    /// change it or clear it.
    pub founded_year: i32,
    pub phone: &'static str,
}
