#!/usr/bin/env python3
"""Where CI's minutes went, and which tests were flaky.

`make test` (scripts/stages.sh) and .ci/run write one line per stage to
target/ci/stages.tsv: name, seconds, exit code, and the per cent of the cores' time
that was busy meanwhile. This prints them as a table with the total, then lists every flaky test: a test that failed once and passed when run again
(nextest's retry in the Rust tests, Playwright's in the browser tests). The list is
also written to target/ci/flaky.txt. A flaky test does not fail CI; it is fixed in the
next change (docs/TESTING.md, "Flaky tests").

Usage: scripts/ci-summary.py          print the table and the flaky tests
       scripts/ci-summary.py --start  a new run: empty the table, drop old reports
"""
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "target" / "ci"
STAGES = OUT / "stages.tsv"
FLAKY = OUT / "flaky.txt"
PLAYWRIGHT = OUT / "playwright.json"
# nextest keeps its reports in the workspace's target/nextest, whatever CARGO_TARGET_DIR says.
NEXTEST = ROOT / "target" / "nextest" / "ci" / "junit.xml"


def start():
    OUT.mkdir(parents=True, exist_ok=True)
    STAGES.write_text("")
    for report in (FLAKY, PLAYWRIGHT, NEXTEST):
        report.unlink(missing_ok=True)


def minutes(seconds):
    return f"{seconds // 60}:{seconds % 60:02d}"


def stages():
    rows = []
    if STAGES.exists():
        for line in STAGES.read_text().splitlines():
            name, seconds, code, *busy = line.split("\t")
            rows.append((name, int(seconds), int(code), int(busy[0]) if busy else None))
    return rows


def flaky_rust():
    """Test cases of nextest's JUnit report that passed on a retry after failing."""
    if not NEXTEST.exists():
        return []
    found = []
    for case in ET.parse(NEXTEST).getroot().iter("testcase"):
        if case.find("flakyFailure") is not None:
            tries = [f.get("message") or f.get("type") or "" for f in case.iter("flakyFailure")]
            found.append(f"rust: {case.get('classname')} {case.get('name')} ({'; '.join(tries)[:200]})")
    return found


def flaky_playwright():
    """Playwright's JSON report: tests whose status is "flaky" (failed, then passed)."""
    if not PLAYWRIGHT.exists():
        return []
    found = []

    def walk(suite, titles):
        for spec in suite.get("specs", []):
            for test in spec.get("tests", []):
                if test.get("status") == "flaky":
                    errors = [r.get("error", {}).get("message", "") for r in test.get("results", [])
                              if r.get("status") not in ("passed", "skipped")]
                    first = errors[0].splitlines()[0] if errors and errors[0] else ""
                    found.append(f"playwright: {spec.get('file')} › {' › '.join(titles + [spec['title']])} ({first[:200]})")
        for child in suite.get("suites", []):
            walk(child, titles + ([child["title"]] if child.get("title") and not child["title"].endswith(".ts") else []))

    for suite in json.loads(PLAYWRIGHT.read_text()).get("suites", []):
        walk(suite, [])
    return found


def main():
    if sys.argv[1:] == ["--start"]:
        start()
        return
    rows = stages()
    if rows:
        width = max([len("i alt")] + [len(name) for name, *_ in rows])
        print("\n== minutter per trinn (og hvor travle kjernene var)")
        for name, seconds, code, busy in rows:
            print(f"  {name:<{width}}  {minutes(seconds):>6}"
                  + ("" if busy is None else f"  {busy:>3} %")
                  + ("" if code == 0 else f"  FEILET ({code})"))
        total = sum(s for _, s, _, _ in rows)
        weighed = [(s, b) for _, s, _, b in rows if b is not None]
        average = round(sum(s * b for s, b in weighed) / max(1, sum(s for s, _ in weighed))) if weighed else None
        print(f"  {'i alt':<{width}}  {minutes(total):>6}" + ("" if average is None else f"  {average:>3} %"))
    flaky = flaky_rust() + flaky_playwright()
    OUT.mkdir(parents=True, exist_ok=True)
    FLAKY.write_text("".join(line + "\n" for line in flaky))
    if flaky:
        print(f"\n== {len(flaky)} ustabile tester (feilet, så besto; rettes i neste endring): {FLAKY.relative_to(ROOT)}")
        for line in flaky:
            print("  " + line)
    else:
        print("\n== ingen ustabile tester")


if __name__ == "__main__":
    main()
