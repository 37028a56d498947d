/**
 * Where the machine's CPU went during a load run (Linux, from /proc): the server processes,
 * the load generator (this process) and the rest (Postgres, mostly). On two cores the three
 * share them, and what one uses the others wait for. And how late the generator's own event
 * loop ran.
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

/** /proc counts CPU time in clock ticks: 100 a second on Linux (USER_HZ). */
const TICKS_PER_SECOND = 100;

export type CpuReading = {
  at: number;
  servers: number;
  generator: number;
  busy: number;
  total: number;
};

/** CPU seconds so far; null where /proc cannot be read (not Linux). */
export function readCpu(serverPids: number[]): CpuReading | null {
  try {
    const servers = serverPids.reduce((sum, pid) => sum + processSeconds(pid), 0);
    const usage = process.cpuUsage();
    const generator = (usage.user + usage.system) / 1e6;
    // The first line of /proc/stat: user nice system idle iowait irq softirq steal …, all cores.
    const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks.map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return {
      at: performance.now(),
      servers,
      generator,
      busy: busy / TICKS_PER_SECOND,
      total: (busy + idle! + iowait!) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

/** The figures between two readings, in cores (seconds of CPU per second). */
export function cpuLine(before: CpuReading | null, after: CpuReading | null) {
  if (!before || !after) return "CPU: not measured (no /proc)";
  const seconds = (after.at - before.at) / 1000;
  const cores = (a: number, b: number) => ((b - a) / seconds).toFixed(2);
  const busy = after.busy - before.busy;
  const rest = busy - (after.servers - before.servers) - (after.generator - before.generator);
  const idle = 100 * (1 - busy / (after.total - before.total));
  return (
    `CPU in cores: server ${cores(before.servers, after.servers)}, generator ` +
    `${cores(before.generator, after.generator)}, the rest (Postgres…) ${(rest / seconds).toFixed(2)}; ` +
    `machine idle ${idle.toFixed(0)} %`
  );
}

function processSeconds(pid: number): number {
  // After the command (in parentheses, which may hold spaces): state is field 3, utime 14, stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The event loop delay is sampled by a timer this often. */
const DELAY_RESOLUTION_MS = 10;

/**
 * Watches this process's event loop from now on: a load generator's own delays are in every
 * latency it measures. `ms(p)` is how late the timer was at percentile `p`: the histogram holds
 * the intervals between its ticks, resolution included.
 */
export function watchEventLoop() {
  const histogram = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  histogram.enable();
  return {
    stop: () => histogram.disable(),
    ms: (percentile: number) =>
      Math.max(0, histogram.percentile(percentile) / 1e6 - DELAY_RESOLUTION_MS),
  };
}
