//! The words of a job's plan to its customer (`super::notice`): which days, from when,
//! who comes and how to reach them; on a change, what changed first. The office reads
//! this text before it goes and may edit it.
//!
//! A day planned without a start (all day) says that the time is agreed with the
//! customer: the firm keeps no usual start of its day (Innstillinger → Timer og lønn has
//! only its length), so the letter promises none.

use fagfolk_data::oslo;
use fagfolk_data::planning::notice::{Change, ToldDay};

/// What the letter is written from besides the days.
pub struct Facts<'a> {
    pub customer: &'a str,
    pub title: &'a str,
    pub address: Option<&'a str>,
    pub firm: &'a str,
    /// Whoever comes and their number (none when they have none).
    pub contacts: &'a [(String, Option<String>)],
    /// The firm's number, given for whoever has none.
    pub firm_phone: Option<&'a str>,
}

/// "Planen for «Nytt bad»", or "Endret plan for «Nytt bad»" after the first.
pub fn subject(title: &str, first: bool) -> String {
    if first { format!("Planen for «{title}»") } else { format!("Endret plan for «{title}»") }
}

/// "mandag 7. desember 2026".
pub fn date(day: &ToldDay) -> String {
    format!("{} {}", oslo::weekday(day.day), oslo::date(day.day))
}

/// "fra kl. 07:30 til ca. 16:30", or "tidspunkt avtales" for a day without a start.
fn time(day: &ToldDay) -> String {
    match (day.starts_at, day.ends_at) {
        (Some(start), Some(end)) => {
            format!("fra kl. {} til ca. {}", oslo::clock_of_minute(start), oslo::clock_of_minute(end))
        }
        (Some(start), None) => format!("fra kl. {}", oslo::clock_of_minute(start)),
        _ => "tidspunkt avtales".to_owned(),
    }
}

/// "Kari Nordmann", "Kari Nordmann og Per Olsen", "Kari, Per og Ola".
fn names(people: &[String]) -> String {
    match people {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} og {last}", rest.join(", ")),
    }
}

/// A day as the letter lists it: "mandag 7. desember 2026, fra kl. 07:30 til ca. 16:30:
/// Kari Nordmann og Per Olsen".
pub fn day_line(day: &ToldDay) -> String {
    format!("{}, {}: {}", date(day), time(day), names(&day.people))
}

/// The changes as the customer reads them, one line each.
pub fn change_lines(changes: &[Change<'_>]) -> Vec<String> {
    changes
        .iter()
        .map(|change| match change {
            Change::Added(day) => format!("Ny dag: {}", day_line(day)),
            Change::Gone(day) => format!("Ikke lenger: {}", date(day)),
            Change::Time(day) => format!("Ny tid: {}, {}", date(day), time(day)),
            Change::People(day) => format!("Andre som kommer: {}: {}", date(day), names(&day.people)),
        })
        .collect()
}

/// The whole letter: the changes first when there are any (`changes`; none on the first),
/// then the days as planned now, who comes and how to reach them, and the calendar file.
pub fn text(facts: &Facts<'_>, days: &[ToldDay], changes: &[String], first: bool) -> String {
    let place = facts.address.filter(|address| !address.trim().is_empty());
    let place = place.map(|address| format!(" i {address}")).unwrap_or_default();
    let title = facts.title;
    let list = |lines: &mut Vec<String>, items: Vec<String>| {
        lines.extend(items.into_iter().map(|item| format!("- {item}")));
        lines.push(String::new());
    };
    let mut lines = vec![format!("Hei {}!", facts.customer), String::new()];
    if first {
        lines.push(format!("Her er dagene vi kommer for å arbeide med «{title}»{place}:"));
        lines.push(String::new());
    } else {
        lines.push(format!("Planen for «{title}»{place} er endret:"));
        lines.push(String::new());
        list(&mut lines, changes.to_vec());
        if !days.is_empty() {
            lines.push("Slik er planen nå:".to_owned());
            lines.push(String::new());
        }
    }
    if days.is_empty() {
        lines.push("Nå har vi ingen dager planlagt. Vi tar kontakt når vi har en ny plan.".to_owned());
        lines.push(String::new());
    } else {
        list(&mut lines, days.iter().map(day_line).collect());
    }
    if days.iter().any(|day| day.starts_at.is_none()) {
        lines.push(
            "Der det står «tidspunkt avtales», tar vi kontakt med deg om når på dagen vi kommer.".to_owned(),
        );
        lines.push(String::new());
    }
    let reach: Vec<String> = facts
        .contacts
        .iter()
        .filter_map(|(name, phone)| match (phone, facts.firm_phone) {
            (Some(phone), _) => Some(format!("{name}: {phone}")),
            (None, Some(firm)) => Some(format!("{name}: ring oss på {firm}")),
            (None, None) => None,
        })
        .collect();
    if !reach.is_empty() {
        lines.push("Slik når du dem som kommer:".to_owned());
        list(&mut lines, reach);
    }
    lines.push(if days.is_empty() {
        "Kalenderfilen ligger ved, så dagene tas ut av kalenderen din.".to_owned()
    } else if first {
        "Dagene ligger ved som en kalenderfil, så du kan legge dem i kalenderen din.".to_owned()
    } else {
        "Kalenderfilen ligger ved, så kalenderen din blir oppdatert.".to_owned()
    });
    lines.push("Har du spørsmål, kan du svare på denne e-posten.".to_owned());
    lines.push(String::new());
    lines.push("Med vennlig hilsen".to_owned());
    lines.push(facts.firm.to_owned());
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use fagfolk_data::planning::notice::changes;

    use super::*;

    fn day(d: u32, times: Option<(i32, i32)>, people: &[&str]) -> ToldDay {
        ToldDay {
            day: NaiveDate::from_ymd_opt(2026, 12, d).unwrap(),
            starts_at: times.map(|(start, _)| start),
            ends_at: times.map(|(_, end)| end),
            people: people.iter().map(|name| (*name).to_owned()).collect(),
        }
    }

    fn facts<'a>(contacts: &'a [(String, Option<String>)]) -> Facts<'a> {
        Facts {
            customer: "Liv Lie",
            title: "Nytt bad",
            address: Some("Storgata 1"),
            firm: "Rør & Strøm AS",
            contacts,
            firm_phone: Some("22 33 44 55"),
        }
    }

    #[test]
    fn the_first_letter_says_the_days_the_times_who_comes_and_how_to_reach_them() {
        let contacts =
            [("Kari Nordmann".to_owned(), Some("900 11 222".to_owned())), ("Per Olsen".to_owned(), None)];
        let days =
            [day(7, Some((450, 990)), &["Kari Nordmann", "Per Olsen"]), day(10, None, &["Kari Nordmann"])];
        let text = text(&facts(&contacts), &days, &[], true);
        assert_eq!(
            text,
            "Hei Liv Lie!\n\n\
             Her er dagene vi kommer for å arbeide med «Nytt bad» i Storgata 1:\n\n\
             - mandag 7. desember 2026, fra kl. 07:30 til ca. 16:30: Kari Nordmann og Per Olsen\n\
             - torsdag 10. desember 2026, tidspunkt avtales: Kari Nordmann\n\n\
             Der det står «tidspunkt avtales», tar vi kontakt med deg om når på dagen vi kommer.\n\n\
             Slik når du dem som kommer:\n\
             - Kari Nordmann: 900 11 222\n\
             - Per Olsen: ring oss på 22 33 44 55\n\n\
             Dagene ligger ved som en kalenderfil, så du kan legge dem i kalenderen din.\n\
             Har du spørsmål, kan du svare på denne e-posten.\n\n\
             Med vennlig hilsen\nRør & Strøm AS\n"
        );
        assert_eq!(subject("Nytt bad", true), "Planen for «Nytt bad»");
    }

    #[test]
    fn a_change_opens_with_what_changed() {
        let before = [
            day(7, Some((450, 990)), &["Kari", "Per"]),
            day(8, None, &["Kari", "Per"]),
            day(9, None, &["Kari"]),
        ];
        let now =
            [day(7, Some((480, 990)), &["Kari", "Per"]), day(8, None, &["Kari"]), day(11, None, &["Per"])];
        let lines = change_lines(&changes(&before, &now));
        assert_eq!(
            lines,
            [
                "Ny tid: mandag 7. desember 2026, fra kl. 08:00 til ca. 16:30",
                "Andre som kommer: tirsdag 8. desember 2026: Kari",
                "Ikke lenger: onsdag 9. desember 2026",
                "Ny dag: fredag 11. desember 2026, tidspunkt avtales: Per",
            ]
        );
        let text = text(&facts(&[]), &now, &lines, false);
        assert!(
            text.starts_with(
                "Hei Liv Lie!\n\nPlanen for «Nytt bad» i Storgata 1 er endret:\n\n- Ny tid: mandag 7. desember 2026"
            ),
            "{text}"
        );
        assert!(text.contains("\nSlik er planen nå:\n\n- mandag 7. desember 2026, fra kl. 08:00"), "{text}");
        assert!(!text.contains("Slik når du"), "no one to reach without a number: {text}");
        assert!(text.contains("Kalenderfilen ligger ved, så kalenderen din blir oppdatert."), "{text}");

        let emptied = text_of_nothing_left(&before);
        assert!(emptied.contains("Nå har vi ingen dager planlagt."), "{emptied}");
        assert!(emptied.contains("dagene tas ut av kalenderen din"), "{emptied}");
    }

    fn text_of_nothing_left(before: &[ToldDay]) -> String {
        let lines = change_lines(&changes(before, &[]));
        text(&facts(&[]), &[], &lines, false)
    }
}
