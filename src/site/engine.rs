//! The JavaScript engine that renders the public pages: QuickJS (through `rquickjs`)
//! running the server bundle `web/dist/_ssr/entry-server.js`, built by `npm run build`
//! from the same components the browser hydrates (`web/src/entry-server.tsx`).
//!
//! QuickJS is single-threaded, so the engine lives on a thread of its own and takes
//! render jobs through a channel; a job is every page of one render pass. A page that
//! throws, loops or runs out of memory fails alone, with the engine's message.
//!
//! Renders come in bursts (start-up, a save, the night's new date) and the loaded bundle
//! holds about 3 MB of the engine's heap, so the engine lets it go once no pass has come
//! for [`IDLE`], and loads it again for the next (docs/BENCHMARKS.md, "Memory back").

use std::borrow::Cow;
use std::cell::Cell;
use std::rc::Rc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rquickjs::{Context, Ctx, Function, Module, Persistent, Promise, Runtime};
use serde::Deserialize;
use tokio::sync::oneshot;

/// What `render(path, data)` in the bundle answers for one page.
#[derive(Debug, Deserialize)]
pub struct RenderedPage {
    /// 200, or 404 for a path with no page.
    pub status: u16,
    /// The page's `<head>` content: title, description, canonical link, Open Graph.
    pub head: String,
    /// The page's markup, to go into `<div id="root">`.
    pub html: String,
}

/// One page to render: its path and the JSON it is rendered with.
pub struct PageJob {
    pub path: String,
    pub data: String,
}

struct Job {
    pages: Vec<PageJob>,
    reply: oneshot::Sender<Vec<Result<RenderedPage, String>>>,
}

/// A handle on the engine's thread. Dropping every handle ends the thread.
pub struct Engine {
    jobs: mpsc::Sender<Job>,
}

/// How long one page may take before the engine stops it (a loop in a component).
const PAGE_DEADLINE: Duration = Duration::from_secs(2);
/// How long loading the bundle may take (its top level runs once).
const LOAD_DEADLINE: Duration = Duration::from_secs(10);
/// The engine's heap: six rendered pages need about 8 MB.
const MEMORY_LIMIT: usize = 128 * 1024 * 1024;
const STACK_LIMIT: usize = 4 * 1024 * 1024;
/// How long the loaded bundle is kept after a pass: a burst of saves is served by one load.
pub const IDLE: Duration = Duration::from_secs(30);

impl Engine {
    /// Starts the engine's thread and loads the bundle; fails with the engine's message
    /// when the bundle cannot be loaded or has no `render` function.
    pub fn start(bundle: impl Into<Cow<'static, [u8]>>) -> Result<Self, String> {
        Self::start_idle(bundle.into(), IDLE)
    }

    /// `start`, letting the bundle go after `idle` without a pass.
    fn start_idle(bundle: Cow<'static, [u8]>, idle: Duration) -> Result<Self, String> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let (ready, loaded) = mpsc::sync_channel::<Result<(), String>>(1);
        std::thread::Builder::new()
            .name("fagfolk-render".to_owned())
            .stack_size(STACK_LIMIT * 4)
            .spawn(move || run(&bundle, &queue, &ready, idle))
            .map_err(|err| format!("kunne ikke starte tråden: {err}"))?;
        // Loading takes milliseconds; the deadline in `run` stops a bundle that never ends.
        loaded
            .recv_timeout(LOAD_DEADLINE + Duration::from_secs(5))
            .map_err(|_| "motoren ble ikke ferdig med å laste bundelen".to_owned())??;
        Ok(Self { jobs })
    }

    /// Renders `pages` in order; each page's result or the engine's error message.
    pub async fn render(&self, pages: Vec<PageJob>) -> Result<Vec<Result<RenderedPage, String>>, String> {
        let (reply, answer) = oneshot::channel();
        self.jobs.send(Job { pages, reply }).map_err(|_| "motoren har stoppet".to_owned())?;
        answer.await.map_err(|_| "motoren stoppet under arbeidet".to_owned())
    }
}

/// The bundle loaded: its `render`, its context and its runtime, dropped in that order.
struct Loaded {
    render: Persistent<Function<'static>>,
    context: Context,
    runtime: Runtime,
}

/// Loads `bundle` into a new runtime, stopped at `LOAD_DEADLINE`.
fn load(bundle: &[u8], deadline: &Rc<Cell<Option<Instant>>>) -> Result<Loaded, String> {
    let runtime = Runtime::new().map_err(|err| err.to_string())?;
    runtime.set_memory_limit(MEMORY_LIMIT);
    runtime.set_max_stack_size(STACK_LIMIT);
    let watch = deadline.clone();
    runtime.set_interrupt_handler(Some(Box::new(move || watch.get().is_some_and(|at| Instant::now() > at))));
    let context = Context::full(&runtime).map_err(|err| err.to_string())?;
    deadline.set(Some(Instant::now() + LOAD_DEADLINE));
    let render = context.with(|ctx| {
        let loaded = (|| {
            let (module, evaluated) = Module::declare(ctx.clone(), "entry-server.js", bundle)?.eval()?;
            evaluated.finish::<()>()?;
            module.get::<_, Function>("render")
        })();
        loaded.map(|render| Persistent::save(&ctx, render)).map_err(|err| describe(&ctx, err))
    });
    deadline.set(None);
    Ok(Loaded { render: render?, context, runtime })
}

fn run(
    bundle: &[u8],
    queue: &mpsc::Receiver<Job>,
    ready: &mpsc::SyncSender<Result<(), String>>,
    idle: Duration,
) {
    let deadline = Rc::new(Cell::new(None::<Instant>));
    let mut engine = match load(bundle, &deadline) {
        Ok(engine) => {
            let _ = ready.send(Ok(()));
            Some(engine)
        }
        Err(err) => {
            let _ = ready.send(Err(err));
            return;
        }
    };
    loop {
        let job = match queue.recv_timeout(idle) {
            Ok(job) => job,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                // No pass for a while: the loaded bundle goes, and comes back with the next.
                engine = None;
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        };
        let loaded = match engine.take().map_or_else(|| load(bundle, &deadline), Ok) {
            Ok(loaded) => loaded,
            Err(err) => {
                let _ = job.reply.send(job.pages.iter().map(|_| Err(err.clone())).collect());
                continue;
            }
        };
        let results = render_pages(&loaded, &job.pages, &deadline);
        let _ = job.reply.send(results);
        // A pass leaves every page's strings and trees behind; free them now rather than
        // let the heap grow until QuickJS's own threshold.
        loaded.runtime.run_gc();
        engine = Some(loaded);
    }
}

/// Each of `pages` rendered by `loaded`, in order.
fn render_pages(
    loaded: &Loaded,
    pages: &[PageJob],
    deadline: &Rc<Cell<Option<Instant>>>,
) -> Vec<Result<RenderedPage, String>> {
    loaded.context.with(|ctx| {
        let Ok(render) = loaded.render.clone().restore(&ctx) else {
            return pages.iter().map(|_| Err("render-funksjonen mangler".to_owned())).collect();
        };
        pages
            .iter()
            .map(|page| {
                deadline.set(Some(Instant::now() + PAGE_DEADLINE));
                let answer = render
                    .call::<_, Promise>((page.path.as_str(), page.data.as_str()))
                    .and_then(|promise| promise.finish::<String>());
                deadline.set(None);
                let json = answer.map_err(|err| describe(&ctx, err))?;
                parse_answer(&json)
            })
            .collect()
    })
}

/// Reads `render`'s JSON answer. A JavaScript string may hold half of a surrogate pair
/// (text cut between the two halves of an emoji); `JSON.stringify` writes it as a lone
/// `\ud83d` escape, which no Rust string can hold, so such an escape becomes U+FFFD and
/// the page renders instead of failing.
fn parse_answer(json: &str) -> Result<RenderedPage, String> {
    serde_json::from_str(json)
        .or_else(|_| serde_json::from_str(&replace_lone_surrogates(json)))
        .map_err(|err| format!("ugyldig svar fra render: {err}"))
}

/// `json` with every `\uXXXX` escape of a surrogate that is not half of a pair replaced
/// by `\ufffd`. Escapes are read in order, so `\\u` (a backslash, then `u`) is left alone.
fn replace_lone_surrogates(json: &str) -> String {
    fn surrogate_at(bytes: &[u8], at: usize) -> Option<u16> {
        if bytes.get(at..at + 2)? != b"\\u" {
            return None;
        }
        let hex = std::str::from_utf8(bytes.get(at + 2..at + 6)?).ok()?;
        u16::from_str_radix(hex, 16).ok().filter(|unit| (0xD800..=0xDFFF).contains(unit))
    }
    let bytes = json.as_bytes();
    let mut out = String::with_capacity(json.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        match surrogate_at(bytes, i) {
            Some(0xD800..=0xDBFF)
                if surrogate_at(bytes, i + 6).is_some_and(|low| (0xDC00..=0xDFFF).contains(&low)) =>
            {
                i += 12;
            }
            Some(_) => {
                out.push_str(&json[copied..i]);
                out.push_str("\\ufffd");
                i += 6;
                copied = i;
            }
            // Any other escape is two characters (`\\`, `\"`, `\n`) or `\u` and four
            // hex digits that are no surrogate; skipping two is enough for both.
            None => i += 2,
        }
    }
    out.push_str(&json[copied..]);
    out
}

/// The engine's error as text: a thrown value's message and stack where there is one.
fn describe(ctx: &Ctx<'_>, err: rquickjs::Error) -> String {
    if !matches!(err, rquickjs::Error::Exception) {
        return err.to_string();
    }
    let thrown = ctx.catch();
    match thrown.as_exception() {
        Some(exception) => {
            let message = exception.message().unwrap_or_default();
            let stack = exception.stack().unwrap_or_default();
            format!("{message}\n{stack}").trim().to_owned()
        }
        None => format!("kastet {thrown:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(path: &str, data: &str) -> PageJob {
        PageJob { path: path.to_owned(), data: data.to_owned() }
    }

    #[tokio::test]
    async fn a_page_that_throws_or_loops_fails_alone() {
        let bundle = br#"
            export async function render(path, data) {
              if (path === '/kast') throw new Error('feil i siden')
              if (path === '/evig') { for (;;) {} }
              const site = JSON.parse(data)
              return JSON.stringify({ status: 200, head: '<title>t</title>', html: '<p>' + site.name + path + '</p>' })
            }
        "#;
        let engine = Engine::start(bundle.to_vec()).expect("the bundle loads");
        let results = engine
            .render(vec![
                job("/a", r#"{"name":"Å"}"#),
                job("/kast", "{}"),
                job("/evig", "{}"),
                job("/b", r#"{"name":"B"}"#),
            ])
            .await
            .expect("the engine answers");
        assert_eq!(results[0].as_ref().expect("renders").html, "<p>Å/a</p>");
        assert!(
            results[1].as_ref().is_err_and(|err| err.contains("feil i siden")),
            "{:?}",
            results[1].as_ref().err()
        );
        assert!(results[2].is_err(), "an endless loop is stopped");
        assert_eq!(results[3].as_ref().expect("renders after a failure").html, "<p>B/b</p>");
    }

    #[test]
    fn half_an_emoji_becomes_a_replacement_character_not_a_failed_page() {
        let answer = r#"{"status":200,"head":"\\ud83d","html":"<p>\ud83d \ud83d\ude00 \udc00 \\u00e5</p>"}"#;
        let page = parse_answer(answer).expect("a page");
        assert_eq!(page.html, "<p>\u{FFFD} 😀 \u{FFFD} \\u00e5</p>");
        assert_eq!(page.head, "\\ud83d", "an escaped backslash is text, not an escape");
    }

    #[tokio::test]
    async fn a_string_cut_in_an_emoji_renders() {
        let bundle = br#"
            export async function render(path, data) {
              const name = JSON.parse(data).name
              return JSON.stringify({ status: 200, head: '', html: name.charAt(0) + '|' + name })
            }
        "#;
        let engine = Engine::start(bundle.to_vec()).expect("the bundle loads");
        let results = engine.render(vec![job("/", r#"{"name":"😀 Anne"}"#)]).await.expect("answers");
        assert_eq!(results[0].as_ref().expect("renders").html, "\u{FFFD}|😀 Anne");
    }

    #[tokio::test]
    async fn the_bundle_let_go_when_idle_is_loaded_again_for_the_next_pass() {
        let bundle: &'static [u8] = br#"
            let passes = 0
            export async function render(path) {
              passes += 1
              return JSON.stringify({ status: 200, head: '', html: path + ' ' + passes })
            }
        "#;
        let engine = Engine::start_idle(Cow::Borrowed(bundle), Duration::from_millis(50)).expect("loads");
        let first = engine.render(vec![job("/a", "{}"), job("/b", "{}")]).await.expect("answers");
        assert_eq!(first[1].as_ref().expect("renders").html, "/b 2");
        // Idle past its time, the bundle was let go: the next pass runs on a fresh load.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let again = engine.render(vec![job("/c", "{}")]).await.expect("answers");
        assert_eq!(again[0].as_ref().expect("renders").html, "/c 1");
    }

    #[test]
    fn a_bundle_without_render_is_refused() {
        let err = Engine::start(b"export const x = 1".to_vec()).err().expect("refused");
        assert!(!err.is_empty());
        let err = Engine::start(b"export function render( {".to_vec()).err().expect("refused");
        assert!(err.contains("entry-server.js:1"), "the message says where: {err}");
    }
}
