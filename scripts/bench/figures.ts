import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
/**
 * A figure of the benchmark: its samples, their median and p95, and the budget it is held to.
 * Collected in one list, printed as one table and written as JSON.
 */

export type Budget = {
  /** As DESIGN.md states it. */
  text: string;
  /** Which statistic the budget is about. */
  stat: "p50" | "p95";
  /** Within when the statistic is below (`under`) or above (`over`) the limit. */
  kind: "under" | "over";
  limit: number;
};

export type Figure = {
  name: string;
  unit: "ms" | "KB" | "MB" | "mutations/s";
  samples: number[];
  /** Null when not measured; `note` says why. */
  median: number | null;
  p95: number | null;
  budget: Budget | null;
  verdict: "within" | "over" | "—";
  note?: string;
};

/** The value at quantile q of sorted samples, linearly interpolated between neighbours. */
export function quantile(samples: number[], q: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const a = sorted[low] ?? 0;
  const b = sorted[high] ?? a;
  return a + (b - a) * (at - low);
}

/** "label: median 24 ms, p95 32 ms  (each figure)": a tool's line for one input's times. */
export function msSummary(label: string, figures: number[]): string {
  const at = (q: number) => (quantile(figures, q) ?? 0).toFixed(0);
  const all = figures.map((figure) => figure.toFixed(0)).join(" ");
  return `${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms  (${all})`;
}

export class Figures {
  readonly list: Figure[] = [];

  add(
    name: string,
    unit: Figure["unit"],
    samples: number[],
    budget: Budget | null = null,
    note?: string,
  ): Figure {
    const median = quantile(samples, 0.5);
    const p95 = quantile(samples, 0.95);
    let verdict: Figure["verdict"] = "—";
    const stat = budget?.stat === "p50" ? median : p95;
    if (budget && stat !== null) {
      const within = budget.kind === "under" ? stat < budget.limit : stat > budget.limit;
      verdict = within ? "within" : "over";
    }
    const figure: Figure = { name, unit, samples, median, p95, budget, verdict };
    if (note) figure.note = note;
    this.list.push(figure);
    const shown = median === null ? `n/a${note ? ` (${note})` : ""}` : format(median, unit);
    console.log(`  ${name}: ${shown}`);
    return figure;
  }

  /** A Markdown table, readable in a terminal and pasteable into the README. */
  table(): string {
    const rows = [
      ["figure", "median", "p95", "runs", "budget", "within?"],
      ...this.list.map((f) => [
        f.name,
        f.median === null ? `n/a${f.note ? ` (${f.note})` : ""}` : format(f.median, f.unit),
        f.p95 === null || f.samples.length < 2 ? "—" : format(f.p95, f.unit),
        String(f.samples.length),
        f.budget?.text ?? "—",
        f.verdict,
      ]),
    ];
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
    const line = (row: string[]) =>
      `| ${row.map((cell, i) => cell.padEnd(widths?.[i] ?? 0)).join(" | ")} |`;
    const [head, ...body] = rows;
    if (!head) return "";
    return [
      line(head),
      `|${widths?.map((w) => "-".repeat(w + 2)).join("|")}|`,
      ...body.map(line),
    ].join("\n");
  }
}

export function format(value: number, unit: Figure["unit"]): string {
  if (unit === "mutations/s") return `${Math.round(value)} mutations/s`;
  if (unit === "KB" || unit === "MB") return `${value.toFixed(1)} ${unit}`;
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
}

/** The budgets of DESIGN.md ("Budgets"). */
export const budgets = {
  localPaint: { text: "p95 < 16 ms", stat: "p95", kind: "under", limit: 16 },
  remoteVisible: { text: "p95 < 150 ms", stat: "p95", kind: "under", limit: 150 },
  reload: { text: "< 1 s", stat: "p95", kind: "under", limit: 1000 },
  firstSync: { text: "< 3 s", stat: "p95", kind: "under", limit: 3000 },
  openProject: { text: "< 2 s", stat: "p95", kind: "under", limit: 2000 },
  heap: { text: "< 150 MB", stat: "p50", kind: "under", limit: 150 },
  // Issue 19: the input's Event Timing duration (input to the next paint), reported to 8 ms.
  eventDuration: { text: "p95 ≤ 24 ms", stat: "p95", kind: "under", limit: 24.001 },
  noOpPull: { text: "p50 < 30 ms", stat: "p50", kind: "under", limit: 30 },
  push: { text: "> 500 mutations/s", stat: "p50", kind: "over", limit: 500 },
  initialJs: { text: "< 250 KB", stat: "p50", kind: "under", limit: 250 },
} satisfies Record<string, Budget>;

/** Writes a run's figures to bench-results/<kind>-<time>.json; returns the path, relative. */
export function writeResults(kind: string, figures: object): string {
  const outDir = path.resolve("bench-results");
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${kind}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(figures, null, 1));
  return path.relative(process.cwd(), file);
}
