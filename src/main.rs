use clap::{Parser, Subcommand};
use fagfolk::config::Config;
use fagfolk::db::Db;
use fagfolk::startup::{Application, shutdown_signal};

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
    Serve,
    /// Kjør databasemigreringer og avslutt.
    Migrate,
    /// Skriv OpenAPI-dokumentet til stdout.
    Openapi,
}

#[tokio::main]
async fn main() {
    if let Err(err) = run(Cli::parse()).await {
        eprintln!("fagfolk: {err:#}");
        std::process::exit(1);
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Openapi => {
            println!("{}", fagfolk::http::openapi().to_pretty_json()?);
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
        Command::Serve => {
            fagfolk::telemetry::init();
            let config = Config::from_env()?;
            tracing::info!(?config, "starter");
            let app = Application::build(config).await?;
            tracing::info!(addr = %app.local_addr(), "lytter");
            app.run_until(shutdown_signal()).await
        }
    }
}
