//! One entry of the file as it is read, and the payments it holds once it ends.

use super::identity::Identity;
use super::{Booking, Fault, Incoming, MAX_TEXT, Notification, Unreadable};

/// An amount as read: its text (an amount may come in pieces around an entity), its
/// currency, and whether the element came twice (a file no bank writes).
#[derive(Debug, Default, Clone)]
pub(super) struct Amount {
    text: String,
    currency: Option<String>,
    twice: bool,
}

/// An entry as read so far.
#[derive(Debug, Default)]
pub(super) struct Entry {
    bank_ref: String,
    amount: Option<Amount>,
    credit: String,
    reversal: String,
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
    /// Version 8's `Amt`: the amount booked on the account.
    amount: Option<Amount>,
    /// `AmtDtls/TxAmt`: the amount booked on the account, in both versions. (`InstdAmt`,
    /// what the payer sent in their own currency, is not read: it is not what came in.)
    booked: Option<Amount>,
    credit: String,
    kid: String,
    message: Vec<String>,
    payer: String,
}

/// Where an amount element's text goes: `inside` is its path below the entry or the
/// transaction.
pub(super) fn amount_slot<'a>(
    entry: &'a mut Entry,
    in_transaction: bool,
    inside: &str,
) -> Option<&'a mut Option<Amount>> {
    if in_transaction {
        let transaction = entry.transactions.last_mut()?;
        match inside {
            "Amt" => Some(&mut transaction.amount),
            "AmtDtls/TxAmt/Amt" => Some(&mut transaction.booked),
            _ => None,
        }
    } else {
        (inside == "Amt").then_some(&mut entry.amount)
    }
}

/// An amount element opens: a second one of the same place is marked, not glued on.
pub(super) fn open_amount(slot: &mut Option<Amount>, currency: Option<String>) {
    match slot {
        Some(amount) => amount.twice = true,
        None => *slot = Some(Amount { text: String::new(), currency, twice: false }),
    }
}

fn append(slot: &mut Option<Amount>, text: &str) {
    if let Some(amount) = slot
        && !amount.twice
    {
        amount.text.push_str(text);
    }
}

impl Entry {
    pub(super) fn take(&mut self, inside: &str, text: &str) {
        let text = text.trim();
        match inside {
            "AcctSvcrRef" => self.bank_ref.push_str(text),
            "Amt" => append(&mut self.amount, text),
            "CdtDbtInd" => self.credit.push_str(text),
            "RvslInd" => self.reversal.push_str(text),
            "Sts" | "Sts/Cd" => self.status.push_str(text),
            "BookgDt/Dt" | "BookgDt/DtTm" => self.booked.push_str(text),
            "ValDt/Dt" | "ValDt/DtTm" => self.value.push_str(text),
            _ => {}
        }
    }

    /// The payments of the entry numbered `number` (from 1), added to `notification`.
    pub(super) fn finish(self, number: usize, notification: &mut Notification) -> Result<(), Unreadable> {
        let fault = |fault: Fault| Unreadable::Entry { entry: number, fault };
        let reversal = matches!(self.reversal.as_str(), "true" | "1");
        let booking = match (self.credit.as_str(), reversal) {
            ("CRDT", false) => Some(Booking::Payment),
            ("DBIT", true) => Some(Booking::Reversal),
            ("CRDT", true) => Some(Booking::Returned),
            _ => None,
        };
        let pending = !self.status.is_empty() && self.status != "BOOK";
        let Some(booking) = booking.filter(|_| !pending) else {
            notification.skipped += 1;
            return Ok(());
        };
        let day_text = if self.booked.is_empty() { &self.value } else { &self.booked };
        if day_text.is_empty() {
            return Err(fault(Fault::NoDay));
        }
        let paid_on = day_text
            .get(..10)
            .and_then(crate::oslo::parse_day)
            .ok_or_else(|| fault(Fault::Day(day_text.clone())))?;
        let details = !self.transactions.is_empty();
        let mut transactions = self.transactions;
        if !details {
            transactions.push(Transaction { amount: self.amount.clone(), ..Transaction::default() });
        }
        let single = transactions.len() == 1;
        for transaction in transactions {
            if !transaction.credit.is_empty() && transaction.credit != self.credit {
                notification.skipped += 1;
                continue;
            }
            // The amount booked: `TxAmt`, else the transaction's `Amt`, else the entry's
            // when it holds this one payment alone.
            let amount = transaction
                .booked
                .clone()
                .or(transaction.amount.clone())
                .or(if single { self.amount.clone() } else { None })
                .ok_or_else(|| fault(Fault::NoAmount))?;
            if amount.twice {
                return Err(fault(Fault::Amount(amount.text)));
            }
            if let Some(currency) = amount.currency.filter(|currency| currency != "NOK") {
                return Err(fault(Fault::Currency(currency)));
            }
            let ore = crate::money::hundredths(&amount.text)
                .filter(|ore| *ore > 0)
                .ok_or_else(|| fault(Fault::Amount(amount.text.clone())))?;
            let kid: String = transaction.kid.chars().filter(|c| !c.is_whitespace()).collect();
            let message = transaction.message.join(" ");
            let payer = transaction.payer.trim().to_owned();
            let end_to_end = transaction.end_to_end.clone();
            for text in [&transaction.bank_ref, &self.bank_ref, &end_to_end, &kid, &message, &payer] {
                if text.chars().count() > MAX_TEXT {
                    return Err(fault(Fault::TooLong));
                }
                if !crate::text::is_one_line(text) {
                    return Err(fault(Fault::Text));
                }
            }
            let identity = Identity {
                kind: match booking {
                    Booking::Payment => "",
                    Booking::Reversal => "reversal:",
                    Booking::Returned => "returned:",
                },
                bank_ref: &transaction.bank_ref,
                // The entry's reference names a payment only when the entry is that payment.
                entry_ref: if details { "" } else { &self.bank_ref },
                end_to_end: &end_to_end,
                paid_on,
                amount: ore,
                kid: &kid,
                message: &message,
                payer: &payer,
            };
            notification.payments.push(Incoming {
                bank_ref: identity.key(),
                booking,
                end_to_end: identity.end_to_end().map(str::to_owned),
                amount: ore,
                paid_on,
                kid: (!kid.is_empty()).then_some(kid),
                message,
                payer,
            });
        }
        Ok(())
    }
}

impl Transaction {
    pub(super) fn take(&mut self, inside: &str, text: &str) {
        let trimmed = text.trim();
        match inside {
            "Refs/AcctSvcrRef" => self.bank_ref.push_str(trimmed),
            "Refs/EndToEndId" => self.end_to_end.push_str(trimmed),
            "Amt" => append(&mut self.amount, trimmed),
            "AmtDtls/TxAmt/Amt" => append(&mut self.booked, trimmed),
            "CdtDbtInd" => self.credit.push_str(trimmed),
            "RmtInf/Strd/CdtrRefInf/Ref" => self.kid.push_str(trimmed),
            "RmtInf/Ustrd" if !trimmed.is_empty() => self.message.push(trimmed.to_owned()),
            "RltdPties/Dbtr/Nm" | "RltdPties/Dbtr/Pty/Nm" => self.payer.push_str(text),
            _ => {}
        }
    }
}
