/**
 * Two builds of the client by turns on one seeded board, for the probes that ask "is this
 * build faster than that one" (scripts/probes/open-ab.ts, reload-trace.ts): one production
 * server on the benchmark's data (bench-server.ts), the builds swapped in as dist/client
 * (served-builds.ts), and each turn a person in an empty browser at the board's address. The
 * order alternates by round, so neither build always goes first.
 */
import path from "node:path";
import type { Browser } from "@playwright/test";
import { startBenchSystem } from "./bench-server.ts";
import { launchBrowser, newPerson } from "./browser-figures.ts";
import { ServedBuilds } from "./served-builds.ts";

export type BuildName = "before" | "after";

type Turn = {
  name: BuildName;
  round: number;
  browser: Browser;
  person: Awaited<ReturnType<typeof newPerson>>;
  boardUrl: string;
};

/**
 * The builds a probe's `--before <dir>` and `--after <dir>` name, checked (each must hold a
 * built client); exits with a message when `--before` is missing or a folder holds no build.
 */
export function twoBuilds(root: string, args: { before?: string | undefined; after: string }) {
  if (!args.before) {
    console.error(
      "--before takes the folder of the build to compare with (see the top of the file)",
    );
    process.exit(2);
  }
  const builds = { before: path.resolve(args.before), after: path.resolve(args.after) };
  try {
    return new ServedBuilds<BuildName>(root, builds);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}

/**
 * Seeds one workspace (`tasks` across `projects`), then runs `turn` for each build in each
 * round on the first project's board; the person's browser closes after each turn, and the
 * served folder is put back at the end.
 */
export async function byTurnsOnBoard(
  served: ServedBuilds<BuildName>,
  options: { tasks: number; projects: number; rounds: number; label: string },
  turn: (turn: Turn) => Promise<void>,
) {
  const seed = { tasks: options.tasks, projects: options.projects, even: true, members: 5 };
  try {
    const system = await startBenchSystem([
      { key: "board", options: { ...seed, seed: 20260601, label: options.label } },
    ]);
    const browser = await launchBrowser();
    try {
      const workspace = system.workspaces.get("board");
      const project = workspace?.projects[0];
      if (!workspace || !project) throw new Error("nothing seeded");
      const boardUrl = `/dashboard/workspace/${workspace.workspaceId}/project/${project.id}/board`;
      for (let round = 0; round < options.rounds; round++) {
        const order: BuildName[] = round % 2 === 0 ? ["before", "after"] : ["after", "before"];
        for (const name of order) {
          served.serve(name);
          const person = await newPerson(browser, system.baseUrl, workspace.sessions[0]);
          try {
            await turn({ name, round, browser, person, boardUrl });
          } finally {
            await person.context.close();
          }
        }
      }
    } finally {
      await browser.close();
      await system.stop();
    }
  } finally {
    served.restore();
  }
}
