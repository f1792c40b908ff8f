//! EHF: an invoice or a credit note as Peppol BIS Billing 3.0 in UBL 2.1, with the
//! Norwegian rules (the seller's org.nr with "MVA", "Foretaksregisteret" for a limited
//! company). A receiver's access point refuses one that breaks a fatal rule, so
//! `tests/api/invoicing.rs` runs every EHF the tests make through the official rules
//! (`tests/ehf/validate.py`: the UBL XSD, CEN's EN 16931 and Peppol's Schematron).
//!
//! [`check`] says in Norwegian what is missing before one is made (a business buyer's
//! org.nr, the firm's, its account); [`write`] writes it, elements in the order the UBL
//! schema wants them.

use std::io;

use fagfolk_data::invoices::{Invoice, InvoiceBasis, InvoiceKind, Seller};
use fagfolk_data::oslo;
use fagfolk_data::quotes::{CustomerKind, QuoteLine, Unit};
use fagfolk_data::values::OrgNr;
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

type Xml = Writer<Vec<u8>>;

const CUSTOMIZATION: &str = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
const PROFILE: &str = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
/// The Peppol identifier scheme of a Norwegian organisation number.
const NORWEGIAN_ORG: &str = "0192";

/// What must be in place before `invoice` can be EHF, each in Norwegian; empty when it can.
pub fn check(invoice: &Invoice) -> Vec<&'static str> {
    let mut missing = Vec::new();
    if invoice.basis.customer.kind != CustomerKind::Business {
        missing.push("kunden er en privatperson (EHF er for bedrifter og det offentlige)");
    }
    missing.extend(business_missing(&invoice.basis.customer, &invoice.seller, invoice.kind));
    missing
}

const NO_NAME: &str = "firmanavnet mangler (Innstillinger)";
const NO_ACCOUNT: &str = "kontonummeret mangler (Innstillinger → Faktura)";

/// What an EHF from `seller` to the business `customer` lacks.
fn business_missing(
    customer: &fagfolk_data::invoices::model::Customer,
    seller: &Seller,
    kind: InvoiceKind,
) -> Vec<&'static str> {
    let mut missing = Vec::new();
    if customer.kind == CustomerKind::Business && customer.org_nr().is_none() {
        missing.push("kunden mangler et gyldig organisasjonsnummer (9 sifre) på tilbudet");
    }
    if seller.name.trim().is_empty() {
        missing.push(NO_NAME);
    }
    if seller.org_nr().is_none() {
        missing.push("firmaets organisasjonsnummer i Innstillinger er ikke gyldig");
    }
    if !seller.vat_registered {
        missing.push("firmaet er ikke registrert i Merverdiavgiftsregisteret (Innstillinger → Faktura)");
    }
    if kind == InvoiceKind::Invoice && seller.account_number.is_none() {
        missing.push(NO_ACCOUNT);
    }
    missing
}

/// What an invoice of `basis` from `seller` lacks before it may be made and locked: the
/// firm's name and account number for every customer, and for a business what its EHF
/// needs (`check`), each said with where to fix it.
pub fn missing_before_issue(basis: &InvoiceBasis, seller: &Seller) -> Vec<&'static str> {
    if basis.customer.kind == CustomerKind::Business {
        return business_missing(&basis.customer, seller, InvoiceKind::Invoice);
    }
    let mut missing = Vec::new();
    if seller.name.trim().is_empty() {
        missing.push(NO_NAME);
    }
    if seller.account_number.is_none() {
        missing.push(NO_ACCOUNT);
    }
    missing
}

/// Øre as a decimal with two places: `1234.50`, `-12.00`.
fn decimal(ore: i64) -> String {
    let sign = if ore < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", ore.unsigned_abs() / 100, ore.unsigned_abs() % 100)
}

/// UN/ECE Recommendation 20's code of a unit.
fn unit_code(unit: Unit) -> &'static str {
    match unit {
        Unit::Stk => "H87",
        Unit::Time => "HUR",
        Unit::M2 => "MTK",
        Unit::Lm => "MTR",
    }
}

/// The MVA category of a rate: standard rated, or zero rated at 0 %.
fn category(rate: u8) -> &'static str {
    if rate == 0 { "Z" } else { "S" }
}

/// "Storgata 1, 0155 Oslo" as street, postcode and city; what cannot be read that way is
/// the street.
fn address(text: &str) -> (String, Option<String>, Option<String>) {
    if let Some((street, place)) = text.rsplit_once(',') {
        let place = place.trim();
        if let Some((postcode, city)) = place.split_once(' ')
            && postcode.len() == 4
            && postcode.chars().all(|c| c.is_ascii_digit())
        {
            return (street.trim().to_owned(), Some(postcode.to_owned()), Some(city.trim().to_owned()));
        }
    }
    (text.trim().to_owned(), None, None)
}

fn leaf(xml: &mut Xml, name: &str, text: &str) -> io::Result<()> {
    xml.create_element(name).write_text_content(BytesText::new(text))?;
    Ok(())
}

fn leaf_with(xml: &mut Xml, name: &str, attribute: (&str, &str), text: &str) -> io::Result<()> {
    xml.create_element(name).with_attribute(attribute).write_text_content(BytesText::new(text))?;
    Ok(())
}

fn node(xml: &mut Xml, name: &str, inner: impl FnOnce(&mut Xml) -> io::Result<()>) -> io::Result<()> {
    xml.create_element(name).write_inner_content(inner)?;
    Ok(())
}

fn amount(xml: &mut Xml, name: &str, ore: i64) -> io::Result<()> {
    leaf_with(xml, name, ("currencyID", "NOK"), &decimal(ore))
}

fn postal_address(xml: &mut Xml, name: &str, text: Option<&str>) -> io::Result<()> {
    node(xml, name, |xml| {
        if let Some(text) = text.filter(|text| !text.trim().is_empty()) {
            let (street, postcode, city) = address(text);
            leaf(xml, "cbc:StreetName", &street)?;
            if let Some(city) = city {
                leaf(xml, "cbc:CityName", &city)?;
            }
            if let Some(postcode) = postcode {
                leaf(xml, "cbc:PostalZone", &postcode)?;
            }
        }
        node(xml, "cac:Country", |xml| leaf(xml, "cbc:IdentificationCode", "NO"))
    })
}

fn tax_category(xml: &mut Xml, name: &str, rate: u8) -> io::Result<()> {
    node(xml, name, |xml| {
        leaf(xml, "cbc:ID", category(rate))?;
        leaf(xml, "cbc:Percent", &rate.to_string())?;
        node(xml, "cac:TaxScheme", |xml| leaf(xml, "cbc:ID", "VAT"))
    })
}

fn seller(xml: &mut Xml, invoice: &Invoice) -> io::Result<()> {
    let seller = &invoice.seller;
    let org_nr = seller.org_nr();
    let org_nr = org_nr.as_ref().map_or("", OrgNr::digits);
    node(xml, "cac:AccountingSupplierParty", |xml| {
        node(xml, "cac:Party", |xml| {
            leaf_with(xml, "cbc:EndpointID", ("schemeID", NORWEGIAN_ORG), org_nr)?;
            node(xml, "cac:PartyName", |xml| leaf(xml, "cbc:Name", &seller.name))?;
            postal_address(xml, "cac:PostalAddress", seller.address.as_deref())?;
            node(xml, "cac:PartyTaxScheme", |xml| {
                leaf(xml, "cbc:CompanyID", &format!("NO{org_nr}MVA"))?;
                node(xml, "cac:TaxScheme", |xml| leaf(xml, "cbc:ID", "VAT"))
            })?;
            if crate::pdf::is_limited_company(&seller.name) {
                node(xml, "cac:PartyTaxScheme", |xml| {
                    leaf(xml, "cbc:CompanyID", "Foretaksregisteret")?;
                    node(xml, "cac:TaxScheme", |xml| leaf(xml, "cbc:ID", "TAX"))
                })?;
            }
            node(xml, "cac:PartyLegalEntity", |xml| {
                leaf(xml, "cbc:RegistrationName", &seller.name)?;
                leaf_with(xml, "cbc:CompanyID", ("schemeID", NORWEGIAN_ORG), org_nr)
            })?;
            if seller.phone.is_some() || seller.email.is_some() {
                node(xml, "cac:Contact", |xml| {
                    if let Some(phone) = &seller.phone {
                        leaf(xml, "cbc:Telephone", phone)?;
                    }
                    if let Some(email) = &seller.email {
                        leaf(xml, "cbc:ElectronicMail", email)?;
                    }
                    Ok(())
                })?;
            }
            Ok(())
        })
    })
}

fn buyer(xml: &mut Xml, invoice: &Invoice) -> io::Result<()> {
    let customer = &invoice.basis.customer;
    let org_nr = customer.org_nr();
    node(xml, "cac:AccountingCustomerParty", |xml| {
        node(xml, "cac:Party", |xml| {
            if let Some(org_nr) = &org_nr {
                leaf_with(xml, "cbc:EndpointID", ("schemeID", NORWEGIAN_ORG), org_nr.digits())?;
            }
            node(xml, "cac:PartyName", |xml| leaf(xml, "cbc:Name", customer.addressee()))?;
            postal_address(xml, "cac:PostalAddress", customer.address.as_deref())?;
            node(xml, "cac:PartyLegalEntity", |xml| {
                leaf(xml, "cbc:RegistrationName", customer.addressee())?;
                if let Some(org_nr) = &org_nr {
                    leaf_with(xml, "cbc:CompanyID", ("schemeID", NORWEGIAN_ORG), org_nr.digits())?;
                }
                Ok(())
            })?;
            node(xml, "cac:Contact", |xml| {
                leaf(xml, "cbc:Name", &customer.name)?;
                if let Some(phone) = customer.phone.as_deref().filter(|phone| !phone.is_empty()) {
                    leaf(xml, "cbc:Telephone", phone)?;
                }
                if let Some(email) = customer.email.as_deref().filter(|email| !email.is_empty()) {
                    leaf(xml, "cbc:ElectronicMail", email)?;
                }
                Ok(())
            })
        })
    })
}

fn line(xml: &mut Xml, kind: InvoiceKind, index: usize, line: &QuoteLine) -> io::Result<()> {
    let (element, quantity_element) = match kind {
        InvoiceKind::Invoice => ("cac:InvoiceLine", "cbc:InvoicedQuantity"),
        InvoiceKind::CreditNote => ("cac:CreditNoteLine", "cbc:CreditedQuantity"),
    };
    // A price may not be negative (BR-27): a discount is a negative quantity instead.
    let (quantity, price) = if line.unit_price < 0 {
        (-line.quantity, -line.unit_price)
    } else {
        (line.quantity, line.unit_price)
    };
    let name = if line.description.trim().is_empty() { "Arbeid" } else { line.description.as_str() };
    node(xml, element, |xml| {
        leaf(xml, "cbc:ID", &(index + 1).to_string())?;
        leaf_with(xml, quantity_element, ("unitCode", unit_code(line.unit)), &decimal(quantity))?;
        amount(xml, "cbc:LineExtensionAmount", line.amounts().net)?;
        node(xml, "cac:Item", |xml| {
            leaf(xml, "cbc:Name", name)?;
            tax_category(xml, "cac:ClassifiedTaxCategory", line.vat)
        })?;
        node(xml, "cac:Price", |xml| amount(xml, "cbc:PriceAmount", price))
    })
}

/// `invoice` as EHF; `credited` is the invoice a credit note credits.
pub fn write(invoice: &Invoice, credited: Option<&Invoice>) -> io::Result<Vec<u8>> {
    let basis = &invoice.basis;
    let mut xml = Writer::new_with_indent(Vec::new(), b' ', 2);
    xml.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let (root, namespace) = match invoice.kind {
        InvoiceKind::Invoice => ("Invoice", "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"),
        InvoiceKind::CreditNote => {
            ("CreditNote", "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2")
        }
    };
    xml.create_element(root)
        .with_attribute(("xmlns", namespace))
        .with_attribute((
            "xmlns:cac",
            "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
        ))
        .with_attribute(("xmlns:cbc", "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"))
        .write_inner_content(|xml| {
            leaf(xml, "cbc:CustomizationID", CUSTOMIZATION)?;
            leaf(xml, "cbc:ProfileID", PROFILE)?;
            leaf(xml, "cbc:ID", &invoice.number)?;
            leaf(xml, "cbc:IssueDate", &oslo::iso_day(invoice.issue_date))?;
            match invoice.kind {
                InvoiceKind::Invoice => {
                    leaf(xml, "cbc:DueDate", &oslo::iso_day(invoice.due_date))?;
                    leaf(xml, "cbc:InvoiceTypeCode", "380")?;
                }
                InvoiceKind::CreditNote => leaf(xml, "cbc:CreditNoteTypeCode", "381")?,
            }
            let mut note = format!("Oppdrag: {}", basis.job_title);
            if !invoice.reason.is_empty() {
                note.push_str(&format!(". Årsak: {}", invoice.reason));
            }
            leaf(xml, "cbc:Note", &note)?;
            leaf(xml, "cbc:DocumentCurrencyCode", "NOK")?;
            leaf(xml, "cbc:BuyerReference", &basis.customer.name)?;
            if let Some(credited) = credited {
                node(xml, "cac:BillingReference", |xml| {
                    node(xml, "cac:InvoiceDocumentReference", |xml| {
                        leaf(xml, "cbc:ID", &credited.number)?;
                        leaf(xml, "cbc:IssueDate", &oslo::iso_day(credited.issue_date))
                    })
                })?;
            }
            seller(xml, invoice)?;
            buyer(xml, invoice)?;
            node(xml, "cac:Delivery", |xml| {
                if let Some(day) = basis.last_day {
                    leaf(xml, "cbc:ActualDeliveryDate", &oslo::iso_day(day))?;
                }
                if let Some(place) = basis.address.as_deref().filter(|place| !place.trim().is_empty()) {
                    node(xml, "cac:DeliveryLocation", |xml| postal_address(xml, "cac:Address", Some(place)))?;
                }
                Ok(())
            })?;
            if invoice.kind == InvoiceKind::Invoice {
                node(xml, "cac:PaymentMeans", |xml| {
                    leaf_with(xml, "cbc:PaymentMeansCode", ("name", "Kreditoverføring"), "30")?;
                    if let Some(kid) = invoice.kid() {
                        leaf(xml, "cbc:PaymentID", &kid)?;
                    }
                    if let Some(account) = invoice.seller.account() {
                        node(xml, "cac:PayeeFinancialAccount", |xml| leaf(xml, "cbc:ID", account.digits()))?;
                    }
                    Ok(())
                })?;
                let days = (invoice.due_date - invoice.issue_date).num_days();
                node(xml, "cac:PaymentTerms", |xml| {
                    leaf(
                        xml,
                        "cbc:Note",
                        &format!("Betales innen {days} dager, senest {}.", oslo::date(invoice.due_date)),
                    )
                })?;
            }
            // A deduction per MVA rate; on a credit note limited to what is left to credit, a
            // negative one (its lines summed to less) is a charge.
            for deduction in &basis.deductions {
                node(xml, "cac:AllowanceCharge", |xml| {
                    leaf(xml, "cbc:ChargeIndicator", if deduction.net < 0 { "true" } else { "false" })?;
                    leaf(xml, "cbc:AllowanceChargeReason", &deduction.description)?;
                    amount(xml, "cbc:Amount", deduction.net.abs())?;
                    tax_category(xml, "cac:TaxCategory", deduction.vat)
                })?;
            }
            node(xml, "cac:TaxTotal", |xml| {
                amount(xml, "cbc:TaxAmount", basis.totals.vat)?;
                for rate in &basis.vat_rates {
                    node(xml, "cac:TaxSubtotal", |xml| {
                        amount(xml, "cbc:TaxableAmount", rate.net)?;
                        amount(xml, "cbc:TaxAmount", rate.vat)?;
                        tax_category(xml, "cac:TaxCategory", rate.rate)
                    })?;
                }
                Ok(())
            })?;
            let lines_net = basis.lines().fold(0i64, |sum, line| sum.saturating_add(line.amounts().net));
            node(xml, "cac:LegalMonetaryTotal", |xml| {
                amount(xml, "cbc:LineExtensionAmount", lines_net)?;
                amount(xml, "cbc:TaxExclusiveAmount", basis.totals.net)?;
                amount(xml, "cbc:TaxInclusiveAmount", basis.totals.gross)?;
                let allowances: i64 = basis.deductions.iter().map(|d| d.net).filter(|net| *net > 0).sum();
                let charges: i64 = basis.deductions.iter().map(|d| d.net).filter(|net| *net < 0).sum();
                if allowances != 0 {
                    amount(xml, "cbc:AllowanceTotalAmount", allowances)?;
                }
                if charges != 0 {
                    amount(xml, "cbc:ChargeTotalAmount", -charges)?;
                }
                amount(xml, "cbc:PayableAmount", basis.totals.gross)
            })?;
            for (index, item) in basis.lines().enumerate() {
                line(xml, invoice.kind, index, item)?;
            }
            Ok::<(), io::Error>(())
        })?;
    Ok(xml.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use fagfolk_data::invoices::basis::STANDARD_VAT;

    #[test]
    fn amounts_and_addresses_read_as_ubl_wants_them() {
        assert_eq!(decimal(123_450), "1234.50");
        assert_eq!(decimal(-5), "-0.05");
        assert_eq!(
            address("Storgata 1, 0155 Oslo"),
            ("Storgata 1".to_owned(), Some("0155".to_owned()), Some("Oslo".to_owned()))
        );
        assert_eq!(address("Et sted uten postnummer"), ("Et sted uten postnummer".to_owned(), None, None));
        assert_eq!(category(STANDARD_VAT), "S");
        assert_eq!(category(0), "Z");
    }
}
