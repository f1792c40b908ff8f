//! Typed configuration, read once from the environment at start-up.
//!
//! Every variable is documented where it is read and in the README. A bad value stops
//! start-up with one line that names the variable.

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, bail};
use url::Url;

#[derive(Clone)]
pub struct Config {
    /// `FAGFOLK_ADDR`: the address to listen on (default `127.0.0.1:8080`).
    pub addr: SocketAddr,
    /// `DATABASE_URL`: `sqlite://path` (default `sqlite://data/fagfolk.db`) or `postgres://...`.
    pub database_url: String,
    /// `FAGFOLK_STORAGE`: where uploaded media lives (default `./data/media`).
    pub storage: String,
    /// The `AWS_*` settings of S3 storage (`STORAGE_KEYS`), from the same place as the rest
    /// of the configuration. Kept out of `Debug`: they hold the secret key.
    pub storage_options: Vec<(String, String)>,
    /// `FAGFOLK_PUBLIC_URL`: the site's public base URL, used for canonical links,
    /// Open Graph, the sitemap and JSON-LD (default `http://localhost:8080`).
    pub public_url: Url,
    /// `FAGFOLK_CONTACT_LIMIT`: contact submissions allowed per client IP per
    /// `FAGFOLK_CONTACT_WINDOW_SECS` seconds (defaults 5 per 600 s).
    pub contact_limit: NonZeroU32,
    pub contact_window: Duration,
    /// `FAGFOLK_UPLOAD_LIMIT_MB`: the largest media file accepted (default 10).
    pub upload_limit_bytes: usize,
    /// `FAGFOLK_TRUST_PROXY`: how many reverse proxies in front of the server append to
    /// `X-Forwarded-For` (`false`/`0`: none, the default; `true`: one; or a number up to
    /// 10). The client's address is then the entry that many places from the right: the
    /// one the outermost trusted proxy wrote, never one the client wrote itself
    /// (`crate::http::client_ip`).
    pub trust_proxy_hops: usize,
    /// `FAGFOLK_MAX_CONNECTIONS`: open connections served at once (default 4096); more
    /// wait in the kernel's accept queue.
    pub max_connections: usize,
    /// `FAGFOLK_HEADER_TIMEOUT_SECS`: a client that has not sent a request's headers
    /// within this many seconds is disconnected, also between requests on a kept-alive
    /// connection (default 10).
    pub header_timeout: Duration,
    /// Connections one client address may hold open at once (`src/http/serve.rs`); not
    /// applied behind a trusted proxy, whose address every connection has.
    pub max_connections_per_address: usize,
    /// `FAGFOLK_SMTP_URL` and `FAGFOLK_NOTIFY_TO`: optional e-mail notification of new
    /// contact submissions. Kept out of `Debug` because the URL may hold a password.
    pub smtp_url: Option<String>,
    pub notify_to: Option<String>,
    /// `FAGFOLK_REMINDER_SECS`: how often the server looks for befaringer whose customer
    /// is due tomorrow's reminder (default 300; src/visits/reminders.rs).
    pub reminder_every: Duration,
    /// `FAGFOLK_PHOTO_ORPHAN_SECS`: how long a photo uploaded with the contact form waits
    /// for its enquiry before the sweep removes it (default 3600), and
    /// `FAGFOLK_PHOTO_SWEEP_SECS`, how often the sweep runs (default 600;
    /// src/contact/sweep.rs).
    pub photo_orphan_after: Duration,
    pub photo_sweep_every: Duration,
    /// `FAGFOLK_ADMIN_EMAIL` and `FAGFOLK_ADMIN_PASSWORD`: the first admin, created at
    /// start-up when no admin user exists yet. The password is kept out of `Debug`.
    pub first_admin: Option<(String, String)>,
    /// `FAGFOLK_METRICS_TOKEN`: `/metrics` answers only requests that send it as a bearer
    /// token; without it `/metrics` does not exist. Kept out of `Debug`.
    pub metrics_token: Option<String>,
    /// `fagfolk serve --demo`: seed a demo admin and sample leads (not an environment variable).
    pub demo: bool,
    /// `FAGFOLK_RENDER_AT_START`: whether the public pages are rendered at start-up
    /// (`true`, the default) or when something first needs them: a request, `/readyz`
    /// (`src/site/cache.rs`). The test servers start lazily: most tests never ask for a
    /// page, and a render is most of a test server's start-up.
    pub render_at_start: bool,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("database", &redact_url(&self.database_url))
            .field("storage", &self.storage)
            .field("public_url", &self.public_url.as_str())
            .field("contact_limit", &self.contact_limit)
            .field("contact_window", &self.contact_window)
            .field("reminder_every", &self.reminder_every)
            .field("photo_orphan_after", &self.photo_orphan_after)
            .field("photo_sweep_every", &self.photo_sweep_every)
            .field("upload_limit_bytes", &self.upload_limit_bytes)
            .field("trust_proxy_hops", &self.trust_proxy_hops)
            .field("max_connections", &self.max_connections)
            .field("header_timeout", &self.header_timeout)
            .field("max_connections_per_address", &self.max_connections_per_address)
            .field("smtp", &self.smtp_url.as_ref().map(|_| "<satt>"))
            .field("first_admin", &self.first_admin.as_ref().map(|(email, _)| email))
            .field("metrics", &self.metrics_token.as_ref().map(|_| "<satt>"))
            .field("demo", &self.demo)
            .field("render_at_start", &self.render_at_start)
            .finish()
    }
}

/// The settings of S3-compatible storage that `object_store` reads, by their usual names.
pub const STORAGE_KEYS: [&str; 13] = [
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "AWS_ENDPOINT",
    "AWS_ENDPOINT_URL",
    "AWS_ALLOW_HTTP",
    "AWS_VIRTUAL_HOSTED_STYLE_REQUEST",
    "AWS_CONDITIONAL_PUT",
    "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
    "AWS_WEB_IDENTITY_TOKEN_FILE",
    "AWS_ROLE_ARN",
];

fn redact_url(url: &str) -> String {
    match Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_owned(),
    }
}

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|key| std::env::var(key).ok())
    }

    /// Reads the configuration through `lookup`, so tests can pass their own values.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let get = |key: &str| lookup(key).filter(|v| !v.trim().is_empty());

        let addr = parse_var(&get, "FAGFOLK_ADDR", "127.0.0.1:8080", |v| {
            v.parse::<SocketAddr>().context("forventet vert:port, for eksempel 127.0.0.1:8080")
        })?;
        let database_url = get("DATABASE_URL").unwrap_or_else(|| "sqlite://data/fagfolk.db".into());
        if !(database_url.starts_with("sqlite:")
            || database_url.starts_with("postgres://")
            || database_url.starts_with("postgresql://"))
        {
            bail!(
                "DATABASE_URL: forventet sqlite://sti eller postgres://..., fikk «{}»",
                redact_url(&database_url)
            );
        }
        let storage = get("FAGFOLK_STORAGE").unwrap_or_else(|| "./data/media".into());
        let storage_options =
            STORAGE_KEYS.iter().filter_map(|key| get(key).map(|value| ((*key).to_owned(), value))).collect();
        let public_url = parse_var(&get, "FAGFOLK_PUBLIC_URL", "http://localhost:8080", |v| {
            let url = Url::parse(v.trim_end_matches('/'))
                .context("forventet en full adresse, for eksempel https://fagfolk.no")?;
            if !matches!(url.scheme(), "http" | "https") {
                bail!("forventet http eller https");
            }
            Ok(url)
        })?;
        let contact_limit = parse_var(&get, "FAGFOLK_CONTACT_LIMIT", "5", |v| {
            v.parse::<NonZeroU32>().context("forventet et heltall større enn 0")
        })?;
        let contact_window =
            parse_var(&get, "FAGFOLK_CONTACT_WINDOW_SECS", "600", |v| match v.parse::<u64>() {
                Ok(secs) if secs > 0 => Ok(Duration::from_secs(secs)),
                _ => bail!("forventet et antall sekunder større enn 0"),
            })?;
        let reminder_every = parse_var(&get, "FAGFOLK_REMINDER_SECS", "300", |v| match v.parse::<u64>() {
            Ok(secs) if (1..=86_400).contains(&secs) => Ok(Duration::from_secs(secs)),
            _ => bail!("forventet et antall sekunder mellom 1 og 86400"),
        })?;
        let seconds = |v: &str| match v.parse::<u64>() {
            Ok(secs) if (1..=86_400).contains(&secs) => Ok(Duration::from_secs(secs)),
            _ => bail!("forventet et antall sekunder mellom 1 og 86400"),
        };
        let photo_orphan_after = parse_var(&get, "FAGFOLK_PHOTO_ORPHAN_SECS", "3600", seconds)?;
        let photo_sweep_every = parse_var(&get, "FAGFOLK_PHOTO_SWEEP_SECS", "600", seconds)?;
        let upload_limit_bytes =
            parse_var(&get, "FAGFOLK_UPLOAD_LIMIT_MB", "10", |v| match v.parse::<usize>() {
                Ok(mb) if (1..=1024).contains(&mb) => Ok(mb * 1024 * 1024),
                _ => bail!("forventet et heltall mellom 1 og 1024"),
            })?;
        let trust_proxy_hops = parse_var(&get, "FAGFOLK_TRUST_PROXY", "false", |v| match v {
            "true" => Ok(1),
            "false" => Ok(0),
            _ => match v.parse::<usize>() {
                Ok(hops) if hops <= 10 => Ok(hops),
                _ => bail!("forventet true, false eller antall proxyer (0 til 10)"),
            },
        })?;
        let max_connections =
            parse_var(&get, "FAGFOLK_MAX_CONNECTIONS", "4096", |v| match v.parse::<usize>() {
                Ok(n) if (16..=1_000_000).contains(&n) => Ok(n),
                _ => bail!("forventet et heltall mellom 16 og 1000000"),
            })?;
        let header_timeout =
            parse_var(&get, "FAGFOLK_HEADER_TIMEOUT_SECS", "10", |v| match v.parse::<u64>() {
                Ok(secs) if (1..=300).contains(&secs) => Ok(Duration::from_secs(secs)),
                _ => bail!("forventet et antall sekunder mellom 1 og 300"),
            })?;
        let max_connections_per_address =
            parse_var(&get, "FAGFOLK_MAX_CONNECTIONS_PER_ADDRESS", "1024", |v| match v.parse::<usize>() {
                Ok(n) if (1..=1_000_000).contains(&n) => Ok(n),
                _ => bail!("forventet et heltall mellom 1 og 1000000"),
            })?;
        let smtp_url = get("FAGFOLK_SMTP_URL");
        let notify_to = get("FAGFOLK_NOTIFY_TO");
        if smtp_url.is_some() != notify_to.is_some() {
            bail!("FAGFOLK_SMTP_URL og FAGFOLK_NOTIFY_TO må settes sammen");
        }
        let first_admin =
            match (get("FAGFOLK_ADMIN_EMAIL"), lookup("FAGFOLK_ADMIN_PASSWORD").filter(|p| !p.is_empty())) {
                (Some(email), Some(password)) => Some((email.trim().to_owned(), password)),
                (None, None) => None,
                _ => bail!("FAGFOLK_ADMIN_EMAIL og FAGFOLK_ADMIN_PASSWORD må settes sammen"),
            };

        let render_at_start = parse_var(&get, "FAGFOLK_RENDER_AT_START", "true", |v| match v {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => bail!("forventet true eller false"),
        })?;
        let metrics_token = get("FAGFOLK_METRICS_TOKEN").map(|token| token.trim().to_owned());
        if metrics_token.as_ref().is_some_and(|token| token.len() < 16) {
            bail!("FAGFOLK_METRICS_TOKEN: bruk minst 16 tegn");
        }

        Ok(Self {
            addr,
            database_url,
            storage,
            storage_options,
            public_url,
            contact_limit,
            contact_window,
            upload_limit_bytes,
            trust_proxy_hops,
            max_connections,
            header_timeout,
            max_connections_per_address,
            smtp_url,
            notify_to,
            reminder_every,
            photo_orphan_after,
            photo_sweep_every,
            first_admin,
            metrics_token,
            demo: false,
            render_at_start,
        })
    }

    /// The public base URL without a trailing slash, for building absolute links.
    pub fn base_url(&self) -> String {
        self.public_url.as_str().trim_end_matches('/').to_owned()
    }

    /// Whether the site is served over HTTPS: cookies are then `Secure` and `__Host-`
    /// prefixed, and HSTS is sent.
    pub fn is_https(&self) -> bool {
        self.public_url.scheme() == "https"
    }

    /// Where the SQLite file lives, when the database is SQLite.
    pub fn sqlite_path(&self) -> Option<PathBuf> {
        let rest = self.database_url.strip_prefix("sqlite:")?;
        let path = rest.trim_start_matches("//");
        let path = path.split('?').next().unwrap_or(path);
        (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
    }
}

fn parse_var<T>(
    get: &impl Fn(&str) -> Option<String>,
    key: &str,
    default: &str,
    parse: impl Fn(&str) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let raw = get(key).unwrap_or_else(|| default.to_owned());
    parse(raw.trim()).map_err(|err| anyhow::anyhow!("{key}: ugyldig verdi «{raw}»: {err:#}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pairs: &[(&str, &str)]) -> anyhow::Result<Config> {
        let pairs: Vec<(String, String)> =
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(move |key| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
    }

    #[test]
    fn defaults_give_a_local_sqlite_site() {
        let config = config(&[]).unwrap();
        assert_eq!(config.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(config.sqlite_path(), Some(PathBuf::from("data/fagfolk.db")));
        assert_eq!(config.upload_limit_bytes, 10 * 1024 * 1024);
        assert_eq!(config.trust_proxy_hops, 0);
        assert_eq!(config.header_timeout, Duration::from_secs(10));
    }

    #[test]
    fn reminders_are_looked_for_every_five_minutes_unless_told() {
        assert_eq!(config(&[]).unwrap().reminder_every, Duration::from_secs(300));
        assert_eq!(config(&[("FAGFOLK_REMINDER_SECS", "1")]).unwrap().reminder_every, Duration::from_secs(1));
        for wrong in ["0", "-5", "ofte", "86401"] {
            assert!(config(&[("FAGFOLK_REMINDER_SECS", wrong)]).is_err(), "{wrong}");
        }
    }

    #[test]
    fn trust_proxy_takes_a_flag_or_a_number_of_hops() {
        assert_eq!(config(&[("FAGFOLK_TRUST_PROXY", "true")]).unwrap().trust_proxy_hops, 1);
        assert_eq!(config(&[("FAGFOLK_TRUST_PROXY", "2")]).unwrap().trust_proxy_hops, 2);
        assert_eq!(config(&[("FAGFOLK_TRUST_PROXY", "0")]).unwrap().trust_proxy_hops, 0);
        let err = config(&[("FAGFOLK_TRUST_PROXY", "yes")]).err().unwrap().to_string();
        assert!(err.starts_with("FAGFOLK_TRUST_PROXY"), "{err}");
    }

    #[test]
    fn pages_are_rendered_at_start_up_unless_told() {
        assert!(config(&[]).unwrap().render_at_start);
        assert!(!config(&[("FAGFOLK_RENDER_AT_START", "false")]).unwrap().render_at_start);
        let err = config(&[("FAGFOLK_RENDER_AT_START", "nei")]).err().unwrap().to_string();
        assert!(err.starts_with("FAGFOLK_RENDER_AT_START"), "{err}");
    }

    #[test]
    fn a_bad_value_names_its_variable() {
        let err = config(&[("FAGFOLK_ADDR", "nowhere")]).err().unwrap().to_string();
        assert!(err.starts_with("FAGFOLK_ADDR: ugyldig verdi «nowhere»"), "{err}");
        let err = config(&[("FAGFOLK_CONTACT_LIMIT", "0")]).err().unwrap().to_string();
        assert!(err.starts_with("FAGFOLK_CONTACT_LIMIT"), "{err}");
        let err = config(&[("DATABASE_URL", "mysql://x")]).err().unwrap().to_string();
        assert!(err.starts_with("DATABASE_URL"), "{err}");
    }

    #[test]
    fn debug_output_hides_database_password() {
        let config = config(&[("DATABASE_URL", "postgres://app:hemmelig@db/fagfolk")]).unwrap();
        let shown = format!("{config:?}");
        assert!(!shown.contains("hemmelig"), "{shown}");
    }
}
