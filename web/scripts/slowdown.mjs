/** The CPU slowdown that makes this host Lighthouse's mid-range phone (used by
 * scripts/lighthouse.mjs). Lighthouse's mobile preset multiplies every task's time on the
 * host by 4, a factor sized for a host whose BenchmarkIndex is about 1530; on a slower host
 * the same 4 simulates a slower phone, and the same pages scored 98-99 on one CI machine
 * and 87-97 on another (docs/TESTING.md, "Session 26"). Lighthouse measures the host in
 * every run (`environment.benchmarkIndex`), and its throttling guide ("Calibrating
 * multipliers", the CPU throttling calculator) gives the factor for an index: 1 at 150, 2
 * at 800, 3 at 1300, one more per 233 above. Never above Lighthouse's own 4, so a fast host
 * is held to the preset everyone compares against. */
export function slowdownFor(index) {
  const factor = index >= 1300 ? 3 + (index - 1300) / 233
    : index >= 800 ? 2 + (index - 800) / 500
      : 1 + Math.max(0, index - 150) / 650
  return Math.round(Math.min(4, factor) * 100) / 100
}
