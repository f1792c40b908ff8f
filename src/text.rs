//! Text rules shared by every resource: the one e-mail check (sign-in, users, settings,
//! leads and the contact form) and slugs.

/// A pragmatic address check: one `@`, a local part, a dotted domain, no spaces or
/// control characters. The real proof is that we get an answer.
pub fn is_email(email: &str) -> bool {
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && !local.contains('@')
        && local.len() <= 64
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && email.chars().all(|c| !c.is_whitespace() && !c.is_control() && c != '<' && c != '>')
}

/// A URL-safe slug: lower case ASCII, Norwegian letters spelled out, dashes between words.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for ch in text.to_lowercase().chars() {
        match ch {
            'æ' => slug.push_str("ae"),
            'ø' => slug.push('o'),
            'å' => slug.push('a'),
            'a'..='z' | '0'..='9' => slug.push(ch),
            _ if !slug.ends_with('-') && !slug.is_empty() => slug.push('-'),
            _ => {}
        }
    }
    slug.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_check_accepts_normal_and_refuses_broken_addresses() {
        for ok in ["a@b.no", "kari.nordmann+tilbud@firma.oslo.no", "øyvind@æøå.no"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in ["kari", "kari@no", "@b.no", "a b@c.no", "a@b..no", "a@.no", "<a@b.no>"] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn slugs_spell_out_norwegian_letters() {
        assert_eq!(slugify("Kjøkken & bad"), "kjokken-bad");
        assert_eq!(slugify("Rørlegger"), "rorlegger");
        assert_eq!(slugify("  Nytt sikringsskap! "), "nytt-sikringsskap");
    }
}
