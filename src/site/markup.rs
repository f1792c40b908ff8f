//! Text made fit for the pages: HTML-escaped, JSON that cannot close its `<script>`
//! element (dates are `fagfolk_data::oslo`'s).

/// The data a page was rendered with, for the browser to hydrate with (`readSite`).
pub fn data_script(json: &str) -> String {
    format!("<script type=\"application/json\" id=\"ff-site\">{}</script>", script_safe(json))
}

pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

/// JSON that is safe inside a `<script>` element: no `<` can close it early.
pub fn json_for_script(value: &serde_json::Value) -> String {
    script_safe(&value.to_string())
}

/// JSON text made safe inside a `<script>` element; the same JSON to a parser.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// The page a visitor gets when a page cannot be made (the database is unreachable, or
/// the page has never rendered).
pub const UNAVAILABLE: &str = "<!doctype html>\n<html lang=\"nb\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>Siden er midlertidig utilgjengelig</title></head><body><main>\
<h1>Siden er midlertidig utilgjengelig</h1>\
<p>Vi får ikke vist siden akkurat nå. Prøv igjen om litt.</p></main></body></html>\n";

/// The 404 page when the engine has never rendered it (the spec keeps it in English).
pub(super) const NOT_FOUND_FALLBACK: &str = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<meta name=\"robots\" content=\"noindex\"><title>404: Page not found</title></head>\
<body><main><h1>Oops! Page not found</h1><p><a href=\"/\">Return to Home</a></p></main></body></html>\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_its_element() {
        let json = json_for_script(&serde_json::json!({"a": "</script><b>"}));
        assert!(!json.contains('<'), "{json}");
    }
}
