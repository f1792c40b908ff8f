//! Passwords: argon2id with the OWASP parameters (m = 19 MiB, t = 2, p = 1), hashed off
//! the async runtime. Policy (DESIGN.md decision 5): 12 to 128 characters, no
//! composition rules, and not one of the most common passwords.

use std::sync::LazyLock;

use argon2::{Algorithm, Argon2, Params, PasswordHasher, PasswordVerifier, Version};

pub const MIN_LEN: usize = 12;
pub const MAX_LEN: usize = 128;

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Common passwords, lower case, one a line (a shipped list; see the file's header).
static COMMON: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    include_str!("common-passwords.txt")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
});

/// Why a new password is refused, in Norwegian, or `None` when it is acceptable.
pub fn policy_error(password: &str) -> Option<String> {
    let length = password.chars().count();
    if length < MIN_LEN {
        return Some(format!("Passordet må ha minst {MIN_LEN} tegn."));
    }
    if length > MAX_LEN {
        return Some(format!("Passordet kan ikke ha mer enn {MAX_LEN} tegn."));
    }
    let lower = password.to_lowercase();
    if COMMON.iter().any(|common| *common == lower) {
        return Some("Passordet er for vanlig. Velg et annet, gjerne en setning av flere ord.".to_owned());
    }
    None
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        argon2()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|err| anyhow::anyhow!("argon2: {err}"))
    })
    .await?
}

/// Checks `password` against a stored hash. With no user, checks against a dummy hash so
/// that a wrong e-mail takes as long as a wrong password.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    static DUMMY: LazyLock<String> = LazyLock::new(|| {
        argon2().hash_password(b"fagfolk-dummy-password").map(|h| h.to_string()).unwrap_or_default()
    });
    tokio::task::spawn_blocking(move || {
        let hash = stored.as_deref().unwrap_or(DUMMY.as_str());
        argon2().verify_password(password.as_bytes(), hash).is_ok() && stored.is_some()
    })
    .await
    .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_wants_length_and_refuses_common_passwords() {
        assert!(policy_error("kort").unwrap().contains("minst 12"));
        assert!(policy_error(&"x".repeat(129)).unwrap().contains("128"));
        assert!(policy_error("Passord12345").unwrap().contains("for vanlig"));
        assert_eq!(policy_error("rød sykkel på taket"), None);
    }

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let hash = hash("rød sykkel på taket".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify("rød sykkel på taket".into(), Some(hash.clone())).await);
        assert!(!verify("rød sykkel på taket!".into(), Some(hash)).await);
        assert!(!verify("fagfolk-dummy-password".into(), None).await);
    }
}
