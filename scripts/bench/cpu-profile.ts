/**
 * Reading a Chrome DevTools CPU profile (`Profiler.stop`) of the built client: positions mapped
 * back to the sources through the build's source maps (decoded here, so no dependency), then
 * the functions and the files that take the most time. Self time is time in the function
 * itself; total time also counts what it called (a function on the stack twice counts once).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The parts of DevTools' `Profiler.Profile` read here. */
export type CallFrame = {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
};
export type Profile = {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  /** µs, of the profiler's own clock. */
  startTime?: number;
  samples?: number[];
  timeDeltas?: number[];
};

type SourceMap = { sources: string[]; names: string[]; mappings: string };
/** Per generated line: segments [column, source, line, column, name?], sorted by column. */
type DecodedMap = { sources: string[]; names: string[]; lines: number[][][] };

const base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const digit = new Map([...base64].map((char, index) => [char, index]));

/** Source map v3 mappings: base64 VLQ, fields relative to the previous segment. */
function decodeMap(map: SourceMap): DecodedMap {
  const lines: number[][][] = [];
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  let name = 0;
  for (const line of map.mappings.split(";")) {
    const segments: number[][] = [];
    let column = 0;
    for (const text of line.split(",")) {
      if (!text) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of text) {
        const bits = digit.get(char) ?? 0;
        value += (bits & 31) << shift;
        if (bits & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length < 4) continue;
      source += fields[1] ?? 0;
      sourceLine += fields[2] ?? 0;
      sourceColumn += fields[3] ?? 0;
      const segment = [column, source, sourceLine, sourceColumn];
      if (fields.length >= 5) {
        name += fields[4] ?? 0;
        segment.push(name);
      }
      segments.push(segment);
    }
    lines.push(segments);
  }
  return { sources: map.sources, names: map.names, lines };
}

/** Where a profiled function is: `module` is a dependency's package, or our file. */
export type Place = { file: string; line: number; column: number; name: string; module: string };

/** Maps positions in the built files under `clientDir` (served at /) back to the sources. */
export class SourceMaps {
  private readonly maps = new Map<string, DecodedMap | null>();

  constructor(private readonly clientDir: string) {}

  place(frame: CallFrame): Place {
    const file = frame.url ? shortUrl(frame.url) : `(${frame.functionName || "program"})`;
    const fallback = {
      file,
      line: frame.lineNumber + 1,
      column: frame.columnNumber + 1,
      name: frame.functionName || "(anonymous)",
      module: file,
    };
    const map = frame.url ? this.mapOf(frame.url) : null;
    const segments = map?.lines[frame.lineNumber];
    if (!map || !segments) return fallback;
    // The last segment at or before the column.
    let low = 0;
    let high = segments.length - 1;
    let found: number[] | undefined;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const segment = segments[mid];
      if (!segment) break;
      if ((segment[0] ?? 0) <= frame.columnNumber) {
        found = segment;
        low = mid + 1;
      } else high = mid - 1;
    }
    if (!found) return fallback;
    const source = map.sources[found[1] ?? 0] ?? "?";
    const mappedName = found[4] === undefined ? undefined : map.names[found[4]];
    const at = source.lastIndexOf("node_modules/");
    const mapped =
      at >= 0 ? source.slice(at + "node_modules/".length) : source.replace(/^(\.\.\/)+/, "");
    return {
      file: mapped,
      module: at >= 0 ? packageOf(mapped) : mapped,
      line: (found[2] ?? 0) + 1,
      column: (found[3] ?? 0) + 1,
      name: frame.functionName ? (mappedName ?? frame.functionName) : "(anonymous)",
    };
  }

  private mapOf(url: string): DecodedMap | null {
    if (this.maps.has(url)) return this.maps.get(url) ?? null;
    let decoded: DecodedMap | null = null;
    try {
      const file = path.join(this.clientDir, new URL(url).pathname);
      if (existsSync(`${file}.map`)) {
        decoded = decodeMap(JSON.parse(readFileSync(`${file}.map`, "utf8")) as SourceMap);
      }
    } catch {
      decoded = null;
    }
    this.maps.set(url, decoded);
    return decoded;
  }
}

function shortUrl(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** A minified dependency (Replicache ships one line) is told apart by its column. */
function labelOf(place: Place): string {
  const where = place.line === 1 ? `${place.line}:${place.column}` : String(place.line);
  return `${place.name}  ${place.file}:${where}`;
}

/** `@scope/name/out/x.js` → `@scope/name`; `replicache/out/x.js` → `replicache`. */
function packageOf(file: string): string {
  const parts = file.split("/");
  return file.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? file);
}

export type Row = { label: string; ms: number };

export type Summary = {
  totalMs: number;
  self: Row[];
  total: Row[];
  byModule: Row[];
};

/** Each node's parent, by node id. */
export function parentsOf(profile: Profile): Map<number, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  return parent;
}

/**
 * The part of a profile whose samples fall from `from` to `to` (µs, the profiler's clock),
 * each sample keeping its time delta.
 */
export function profileWindow(profile: Profile, from: number, to: number): Profile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime ?? 0;
  (profile.samples ?? []).forEach((sample, index) => {
    const delta = profile.timeDeltas?.[index] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    samples.push(sample);
    timeDeltas.push(delta);
  });
  return { ...profile, samples, timeDeltas };
}

/** When the first sample with a function named `name` on its stack was taken (µs), if any. */
export function firstSampleUnder(profile: Profile, name: string): number | undefined {
  const parent = parentsOf(profile);
  const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  const under = (id: number) => {
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      if (names.get(node) === name) return true;
    }
    return false;
  };
  let at = profile.startTime ?? 0;
  const samples = profile.samples ?? [];
  for (let index = 0; index < samples.length; index++) {
    at += profile.timeDeltas?.[index] ?? 0;
    if (under(samples[index] ?? -1)) return at;
  }
  return undefined;
}

/** Self and total time per function, and self time per package or file of ours. */
export function summarise(profiles: Profile[], maps: SourceMaps): Summary {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const byModule = new Map<string, number>();
  let totalMs = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = parentsOf(profile);
    const labels = new Map<number, { label: string; module: string }>();
    const labelFor = (id: number) => {
      let known = labels.get(id);
      if (!known) {
        const frame = nodes.get(id)?.callFrame;
        if (!frame) return { label: "?", module: "?" };
        const place = maps.place(frame);
        known = { label: labelOf(place), module: place.module };
        labels.set(id, known);
      }
      return known;
    };
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    for (let index = 0; index < samples.length; index++) {
      const id = samples[index];
      // A sample's time is the gap to the next sample.
      const ms = (deltas[index + 1] ?? 0) / 1000;
      if (id === undefined || ms <= 0) continue;
      totalMs += ms;
      const leaf = labelFor(id);
      self.set(leaf.label, (self.get(leaf.label) ?? 0) + ms);
      byModule.set(leaf.module, (byModule.get(leaf.module) ?? 0) + ms);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const { label } = labelFor(at);
        if (seen.has(label)) continue;
        seen.add(label);
        total.set(label, (total.get(label) ?? 0) + ms);
      }
    }
  }
  const rows = (map: Map<string, number>) =>
    [...map].map(([label, ms]) => ({ label, ms })).sort((a, b) => b.ms - a.ms);
  return { totalMs, self: rows(self), total: rows(total), byModule: rows(byModule) };
}

export function printSummary(title: string, summary: Summary, top = 25) {
  const line = (row: Row) => `  ${row.ms.toFixed(1).padStart(8)} ms  ${row.label}`;
  console.log(`\n== ${title}: ${summary.totalMs.toFixed(0)} ms sampled`);
  console.log(`-- self time by package / our file`);
  for (const row of summary.byModule.slice(0, 15)) console.log(line(row));
  console.log(`-- self time by function`);
  for (const row of summary.self.slice(0, top)) console.log(line(row));
  console.log(`-- total time by function (with what it calls)`);
  const skip = new Set(["(root)", "(program)", "(idle)", "(garbage collector)"]);
  for (const row of summary.total
    .filter((r) => !skip.has(r.label.split("  ")[0] ?? ""))
    .slice(0, top))
    console.log(line(row));
}

const ours = /^(client|shared)\//;

/**
 * What the main thread did over time, in buckets of `bucketMs` from the profile's start: each
 * sample is put down to the innermost function of ours on its stack (what set the work off),
 * else to the package it ran in, else to idle, program (the browser's own work) or GC.
 */
export function timeline(profile: Profile, maps: SourceMaps, bucketMs = 50): string[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = parentsOf(profile);
  const causes = new Map<number, string>();
  const causeOf = (id: number): string => {
    const known = causes.get(id);
    if (known) return known;
    let cause: string | undefined;
    for (let at: number | undefined = id; at !== undefined && !cause; at = parent.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (!frame?.url) continue;
      const place = maps.place(frame);
      if (ours.test(place.file))
        cause = `${place.name} ${place.file.split("/").pop()}:${place.line}`;
    }
    if (!cause) {
      const frame = nodes.get(id)?.callFrame;
      cause = frame ? maps.place(frame).module : "?";
    }
    causes.set(id, cause);
    return cause;
  };
  const buckets: Map<string, number>[] = [];
  let time = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index++) {
    time += (deltas[index] ?? 0) / 1000;
    const ms = (deltas[index + 1] ?? 0) / 1000;
    const id = samples[index];
    if (id === undefined || ms <= 0) continue;
    const bucket = Math.floor(time / bucketMs);
    const counts = (buckets[bucket] ??= new Map());
    const cause = causeOf(id);
    counts.set(cause, (counts.get(cause) ?? 0) + ms);
  }
  // Leading buckets with no samples (the profiler starting) are left out.
  const first = buckets.findIndex((counts) => counts !== undefined);
  return Array.from(buckets.slice(Math.max(first, 0)), (counts, index) => {
    const bucket = index + Math.max(first, 0);
    const top = [...(counts ?? new Map<string, number>())]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([cause, ms]) => `${cause} ${ms.toFixed(0)}`)
      .join(" | ");
    return `${String(bucket * bucketMs).padStart(6)} ms  ${top}`;
  });
}
