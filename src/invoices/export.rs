//! An invoice basis as CSV, for the firm's accounting system (Fiken, Tripletex, Visma
//! import a file of lines): one row per line with its section, then the deduction, MVA per
//! rate and the sums. For Excel: UTF-8 with a byte order mark, semicolons and decimal
//! commas, as the lead export and the time sheet write.

use fagfolk_data::invoices::InvoiceBasis;
use fagfolk_data::money;

use crate::http::csv::Sheet;
use crate::http::error::{ApiError, ApiResult};

/// Øre as kroner with a decimal comma and no thousands separator: `1234,50`.
fn kroner(ore: i64) -> String {
    let sign = if ore < 0 { "-" } else { "" };
    format!("{sign}{},{:02}", ore.unsigned_abs() / 100, ore.unsigned_abs() % 100)
}

pub fn csv(basis: &InvoiceBasis) -> ApiResult<Vec<u8>> {
    write(basis).map_err(|err| ApiError::Internal(err.into()))
}

fn write(basis: &InvoiceBasis) -> Result<Vec<u8>, csv::Error> {
    let mut writer = Sheet::new();
    writer.row([
        "Del",
        "Beskrivelse",
        "Antall",
        "Enhet",
        "Enhetspris eks. MVA",
        "MVA %",
        "Beløp eks. MVA",
        "MVA",
        "Beløp inkl. MVA",
    ])?;
    let sections = std::iter::once(&basis.work).chain(basis.additions.iter());
    for section in sections {
        for line in &section.lines {
            let amounts = line.amounts();
            writer.row([
                section.title.as_str(),
                line.description.as_str(),
                money::quantity(line.quantity).as_str(),
                line.unit.label(),
                kroner(line.unit_price).as_str(),
                line.vat.to_string().as_str(),
                kroner(amounts.net).as_str(),
                kroner(amounts.vat).as_str(),
                kroner(amounts.gross).as_str(),
            ])?;
        }
    }
    for deduction in &basis.deductions {
        let amounts = money::line(100, -deduction.net, deduction.vat);
        writer.row([
            "Fratrekk",
            deduction.description.as_str(),
            "1",
            "stk",
            kroner(-deduction.net).as_str(),
            deduction.vat.to_string().as_str(),
            kroner(amounts.net).as_str(),
            kroner(amounts.vat).as_str(),
            kroner(amounts.gross).as_str(),
        ])?;
    }
    for rate in &basis.vat_rates {
        let label = format!("MVA {} %", rate.rate);
        let gross = kroner(rate.net + rate.vat);
        writer.row(["Sum", label.as_str(), "", "", "", "", &kroner(rate.net), &kroner(rate.vat), &gross])?;
    }
    let totals = basis.totals;
    writer.row([
        "Sum",
        "Totalt",
        "",
        "",
        "",
        "",
        kroner(totals.net).as_str(),
        kroner(totals.vat).as_str(),
        kroner(totals.gross).as_str(),
    ])?;
    writer.finish()
}
