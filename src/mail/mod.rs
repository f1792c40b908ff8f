//! E-mail: one SMTP transport (`FAGFOLK_SMTP_URL`), sending from the firm's own address
//! (`FAGFOLK_NOTIFY_TO`), and the letterhead every letter is written on
//! (`letter`: the plain text and the HTML copy). The letters themselves live with what
//! they are about: the enquiry notice and receipt in `crate::contact::notify`, the quote's
//! in `crate::quotes`, the befaring's in `crate::visits::mail`, the new-password link in
//! `crate::auth::reset`. `send` sends with the site's current letterhead and records each
//! letter on its lead's timeline. This file needs nothing of the running server, so the
//! server's state can hold a [`Mailer`] without an import circle (scripts/import-circles.py).

pub mod letter;
pub mod send;

use anyhow::Context;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

pub struct Mailer {
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
    /// The same letterhead, with answers going to `reply_to` (an e-mail address) when given.
    pub fn replying_to(self, reply_to: Option<&str>) -> Self {
        Self { reply_to: reply_to.map(str::to_owned), ..self }
    }

    /// `text` as the e-mail's body: plain text wrapped at 78 characters (a link is never
    /// broken: it gets a line of its own), and beside it an HTML copy that opens with the
    /// logo and shows each link on a line of its own as a button (mail programs show the
    /// HTML, and the text where they cannot).
    pub fn body(&self, text: &str) -> MultiPart {
        MultiPart::alternative_plain_html(
            letter::wrap(text, 78),
            letter::html(text, &self.firm, self.logo.as_deref()),
        )
    }
}

impl Mailer {
    /// `smtp://user:pass@host:587?tls=required`, `smtps://...`, or plain `smtp://host:25`.
    pub fn new(smtp_url: &str, to: &str, base_url: String) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .context("FAGFOLK_SMTP_URL: ugyldig adresse")?
            .build();
        let to = to.parse().context("FAGFOLK_NOTIFY_TO: ugyldig e-postadresse")?;
        Ok(Self { transport, to, base_url })
    }

    /// The site's own address (`FAGFOLK_PUBLIC_URL`), for the links in a letter.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// A message from the firm's address.
    pub fn message(&self) -> lettre::message::MessageBuilder {
        Message::builder().from(self.to.clone())
    }

    /// The firm's address as a mailbox (the staff notices go to it).
    pub fn staff(&self) -> &Mailbox {
        &self.to
    }

    /// Sends a message made with [`Mailer::message`].
    pub async fn send(&self, message: Message) -> anyhow::Result<()> {
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
        let files =
            pdf.map(|(name, bytes)| vec![(name.to_owned(), "application/pdf", bytes)]).unwrap_or_default();
        self.send_with_files(to, subject, text, files, letterhead).await
    }

    /// Sends `text` to `to` from the firm's address with `files` attached (each its name,
    /// content type and bytes): an invoice's PDF and EHF, `crate::invoices::send`.
    pub async fn send_with_files(
        &self,
        to: &str,
        subject: &str,
        text: &str,
        files: Vec<(String, &str, Vec<u8>)>,
        letterhead: &Letterhead,
    ) -> anyhow::Result<()> {
        use lettre::message::{Attachment, header::ContentType};
        let to: Mailbox = to.parse().context("ugyldig e-postadresse")?;
        let body = if files.is_empty() {
            letterhead.body(text)
        } else {
            let mut body = MultiPart::mixed().multipart(letterhead.body(text));
            for (name, content_type, bytes) in files {
                body = body.singlepart(Attachment::new(name).body(bytes, ContentType::parse(content_type)?));
            }
            body
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
        self.send_with_calendar(to, subject, text, (ics, method, "invitasjon.ics"), letterhead).await
    }

    /// Sends `text` to `to` with a calendar (`ics`) beside it as `text/calendar;
    /// method=...` and attached as `file`: a befaring's invitation, or the days of a job
    /// the customer is told (`crate::planning::notice`, `METHOD:PUBLISH`).
    pub async fn send_with_calendar(
        &self,
        to: &str,
        subject: &str,
        text: &str,
        (ics, method, file): (&str, &str, &str),
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
                Attachment::new(file.to_owned()).body(ics.to_owned(), ContentType::parse("application/ics")?),
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
}
