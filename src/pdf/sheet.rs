//! The month's time sheet as a PDF (`crate::jobs::sheet` serves it), drawn with the
//! quote's machinery: the same letterhead, font, PDF/A-2b and footer. Per person, one row
//! per entry (day and start, job and customer, note, hours) and the person's sum, as
//! bokføringsforskriften § 8-1-2 asks (per person, per day, per job).

use chrono::{DateTime, Utc};
use fagfolk_data::jobs::store::time::SheetRow;
use fagfolk_data::money;
use fagfolk_data::oslo;

use super::{Align, Item, LEFT, Layout, Letterhead, RIGHT, TOP, Weight, letterhead};

/// Where the columns start.
const DAY: f32 = LEFT;
const JOB: f32 = LEFT + 92.0;
const NOTE: f32 = LEFT + 300.0;
/// The hours stand right-aligned at the right margin; the note ends before them.
const NOTE_END: f32 = RIGHT - 52.0;

/// Minutes as hours with a decimal comma: `7,5 t`.
fn hours(minutes: i64) -> String {
    format!("{} t", money::quantity(minutes * 100 / 60))
}

/// The sheet titled `title` ("Timeliste november 2026"), of `rows` ordered by person and
/// day (`store::time::between`), made at `made`.
pub fn render(
    title: &str,
    rows: &[SheetRow],
    firm: &Letterhead,
    made: DateTime<Utc>,
) -> anyhow::Result<Vec<u8>> {
    use Align::{Left, Right};
    use Weight::{Bold, Regular};
    let mut page = Layout { pages: vec![Vec::new()], y: TOP };
    letterhead(&mut page, firm);
    page.text(Bold, 18.0, LEFT, Left, title);
    page.y += 6.0;
    page.paragraph(
        Regular,
        9.5,
        LEFT,
        &format!(
            "Timer per person, dag og oppdrag (bokføringsforskriften § 8-1-2). Laget {}.",
            oslo::moment(made)
        ),
    );
    if rows.is_empty() {
        page.y += 8.0;
        page.paragraph(Regular, 10.0, LEFT, "Ingen timer er ført i måneden.");
    }
    let (mut person_sum, mut total, mut people) = (0i64, 0i64, 0);
    for (index, row) in rows.iter().enumerate() {
        let entry = &row.entry;
        let first_of_person = index == 0
            || rows.get(index - 1).is_some_and(|before| {
                before.entry.user_id != entry.user_id || before.entry.user_name != entry.user_name
            });
        if first_of_person {
            people += 1;
            page.heading(&entry.user_name);
            page.room(30.0);
            page.y += 14.0;
            page.text(Bold, 9.0, DAY, Left, "Dato");
            page.text(Bold, 9.0, JOB, Left, "Oppdrag og kunde");
            page.text(Bold, 9.0, NOTE, Left, "Merknad");
            page.text(Bold, 9.0, RIGHT, Right, "Timer");
            page.y += 5.0;
            page.put(Item::Rule { y: page.y });
        }
        let weekday: String = oslo::weekday(entry.day).chars().take(3).collect();
        // The day, and under it when the work began if the entry says.
        let day = [
            Some(format!("{weekday} {}", oslo::date_short(entry.day))),
            entry.starts_at.map(|at| format!("fra {}", oslo::clock_of_minute(at))),
        ];
        let mut job = format!("{}, {}", row.job_title, row.customer_name);
        if entry.extra {
            job.push_str(" (tillegg)");
        }
        // A legal record is never cut short: the job and the note wrap onto as many lines as
        // they need, and the row is as tall as the longer of them.
        let face = Layout::face(Regular);
        let job = face.wrap(&face.printable(&job), 9.5, NOTE - JOB - 10.0);
        let note = face.wrap(&face.printable(&entry.note), 9.5, NOTE_END - NOTE);
        let lines = job.len().max(note.len()).max(day.iter().flatten().count());
        page.room(16.0 + 12.0 * (lines - 1) as f32);
        page.y += 13.0;
        page.text(Regular, 9.5, RIGHT, Right, &hours(i64::from(entry.minutes)));
        for line in 0..lines {
            if line > 0 {
                page.y += 12.0;
            }
            if let Some(Some(text)) = day.get(line) {
                page.text(Regular, 9.5, DAY, Left, text);
            }
            if let Some(text) = job.get(line) {
                page.text(Regular, 9.5, JOB, Left, text);
            }
            if let Some(text) = note.get(line) {
                page.text(Regular, 9.5, NOTE, Left, text);
            }
        }
        person_sum += i64::from(entry.minutes);
        let last_of_person = rows.get(index + 1).is_none_or(|next| {
            next.entry.user_id != entry.user_id || next.entry.user_name != entry.user_name
        });
        if last_of_person {
            page.room(22.0);
            page.y += 5.0;
            page.put(Item::Rule { y: page.y });
            page.y += 13.0;
            page.text(Bold, 9.5, DAY, Left, &format!("Sum {}", entry.user_name));
            page.text(Bold, 9.5, RIGHT, Right, &hours(person_sum));
            total += person_sum;
            person_sum = 0;
        }
    }
    if people > 1 {
        page.room(30.0);
        page.y += 24.0;
        page.text(Bold, 11.0, DAY, Left, "Alle i alt");
        page.text(Bold, 11.0, RIGHT, Right, &hours(total));
    }
    super::draw::draw(&page, title, firm, made)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_note_wraps_within_its_column_and_keeps_every_word() {
        let face = Layout::face(Weight::Regular);
        let long = "Bytte sikringsskap og legge ny kurs til varmepumpen i kjelleren (tillegg)";
        let lines = face.wrap(long, 9.5, NOTE_END - NOTE);
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|line| face.width(line, 9.5) <= NOTE_END - NOTE), "{lines:?}");
        assert_eq!(lines.join(" "), long);
        // The circuit list's cells are still cut to fit (src/pdf/declaration.rs).
        let cut = super::super::fit(face, long, 9.5, 120.0);
        assert!(cut.ends_with('…') && face.width(&cut, 9.5) <= 120.0, "{cut}");
        assert_eq!(hours(450), "7,5 t");
    }
}
