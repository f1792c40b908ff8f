//! The one CSV writer of the server: every file a user downloads as CSV (the lead list,
//! the time sheet, an invoice basis, an invoice) is written here, as Norwegian Excel opens
//! it as it is: UTF-8 with a byte order mark (so Excel reads æ, ø and å), semicolons between
//! fields (Norwegian Excel's list separator, since the comma is its decimal sign) and CRLF
//! line ends. Every cell goes through [`cell`], so nothing typed by a customer or a worker
//! is run by Excel as a formula (OWASP's "CSV Injection"). `scripts/house-rules.sh` fails
//! on a `csv::WriterBuilder` anywhere else.

use std::borrow::Cow;

/// A CSV file being written.
pub struct Sheet {
    writer: csv::Writer<Vec<u8>>,
}

impl Default for Sheet {
    /// A new file, which starts with the byte order mark.
    fn default() -> Self {
        Self::continued(b"\xEF\xBB\xBF".to_vec())
    }
}

impl Sheet {
    /// A new file, which starts with the byte order mark.
    pub fn new() -> Self {
        Self::default()
    }

    /// More rows of a file already begun (a file streamed in parts): no byte order mark.
    pub fn more() -> Self {
        Self::continued(Vec::new())
    }

    fn continued(start: Vec<u8>) -> Self {
        let writer =
            csv::WriterBuilder::new().delimiter(b';').terminator(csv::Terminator::CRLF).from_writer(start);
        Self { writer }
    }

    /// One row, each cell made safe by [`cell`].
    pub fn row<I, S>(&mut self, cells: I) -> Result<(), csv::Error>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.writer.write_record(cells.into_iter().map(|text| cell(text.as_ref()).into_owned()))
    }

    /// The file's bytes.
    pub fn finish(self) -> Result<Vec<u8>, csv::Error> {
        self.writer.into_inner().map_err(|err| err.into_error().into())
    }
}

/// Whether `text` is a number as the files write them (`-1234,50`, `7,5`): Excel reads it as
/// the number it is, and runs nothing.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, part) = digits.split_once(',').unwrap_or((digits, "0"));
    !whole.is_empty()
        && !part.is_empty()
        && whole.chars().all(|c| c.is_ascii_digit())
        && part.chars().all(|c| c.is_ascii_digit())
}

/// A text as a cell that Excel shows and never runs: one that Excel would read as a
/// formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading
/// apostrophe, as OWASP's "CSV Injection" advises; a number stays a number. A phone number
/// written "+47 ..." gets one too: Excel would otherwise read it as a sum and show an
/// error.
pub fn cell(text: &str) -> Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(text) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_excel_would_run_is_shown_as_text() {
        assert_eq!(cell("=HYPERLINK(\"http://x\")"), "'=HYPERLINK(\"http://x\")");
        assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(cell("-2+3"), "'-2+3");
        assert_eq!(cell("+47 912 34 567"), "'+47 912 34 567");
        assert_eq!(cell("\tx"), "'\tx");
        assert_eq!(cell("=1+2 Gate 3"), "'=1+2 Gate 3");
    }

    #[test]
    fn numbers_and_plain_text_are_left_as_they_are() {
        for text in ["-1234,50", "1234,50", "7,5", "-3", "0", "Kari Nordmann", "", "Storgata 1"] {
            assert_eq!(cell(text), text);
        }
        for text in ["-", "-,5", "-1,", "-1,5,5", "-1e5"] {
            assert_eq!(cell(text), format!("'{text}"), "{text}");
        }
    }

    #[test]
    fn a_file_starts_with_the_byte_order_mark_and_uses_semicolons() {
        let mut sheet = Sheet::new();
        sheet.row(["Navn", "=1+1"]).unwrap();
        assert_eq!(sheet.finish().unwrap(), b"\xEF\xBB\xBFNavn;'=1+1\r\n");
        let mut more = Sheet::more();
        more.row(["a;b"]).unwrap();
        assert_eq!(more.finish().unwrap(), b"\"a;b\"\r\n");
    }
}
