use std::io::{BufRead, IsTerminal};

use clap::{Parser, Subcommand};
use fagfolk::config::Config;
use fagfolk::db::Db;
use fagfolk::startup::{Application, shutdown_signal};
use fagfolk::users::{self, Role};

/// Fagfolk: nettsted og back office for en håndverkerbedrift.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Start nettstedet (standard).
    Serve {
        /// Legg inn en demo-administrator (demo@fagfolk.no / demo-fagfolk-2026) og eksempel-leads.
        #[arg(long)]
        demo: bool,
    },
    /// Kjør databasemigreringer og avslutt.
    Migrate,
    /// Skriv OpenAPI-dokumentet til stdout.
    Openapi,
    /// Ta en konsistent sikkerhetskopi av databasen mens nettstedet kjører.
    Backup {
        /// Ny fil for kopien (SQLite-database, eller pg_dump-format for PostgreSQL), en mappe
        /// som slutter på / (filnavn med tidspunkt), eller s3://bøtte/sti/ med AWS_*-variablene.
        target: String,
    },
    /// Gjenopprett en sikkerhetskopi (fil eller s3://-adresse) til DATABASE_URL, som må være
    /// ny: en SQLite-fil som ikke finnes, eller en PostgreSQL-database uten tabeller.
    Restore { source: String },
    /// Administrer brukere.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Flytt fra SQLite til PostgreSQL: kopier alt i DATABASE_URL (SQLite) til en ny, tom
    /// PostgreSQL-database, og sjekk antallet rader i hver tabell.
    MigrateDb {
        #[arg(long)]
        to: String,
    },
    /// Mediebiblioteket.
    Media {
        #[command(subcommand)]
        command: MediaCommand,
    },
}

#[derive(Subcommand)]
enum MediaCommand {
    /// Kopier alle filer fra FAGFOLK_STORAGE til et annet lager (mappe eller s3://bøtte/prefiks,
    /// med de samme AWS_*-variablene). Filer som finnes der fra før, beholdes.
    Copy {
        #[arg(long)]
        to: String,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Opprett en admin-bruker. Spør etter passordet, eller les det fra stdin.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long, default_value = "Administrator")]
        name: String,
        /// admin, editor eller montor.
        #[arg(long, default_value = "admin")]
        role: String,
        /// Les passordet fra første linje på stdin (for skript).
        #[arg(long)]
        password_stdin: bool,
    },
}

fn main() {
    fagfolk::memory::tune_allocator();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build();
    let result = runtime.map_err(anyhow::Error::from).and_then(|runtime| runtime.block_on(run(Cli::parse())));
    if let Err(err) = result {
        eprintln!("fagfolk: {err:#}");
        std::process::exit(1);
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command.unwrap_or(Command::Serve { demo: false }) {
        Command::Openapi => {
            println!("{}", fagfolk::app::openapi().to_pretty_json()?);
            Ok(())
        }
        Command::Backup { target } => {
            let config = Config::from_env()?;
            let db = Db::connect(&config.database_url).await?;
            let written =
                fagfolk::backup::run(&db, &config.database_url, &target, &config.storage_options).await?;
            println!("Sikkerhetskopi skrevet til {written}");
            Ok(())
        }
        Command::Restore { source } => {
            let config = Config::from_env()?;
            let restored =
                fagfolk::backup::restore(&config.database_url, &source, &config.storage_options).await?;
            println!("Gjenopprettet {source}:");
            for (table, count) in &restored.counts {
                println!("  {table}: {count}");
            }
            match restored.last_change {
                Some(at) => println!("Siste endring i kopien: {}", fagfolk_data::oslo::moment(at)),
                None => println!("Kopien har ingen endringer i revisjonsloggen."),
            }
            Ok(())
        }
        Command::Migrate => {
            fagfolk::telemetry::init();
            let config = Config::from_env()?;
            let db = Db::connect(&config.database_url).await?;
            db.migrate().await?;
            tracing::info!("databasen er oppdatert");
            Ok(())
        }
        Command::MigrateDb { to } => {
            // Checked before anything is opened: a wrong target must not be created.
            if !(to.starts_with("postgres://") || to.starts_with("postgresql://")) {
                anyhow::bail!("--to må være en postgres://-adresse");
            }
            let config = Config::from_env()?;
            let Db::Sqlite(from) = Db::connect(&config.database_url).await? else {
                anyhow::bail!("DATABASE_URL må peke på SQLite-databasen det flyttes fra");
            };
            let target = Db::connect(&to).await?;
            target.migrate().await?;
            let Db::Postgres(pool) = &target else {
                anyhow::bail!("--to må være en postgres://-adresse");
            };
            let counts = fagfolk::db::copy::sqlite_to_postgres(&from, pool).await?;
            for (table, rows) in &counts {
                println!("{table}: {rows}");
            }
            println!("Kopiert til PostgreSQL; antallet rader stemmer i alle {} tabeller.", counts.len());
            Ok(())
        }
        Command::Media { command: MediaCommand::Copy { to } } => {
            let config = Config::from_env()?;
            let from = fagfolk::media::storage::Storage::open(&config.storage, &config.storage_options)?;
            let target = fagfolk::media::storage::Storage::open(&to, &config.storage_options)?;
            let (copied, had) = from.copy_all(&target).await?;
            let (source, copy) = (from.keys().await?.len(), target.keys().await?.len());
            if copy < source {
                anyhow::bail!("{to} har {copy} filer, men kilden har {source}");
            }
            println!("Kopierte {copied} filer til {to} ({had} fantes der fra før; {source} i alt).");
            Ok(())
        }
        Command::Serve { demo } => {
            fagfolk::telemetry::init();
            let config = Config { demo, ..Config::from_env()? };
            tracing::info!(?config, "starter");
            let app = Application::build(config).await?;
            tracing::info!(addr = %app.local_addr(), "lytter");
            app.run_until(shutdown_signal()).await
        }
        Command::Admin { command: AdminCommand::Create { email, name, role, password_stdin } } => {
            let role = Role::parse(&role)
                .ok_or_else(|| anyhow::anyhow!("--role: bruk admin, editor eller montor"))?;
            let password = read_password(password_stdin)?;
            let config = Config::from_env()?;
            let db = Db::connect(&config.database_url).await?;
            db.migrate().await?;
            let id = users::create(&db, &name, &email, &password, role, chrono::Utc::now(), None).await?;
            println!("Opprettet {} ({}) med id {id}", email.trim().to_lowercase(), role.as_str());
            Ok(())
        }
    }
}

fn read_password(from_stdin: bool) -> anyhow::Result<String> {
    if from_stdin || !std::io::stdin().is_terminal() {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line)?;
        return Ok(line.trim_end_matches(['\r', '\n']).to_owned());
    }
    let first = rpassword::prompt_password("Passord (minst 12 tegn): ")?;
    let second = rpassword::prompt_password("Gjenta passordet: ")?;
    anyhow::ensure!(first == second, "passordene er ikke like");
    Ok(first)
}
