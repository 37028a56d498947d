/**
 * `npx tsx scripts/probes/reload-coverage.ts [--tasks 800] [--settle 8000] [--build dist/client]
 *  [--package zod …]`:
 * what a warm reload of the board runs. The heap of a loaded board is mostly compiled code, and
 * compiled code grows with the functions that run (docs/performance/first-load-2026-12-06.md,
 * "Third pass"). After a first sync into a fresh browser, the board is reloaded under Chrome's
 * precise coverage until `settle` ms after its first card; each function that ran is mapped to
 * its package or source file through the build's source maps. Prints the scripts the reload
 * fetched and the functions run per package and per file of ours. Runs against the build in
 * dist/client (`npx vite build` first; `--build` serves another folder by turns' renaming, as
 * open-ab.ts does).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startBoardSystem } from "../bench/bench-server.ts";
import { boardReady, launchBrowser, newPerson } from "../bench/browser-figures.ts";
import { SourceMaps } from "../bench/cpu-profile.ts";
import { ServedBuilds } from "../bench/served-builds.ts";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "800" },
    settle: { type: "string", default: "8000" },
    build: { type: "string", default: "dist/client" },
    package: { type: "string", multiple: true, default: [] },
  },
});
const root = path.resolve(import.meta.dirname, "../..");
const clientDir = path.join(root, "dist/client");

/** The part of DevTools' `Profiler.takePreciseCoverage` answer read here. */
type ScriptCoverage = {
  url: string;
  functions: { functionName: string; ranges: { startOffset: number; count: number }[] }[];
};

const { system, workspace, boardUrl } = await startBoardSystem(
  Number(values.tasks),
  `coverage-${values.tasks}`,
);
const served = new ServedBuilds(root, { measured: path.resolve(values.build) });
const browser = await launchBrowser();
try {
  served.serve("measured");
  const maps = new SourceMaps(clientDir);
  const person = await newPerson(browser, system.baseUrl, workspace.sessions[0]!);
  await person.page.goto(boardUrl);
  await boardReady(person.page);
  // Replicache writes what it pulled to IndexedDB within about a second.
  await person.page.waitForTimeout(2500);
  const cdp = await person.context.newCDPSession(person.page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  await person.page.reload();
  await boardReady(person.page);
  await person.page.waitForTimeout(Number(values.settle));
  const { result } = (await cdp.send("Profiler.takePreciseCoverage")) as {
    result: ScriptCoverage[];
  };

  const byPackage = new Map<string, number>();
  const byFile = new Map<string, number>();
  const scripts: string[] = [];
  for (const script of result) {
    if (!script.url.includes("/assets/")) continue;
    const file = path.join(clientDir, new URL(script.url).pathname);
    const text = readFileSync(file, "utf8");
    const lineStarts = [0];
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) {
      lineStarts.push(at + 1);
    }
    const position = (offset: number) => {
      let low = 0;
      let high = lineStarts.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if ((lineStarts[mid] ?? 0) <= offset) low = mid;
        else high = mid - 1;
      }
      return { lineNumber: low, columnNumber: offset - (lineStarts[low] ?? 0) };
    };
    let ran = 0;
    for (const fn of script.functions) {
      const range = fn.ranges[0];
      // The script's own top level (offset 0, no name) is not a function of any module.
      if (!range || range.count === 0 || (range.startOffset === 0 && !fn.functionName)) continue;
      ran += 1;
      const place = maps.place({
        functionName: fn.functionName || "(anonymous)",
        url: script.url,
        ...position(range.startOffset),
      });
      byPackage.set(place.module, (byPackage.get(place.module) ?? 0) + 1);
      byFile.set(place.file, (byFile.get(place.file) ?? 0) + 1);
    }
    scripts.push(`${path.basename(file)} (${(text.length / 1024).toFixed(0)} KB, ${ran} run)`);
  }
  const total = [...byPackage.values()].reduce((sum, count) => sum + count, 0);
  const top = (counts: Map<string, number>, keep: (name: string) => boolean, count: number) =>
    [...counts]
      .filter(([name]) => keep(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, runs]) => `  ${String(runs).padStart(6)}  ${name}`);
  console.log(`\nScripts the reload fetched (${scripts.length}):`);
  for (const line of scripts) console.log(`  ${line}`);
  console.log(`\nFunctions run from the reload to ${values.settle} ms after the board: ${total}`);
  console.log("-- by package (our own files each count as one)");
  for (const line of top(byPackage, () => true, 30)) console.log(line);
  console.log("-- our files");
  for (const line of top(byFile, (name) => /(^|\/)(client|shared)\//.test(name), 30)) {
    console.log(line);
  }
  for (const name of values.package) {
    console.log(`-- files of ${name}`);
    for (const line of top(byFile, (file) => file.startsWith(`${name}/`), 40)) {
      console.log(line);
    }
  }
} finally {
  served.restore();
  await browser.close();
  await system.stop();
}
