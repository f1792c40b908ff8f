-- wrk script: prints the 50th and 95th percentile latency in milliseconds on one line
-- ("p50 <ms> p95 <ms>"), which wrk's --latency table lacks (it gives 50/75/90/99).
done = function(summary, latency, requests)
  io.write(string.format("p50 %.1f p95 %.1f\n", latency:percentile(50) / 1000, latency:percentile(95) / 1000))
end
