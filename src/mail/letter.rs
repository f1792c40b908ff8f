//! How every e-mail's body is written (`super::Letterhead::body`): the plain text
//! wrapped at 78 characters, a link never broken and on a line of its own, and an HTML
//! copy with the firm's logo and each link as a button.

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn is_link(word: &str) -> bool {
    word.starts_with("https://") || word.starts_with("http://")
}

/// What a link's button says, by where it goes.
fn button_label(link: &str) -> &'static str {
    if link.contains("/tilbud/") {
        "Se tilbudet"
    } else if link.contains("/dokumenter/") {
        "Se dokumentene"
    } else if link.contains("/admin/leads/") {
        "Åpne lead-en"
    } else if link.contains("passord") {
        "Sett nytt passord"
    } else {
        "Åpne lenken"
    }
}

/// The HTML copy of `text`: the logo, then each line; a line that is only a link is a
/// button with the link written small beneath it (broken anywhere, so that a long link
/// never runs wider than a phone's screen).
pub fn html(text: &str, firm: &str, logo: Option<&str>) -> String {
    let logo = logo.map_or(String::new(), |logo| {
        format!("<p><img src=\"{}\" alt=\"{}\" width=\"72\" height=\"72\"></p>\n", escape(logo), escape(firm))
    });
    let mut body = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if is_link(trimmed) && !trimmed.contains(char::is_whitespace) {
            let link = escape(trimmed);
            body.push_str(&format!(
                "<p style=\"margin:16px 0\"><a href=\"{link}\" style=\"display:inline-block;padding:12px 20px;\
                 border-radius:6px;background:#0f4c81;color:#ffffff;font-weight:600;text-decoration:none\">{}</a></p>\n\
                 <p style=\"margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all\">{link}</p>\n",
                button_label(trimmed)
            ));
        } else if trimmed.is_empty() {
            body.push_str("<br>\n");
        } else {
            body.push_str(&format!("<div>{}</div>\n", escape(line)));
        }
    }
    format!(
        "<!doctype html><html lang=\"nb\"><body style=\"font-family:system-ui,sans-serif;line-height:1.5;\
         max-width:600px;overflow-wrap:anywhere\">\n{logo}{body}</body></html>"
    )
}

/// `text` with every line longer than `width` characters broken between words; a word
/// longer than `width` (a link) is never broken and goes on a line of its own.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / width);
    for line in text.split('\n') {
        if line.chars().count() <= width {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut current = String::new();
        for word in line.split(' ').filter(|word| !word.is_empty()) {
            let needed = current.chars().count() + usize::from(!current.is_empty()) + word.chars().count();
            if !current.is_empty() && (needed > width || is_link(word)) {
                out.push_str(&current);
                out.push('\n');
                current.clear();
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push_str(&current);
        out.push('\n');
    }
    out.pop();
    out
}

/// A street address and a postcode on one line, either left out when empty.
pub fn place(adresse: Option<&str>, postnr: Option<&str>) -> String {
    [adresse, postnr]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_at_78_and_links_stay_whole_on_lines_of_their_own() {
        let link = format!("https://fagfolk.example/tilbud/{}", "a".repeat(60));
        let text = format!(
            "Hei Kari!\n\nTakk for forespørselen. Her er tilbudet vårt, nummer 2026-0042, på 23 625,00 kr \
             inkl. MVA. Det gjelder til og med 24. desember 2026.\n\nÅpne lead-en: {link}\n"
        );
        let wrapped = wrap(&text, 78);
        for line in wrapped.lines() {
            assert!(line.chars().count() <= 78 || line == link, "{line:?}");
        }
        assert!(wrapped.lines().any(|line| line == link), "{wrapped}");
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
        assert_eq!(wrap("Kort.\n\nLinje.", 78), "Kort.\n\nLinje.");
    }

    #[test]
    fn a_link_on_its_own_line_is_a_button_in_the_html() {
        let html = html("Se tilbudet her:\nhttps://x.example/tilbud/abc\n<b>", "Firma & Co", None);
        assert!(
            html.contains("href=\"https://x.example/tilbud/abc\"") && html.contains(">Se tilbudet</a>"),
            "{html}"
        );
        assert!(html.contains("&lt;b&gt;") && !html.contains("<b>"), "{html}");
    }
}
