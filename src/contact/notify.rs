//! Optional e-mail to staff about a new enquiry (README, "Configuration"), when
//! `FAGFOLK_SMTP_URL` and `FAGFOLK_NOTIFY_TO` are set. Sent in the background after the
//! submission is stored: a mail server that fails never loses an enquiry.

use anyhow::Context;
use lettre::message::{Mailbox, header::ContentType};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use uuid::Uuid;

use super::ContactForm;

pub struct Notifier {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    to: Mailbox,
    base_url: String,
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

    /// Sends the notice in the background; failures are logged, never returned.
    pub fn notify(self: &std::sync::Arc<Self>, form: &ContactForm, lead_id: Uuid) {
        let notifier = self.clone();
        let form = form.clone();
        tokio::spawn(async move {
            let result = match notifier.message(&form, lead_id) {
                Ok(message) => {
                    notifier.transport.send(message).await.map(|_| ()).map_err(anyhow::Error::from)
                }
                Err(err) => Err(err),
            };
            match result {
                Ok(()) => tracing::info!(lead = %lead_id, "varsel om ny henvendelse sendt"),
                Err(err) => {
                    tracing::error!(lead = %lead_id, error = %format!("{err:#}"), "kunne ikke sende varsel")
                }
            }
        });
    }

    fn message(&self, form: &ContactForm, lead_id: Uuid) -> anyhow::Result<Message> {
        let service = form.service.map(|s| s.label()).unwrap_or("Ikke valgt");
        let body = format!(
            "Ny henvendelse fra nettstedet.\n\nNavn: {}\nTelefon: {}\nE-post: {}\nTjeneste: {}\n\n{}\n\n\
             Åpne lead-en: {}/admin/leads?lead={}\n",
            form.name, form.phone, form.email, service, form.message, self.base_url, lead_id
        );
        let mut builder = Message::builder()
            .from(self.to.clone())
            .to(self.to.clone())
            .subject(format!("Ny henvendelse fra {}", form.name))
            .header(ContentType::TEXT_PLAIN);
        if let Ok(reply_to) = form.email.parse::<Mailbox>() {
            builder = builder.reply_to(reply_to);
        }
        builder.body(body).context("kunne ikke lage e-posten")
    }
}
