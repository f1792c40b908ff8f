//! One entry of the file as it is read, and the payments it holds once it ends.

use sha2::{Digest, Sha256};

use super::{Fault, Incoming, Notification, Unreadable, ore};

/// An entry as read so far.
#[derive(Debug, Default)]
pub(super) struct Entry {
    reference: String,
    bank_ref: String,
    amount: Option<(String, Option<String>)>,
    credit: String,
    status: String,
    booked: String,
    value: String,
    pub(super) transactions: Vec<Transaction>,
}

/// A transaction of an entry as read so far.
#[derive(Debug, Default)]
pub(super) struct Transaction {
    bank_ref: String,
    end_to_end: String,
    amount: Option<(String, Option<String>)>,
    credit: String,
    kid: String,
    message: Vec<String>,
    payer: String,
}

impl Entry {
    pub(super) fn take(&mut self, inside: &str, text: &str, currency: Option<&str>) {
        let text = text.trim();
        match inside {
            "NtryRef" => self.reference.push_str(text),
            "AcctSvcrRef" => self.bank_ref.push_str(text),
            "Amt" => append(&mut self.amount, text, currency),
            "CdtDbtInd" => self.credit.push_str(text),
            "Sts" | "Sts/Cd" => self.status.push_str(text),
            "BookgDt/Dt" | "BookgDt/DtTm" => self.booked.push_str(text),
            "ValDt/Dt" | "ValDt/DtTm" => self.value.push_str(text),
            _ => {}
        }
    }

    /// The payments of the entry numbered `number` (from 1), added to `notification`.
    pub(super) fn finish(
        self,
        number: usize,
        notification_id: &str,
        notification: &mut Notification,
    ) -> Result<(), Unreadable> {
        let fault = |fault: Fault| Unreadable::Entry { entry: number, fault };
        let booked = !self.status.is_empty() && self.status != "BOOK";
        if self.credit != "CRDT" || booked {
            notification.skipped += 1;
            return Ok(());
        }
        let day_text = if self.booked.is_empty() { &self.value } else { &self.booked };
        if day_text.is_empty() {
            return Err(fault(Fault::NoDay));
        }
        let paid_on = day_text
            .get(..10)
            .and_then(crate::oslo::parse_day)
            .ok_or_else(|| fault(Fault::Day(day_text.clone())))?;
        let entry_amount = self.amount.clone();
        let mut transactions = self.transactions;
        if transactions.is_empty() {
            transactions.push(Transaction { amount: entry_amount.clone(), ..Transaction::default() });
        }
        let single = transactions.len() == 1;
        for (index, transaction) in transactions.into_iter().enumerate() {
            if !transaction.credit.is_empty() && transaction.credit != "CRDT" {
                notification.skipped += 1;
                continue;
            }
            let amount = transaction.amount.clone().or(if single { entry_amount.clone() } else { None });
            let (text, currency) = amount.ok_or_else(|| fault(Fault::NoAmount))?;
            if let Some(currency) = currency.filter(|currency| currency != "NOK") {
                return Err(fault(Fault::Currency(currency)));
            }
            let amount =
                ore(&text).filter(|amount| *amount > 0).ok_or_else(|| fault(Fault::Amount(text.clone())))?;
            let kid: String = transaction.kid.chars().filter(|c| !c.is_whitespace()).collect();
            let message = transaction.message.join(" ");
            let bank_ref = if !transaction.bank_ref.is_empty() {
                transaction.bank_ref.clone()
            } else if !self.bank_ref.is_empty() {
                if single { self.bank_ref.clone() } else { format!("{}/{}", self.bank_ref, index + 1) }
            } else {
                // No reference from the bank: where the payment stands and what it says.
                let mut digest = Sha256::new();
                for part in [
                    notification_id,
                    &self.reference,
                    &number.to_string(),
                    &(index + 1).to_string(),
                    &transaction.end_to_end,
                    day_text,
                    &amount.to_string(),
                    &kid,
                    &message,
                    &transaction.payer,
                ] {
                    digest.update(part.as_bytes());
                    digest.update([0]);
                }
                let hash = digest.finalize();
                format!(
                    "sha256:{}",
                    hash.iter().take(16).map(|byte| format!("{byte:02x}")).collect::<String>()
                )
            };
            notification.payments.push(Incoming {
                bank_ref,
                amount,
                paid_on,
                kid: (!kid.is_empty()).then_some(kid),
                message,
                payer: transaction.payer.trim().to_owned(),
            });
        }
        Ok(())
    }
}

impl Transaction {
    pub(super) fn take(&mut self, inside: &str, text: &str, currency: Option<&str>) {
        let trimmed = text.trim();
        match inside {
            "Refs/AcctSvcrRef" => self.bank_ref.push_str(trimmed),
            "Refs/EndToEndId" => self.end_to_end.push_str(trimmed),
            // Version 8 has the amount here; version 2 under AmtDtls.
            "Amt" | "AmtDtls/TxAmt/Amt" => append(&mut self.amount, trimmed, currency),
            "AmtDtls/InstdAmt/Amt" if self.amount.is_none() => append(&mut self.amount, trimmed, currency),
            "CdtDbtInd" => self.credit.push_str(trimmed),
            "RmtInf/Strd/CdtrRefInf/Ref" => self.kid.push_str(trimmed),
            "RmtInf/Ustrd" if !trimmed.is_empty() => self.message.push(trimmed.to_owned()),
            "RltdPties/Dbtr/Nm" | "RltdPties/Dbtr/Pty/Nm" => self.payer.push_str(text),
            _ => {}
        }
    }
}

/// Adds `text` to an amount being read (an amount may come in pieces around an entity).
fn append(amount: &mut Option<(String, Option<String>)>, text: &str, currency: Option<&str>) {
    match amount {
        Some((read, _)) => read.push_str(text),
        None => *amount = Some((text.to_owned(), currency.map(str::to_owned))),
    }
}
