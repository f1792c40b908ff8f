# Sourced by scripts/stages.sh and .ci/run: how busy the machine's cores were over a
# stage, so the table of CI's minutes also says where cores stood idle.
# ticks: the cores' busy and total time so far, in clock ticks, from /proc/stat's first
# line (user nice system idle iowait irq softirq steal).
ticks() { awk '/^cpu /{ print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }' /proc/stat 2>/dev/null || echo "0 0"; }
# busy BEFORE AFTER: per cent of all the cores' time spent busy between two readings.
busy() { echo "$1 $2" | awk '{ t = $4 - $2; print (t > 0) ? int(100 * ($3 - $1) / t + 0.5) : 0 }'; }
