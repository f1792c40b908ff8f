//! A secret in an address: a quote's link (`crate::quotes`), a member of staff's
//! calendar feed (`crate::visits::feeds`). 128 random bits, base64url in the address. The
//! database keeps only the token's SHA-256, as for sessions and password links, so a
//! leaked table opens nothing.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;

/// A new token and its hash.
pub fn new() -> (String, Vec<u8>) {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = fagfolk_data::auth::session::hash_token(&token);
    (token, hash)
}

/// The hash a token from an address is looked up by; `None` for text that cannot be a
/// token (the lookup is then answered like an unknown token's).
pub fn hash(token: &str) -> Option<Vec<u8>> {
    let decoded = URL_SAFE_NO_PAD.decode(token).ok()?;
    (decoded.len() == 16).then(|| fagfolk_data::auth::session::hash_token(token))
}
