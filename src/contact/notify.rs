//! Optional e-mail to staff about a new enquiry (README, "Configuration"), when
//! `FAGFOLK_SMTP_URL` and `FAGFOLK_NOTIFY_TO` are set. Sent in the background after the
//! submission is stored: a mail server that fails never loses an enquiry.

use anyhow::Context;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use uuid::Uuid;

use crate::state::AppState;
use fagfolk_data::contact::ContactForm;

fn subject(form: &ContactForm) -> String {
    format!("Ny henvendelse fra {}", form.name)
}

pub struct Notifier {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    to: Mailbox,
    base_url: String,
}

/// Who an e-mail is from, as the reader sees it at the top: the firm's name, and its logo
/// (an absolute address) when it has one; and who an answer goes to (`Reply-To`), when
/// that is a person rather than the firm's address: the member of staff who sent a quote
/// or goes on a befaring, or the customer in the staff's own notices.
#[derive(Clone)]
pub struct Letterhead {
    pub firm: String,
    pub logo: Option<String>,
    pub reply_to: Option<String>,
}

impl Letterhead {
    /// The site's current letterhead (the rendered pages know the logo's icons).
    pub async fn of(state: &AppState) -> Self {
        let base = state.config.base_url();
        match state.pages.current().await {
            Ok(rendered) => Self {
                firm: rendered.facts.company_name.clone(),
                logo: rendered.logo_icon(192).map(|path| format!("{base}{path}")),
                reply_to: None,
            },
            Err(_) => Self { firm: String::new(), logo: None, reply_to: None },
        }
    }

    /// The same letterhead, with answers going to `reply_to` (an e-mail address) when given.
    pub fn replying_to(self, reply_to: Option<&str>) -> Self {
        Self { reply_to: reply_to.map(str::to_owned), ..self }
    }

    /// `text` as the e-mail's body: plain text wrapped at 78 characters (a link is never
    /// broken: it gets a line of its own), and beside it an HTML copy that opens with the
    /// logo and shows each link on a line of its own as a button (mail programs show the
    /// HTML, and the text where they cannot).
    fn body(&self, text: &str) -> MultiPart {
        MultiPart::alternative_plain_html(
            super::letter::wrap(text, 78),
            super::letter::html(text, &self.firm, self.logo.as_deref()),
        )
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

    /// Sends the notice to staff, and the customer a receipt of what they sent, in the
    /// background; failures are logged, never returned. Either way the lead's timeline
    /// records each (`fagfolk_data::leads::history::record_email`). The receipt goes to
    /// the address typed in the form, which nobody has confirmed: it is sent as often as
    /// the form takes an enquiry from one client (`FAGFOLK_CONTACT_LIMIT`), and says
    /// nothing the sender did not type.
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
            let record = |to: String, subject: String, error: Option<String>| {
                let db = db.clone();
                let now = clock.now();
                async move {
                    let recorded = fagfolk_data::leads::history::record_email(
                        &db,
                        lead_id,
                        now,
                        &to,
                        &subject,
                        error.as_deref(),
                    )
                    .await;
                    if let Err(err) = recorded {
                        tracing::error!(lead = %lead_id, error = %err, "kunne ikke føre e-posten i historikken");
                    }
                }
            };
            record(notifier.to.to_string(), subject(&form), error).await;
            let sent = match notifier.receipt(&form, &letterhead) {
                Ok(message) => {
                    notifier.transport.send(message).await.map(|_| ()).map_err(anyhow::Error::from)
                }
                Err(err) => Err(err),
            };
            let error = sent.as_ref().err().map(|err| format!("{err:#}"));
            if let Some(error) = &error {
                tracing::warn!(lead = %lead_id, error = %error, "kunne ikke sende kvitteringen til kunden");
            }
            record(form.email.clone(), RECEIPT_SUBJECT.to_owned(), error).await;
        });
    }

    /// The customer's receipt: what they sent, and when they will hear from the firm.
    fn receipt(&self, form: &ContactForm, letterhead: &Letterhead) -> anyhow::Result<Message> {
        let to: Mailbox = form.email.parse().context("ugyldig e-postadresse")?;
        let firm = if letterhead.firm.is_empty() { "oss".to_owned() } else { letterhead.firm.clone() };
        let body = format!(
            "Hei {}!\n\nTakk for henvendelsen til {firm}. Vi har fått den og kontakter deg innen 24 timer.\n\n\
             Dette sendte du:\n{}\n\n{}\n\nVil du legge til noe, svar på denne e-posten.\n\nMed vennlig hilsen\n{}\n",
            form.name,
            facts(form).join("\n"),
            form.message,
            letterhead.firm,
        );
        Message::builder()
            .from(self.to.clone())
            .to(to)
            .subject(RECEIPT_SUBJECT)
            .multipart(letterhead.body(&body))
            .context("kunne ikke lage e-posten")
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
        self.send_parts(to, subject, body, letterhead.reply_to.as_deref()).await
    }

    /// Sends `text` to `to` from the firm's address with a calendar invitation (`ics`, a
    /// befaring's, `crate::visits`): beside the text as `text/calendar; method=...`,
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
        self.send_parts(to, subject, body, letterhead.reply_to.as_deref()).await
    }

    async fn send_parts(
        &self,
        to: Mailbox,
        subject: &str,
        body: MultiPart,
        reply_to: Option<&str>,
    ) -> anyhow::Result<()> {
        let mut builder = Message::builder().from(self.to.clone()).to(to).subject(subject);
        if let Some(reply_to) = reply_to.and_then(|address| address.parse::<Mailbox>().ok()) {
            builder = builder.reply_to(reply_to);
        }
        let message = builder.multipart(body).context("kunne ikke lage e-posten")?;
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
        let body = enquiry_text(form, lead_id, &self.base_url);
        let mut builder = Message::builder().from(self.to.clone()).to(self.to.clone()).subject(subject(form));
        if let Ok(reply_to) = form.email.parse::<Mailbox>() {
            builder = builder.reply_to(reply_to);
        }
        builder.multipart(letterhead.body(&body)).context("kunne ikke lage e-posten")
    }
}

/// The customer's receipt's subject.
pub const RECEIPT_SUBJECT: &str = "Vi har mottatt henvendelsen din";

/// The new-enquiry e-mail's text: everything the customer sent (the address, the days
/// they offered for a befaring, how many photos), and the link to the lead's own page,
/// which shows the photos.
fn enquiry_text(form: &ContactForm, lead_id: Uuid, base_url: &str) -> String {
    format!(
        "Ny henvendelse fra nettstedet.\n\n{}\n\n{}\n\nÅpne lead-en: {base_url}/admin/leads/{lead_id}\n",
        facts(form).join("\n"),
        form.message
    )
}

/// What a customer sent with an enquiry, a line each, as the staff's notice and the
/// customer's receipt list it.
fn facts(form: &ContactForm) -> Vec<String> {
    let service = form.service.map(|s| s.label()).unwrap_or("Ikke valgt");
    let mut facts = vec![
        format!("Navn: {}", form.name),
        format!("Telefon: {}", form.phone),
        format!("E-post: {}", form.email),
        format!("Tjeneste: {service}"),
    ];
    let place = crate::visits::mail::place(form.address.as_deref(), form.postcode.as_deref());
    facts.push(format!("Adresse: {}", if place.is_empty() { "ikke oppgitt" } else { &place }));
    if form.preferred_times.is_empty() {
        facts.push("Ønsket tid for befaring: ikke oppgitt".to_owned());
    } else {
        facts.push("Ønsket tid for befaring:".to_owned());
        for time in &form.preferred_times {
            facts.push(format!(
                "- {} {}, {}",
                fagfolk_data::oslo::weekday(time.day),
                fagfolk_data::oslo::date(time.day),
                time.part.label()
            ));
        }
    }
    facts.push(match form.photos.len() {
        0 => "Bilder: ingen".to_owned(),
        count => format!("Bilder: {count}"),
    });
    facts
}
