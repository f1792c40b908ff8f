//! Optional e-mail to staff about a new enquiry (README, "Configuration"), when
//! `FAGFOLK_SMTP_URL` and `FAGFOLK_NOTIFY_TO` are set. Sent in the background after the
//! submission is stored: a mail server that fails never loses an enquiry.

use anyhow::Context;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use uuid::Uuid;

use super::ContactForm;
use crate::state::AppState;

fn subject(form: &ContactForm) -> String {
    format!("Ny henvendelse fra {}", form.name)
}

pub struct Notifier {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    to: Mailbox,
    base_url: String,
}

/// Who an e-mail is from, as the reader sees it at the top: the firm's name, and its logo
/// (an absolute address) when it has one.
pub struct Letterhead {
    pub firm: String,
    pub logo: Option<String>,
}

impl Letterhead {
    /// The site's current letterhead (the rendered pages know the logo's icons).
    pub async fn of(state: &AppState) -> Self {
        let base = state.config.base_url();
        match state.pages.current().await {
            Ok(rendered) => Self {
                firm: rendered.facts.company_name.clone(),
                logo: rendered.logo_icon(192).map(|path| format!("{base}{path}")),
            },
            Err(_) => Self { firm: String::new(), logo: None },
        }
    }

    /// `text` as the e-mail's body: plain text, and beside it an HTML copy that opens with
    /// the logo (mail programs show the HTML, and the text where they cannot).
    fn body(&self, text: &str) -> MultiPart {
        let escape = |s: &str| {
            s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
        };
        let logo = self.logo.as_deref().map_or(String::new(), |logo| {
            format!(
                "<p><img src=\"{}\" alt=\"{}\" width=\"72\" height=\"72\"></p>\n",
                escape(logo),
                escape(&self.firm)
            )
        });
        let html = format!(
            "<!doctype html><html lang=\"nb\"><body style=\"font-family:system-ui,sans-serif\">\n{logo}<div style=\"white-space:pre-wrap\">{}</div></body></html>",
            escape(text)
        );
        MultiPart::alternative_plain_html(text.to_owned(), html)
    }
}

impl Notifier {
    /// `smtp://user:pass@host:587?tls=required`, `smtps://...`, or plain `smtp://host:25`.
    pub fn new(smtp_url: &str, to: &str, base_url: String) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .context("FAGFOLK_SMTP_URL: ugyldig adresse")?
            .build();
        let to = to.parse().context("FAGFOLK_NOTIFY_TO: ugyldig e-postadresse")?;
        Ok(Self { transport, to, base_url })
    }

    /// Sends the notice in the background; failures are logged, never returned. Either
    /// way the lead's timeline records it (`fagfolk_data::leads::history::record_email`).
    pub fn notify(self: &std::sync::Arc<Self>, state: &AppState, form: &ContactForm, lead_id: Uuid) {
        let notifier = self.clone();
        let form = form.clone();
        let (db, clock) = (state.db.clone(), state.clock.clone());
        let state = state.clone();
        tokio::spawn(async move {
            let letterhead = Letterhead::of(&state).await;
            let result = match notifier.message(&form, lead_id, &letterhead) {
                Ok(message) => {
                    notifier.transport.send(message).await.map(|_| ()).map_err(anyhow::Error::from)
                }
                Err(err) => Err(err),
            };
            let error = result.as_ref().err().map(|err| format!("{err:#}"));
            match &error {
                None => tracing::info!(lead = %lead_id, "varsel om ny henvendelse sendt"),
                Some(error) => tracing::error!(lead = %lead_id, error = %error, "kunne ikke sende varsel"),
            }
            let (to, subject) = (notifier.to.to_string(), subject(&form));
            let recorded = fagfolk_data::leads::history::record_email(
                &db,
                lead_id,
                clock.now(),
                &to,
                &subject,
                error.as_deref(),
            )
            .await;
            if let Err(err) = recorded {
                tracing::error!(lead = %lead_id, error = %err, "kunne ikke føre e-posten i historikken");
            }
        });
    }

    /// Sends a member of staff the link that sets a new password ("Glemt passord?"), from
    /// the firm's notification address.
    pub async fn send_reset(&self, to: &str, link: &str, letterhead: &Letterhead) -> anyhow::Result<()> {
        let to: Mailbox = to.parse().context("ugyldig e-postadresse")?;
        let body = format!(
            "Noen ba om å sette nytt passord for denne adressen i administrasjonen.\n\n\
             Sett nytt passord her (lenken virker i én time, én gang):\n{link}\n\n\
             Ba du ikke om dette, kan du se bort fra e-posten. Passordet ditt er ikke endret.\n"
        );
        let message = Message::builder()
            .from(self.to.clone())
            .to(to)
            .subject("Nytt passord")
            .multipart(letterhead.body(&body))
            .context("kunne ikke lage e-posten")?;
        self.transport.send(message).await?;
        Ok(())
    }

    /// Sends `text` to `to` (a customer) from the firm's address, with a PDF attached
    /// when given (a quote, `crate::quotes`).
    pub async fn send_with_pdf(
        &self,
        to: &str,
        subject: &str,
        text: &str,
        pdf: Option<(&str, Vec<u8>)>,
        letterhead: &Letterhead,
    ) -> anyhow::Result<()> {
        use lettre::message::{Attachment, header::ContentType};
        let to: Mailbox = to.parse().context("ugyldig e-postadresse")?;
        let body = match pdf {
            Some((name, bytes)) => MultiPart::mixed().multipart(letterhead.body(text)).singlepart(
                Attachment::new(name.to_owned()).body(bytes, ContentType::parse("application/pdf")?),
            ),
            None => letterhead.body(text),
        };
        self.send_parts(to, subject, body).await
    }

    /// Sends `text` to `to` from the firm's address with a calendar invitation (`ics`, a
    /// befaring's, `crate::befaring`): beside the text as `text/calendar; method=...`,
    /// which Gmail and Outlook show with their answer buttons, and as `invitasjon.ics`
    /// for the mail programs that only offer attachments.
    pub async fn send_with_invitation(
        &self,
        to: &str,
        subject: &str,
        text: &str,
        (ics, method): (&str, &str),
        letterhead: &Letterhead,
    ) -> anyhow::Result<()> {
        use lettre::message::{Attachment, SinglePart, header::ContentType};
        let to: Mailbox = to.parse().context("ugyldig e-postadresse")?;
        let calendar = ContentType::parse(&format!("text/calendar; charset=utf-8; method={method}"))?;
        let body = MultiPart::mixed()
            .multipart(
                letterhead.body(text).singlepart(SinglePart::builder().header(calendar).body(ics.to_owned())),
            )
            .singlepart(
                Attachment::new("invitasjon.ics".to_owned())
                    .body(ics.to_owned(), ContentType::parse("application/ics")?),
            );
        self.send_parts(to, subject, body).await
    }

    async fn send_parts(&self, to: Mailbox, subject: &str, body: MultiPart) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(self.to.clone())
            .to(to)
            .subject(subject)
            .multipart(body)
            .context("kunne ikke lage e-posten")?;
        self.transport.send(message).await?;
        Ok(())
    }

    /// The firm's sending address and name, as an invitation's organizer.
    pub fn sender(&self) -> (Option<String>, String) {
        (self.to.name.clone(), self.to.email.to_string())
    }

    /// The firm's own notification address.
    pub fn staff_address(&self) -> String {
        self.to.to_string()
    }

    fn message(&self, form: &ContactForm, lead_id: Uuid, letterhead: &Letterhead) -> anyhow::Result<Message> {
        let service = form.service.map(|s| s.label()).unwrap_or("Ikke valgt");
        let body = format!(
            "Ny henvendelse fra nettstedet.\n\nNavn: {}\nTelefon: {}\nE-post: {}\nTjeneste: {}\n\n{}\n\n\
             Åpne lead-en: {}/admin/leads?lead={}\n",
            form.name, form.phone, form.email, service, form.message, self.base_url, lead_id
        );
        let mut builder = Message::builder().from(self.to.clone()).to(self.to.clone()).subject(subject(form));
        if let Ok(reply_to) = form.email.parse::<Mailbox>() {
            builder = builder.reply_to(reply_to);
        }
        builder.multipart(letterhead.body(&body)).context("kunne ikke lage e-posten")
    }
}
