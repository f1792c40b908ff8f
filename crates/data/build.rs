//! `sqlx::migrate!` reads the migration folders when the crate is compiled: a changed or
//! added migration must compile it again, or the binary and the tests run the old ones.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
