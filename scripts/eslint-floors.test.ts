/**
 * The client's floor order is a lint rule (eslint.config.js, folder zones): imports run one
 * way, app → features → task-parts → platform → ui → lib → shared, and a feature imports no
 * other feature. The server stands on db/, http/, mail/ and auth/, and its areas never on sync/;
 * shared/ imports neither side; and a button is the design system's. Each case lints one line
 * as if written in a file there.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "..") });

/** The messages of the floor rule for `source` imported from `file` (relative to the root). */
async function floorErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import "${source}";\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "boundaries/dependencies")
    .map((message) => message.message);
}

describe("the client's floor order", () => {
  it.each([
    ["client/lib/example.ts", "../platform/preferences/use-preferences.ts"],
    ["client/lib/integrations/example.ts", "../../platform/statuses.ts"],
    ["client/lib/example.ts", "../ui/button.tsx"],
    ["client/lib/example.ts", "../task-parts/task-marks.tsx"],
    ["client/ui/example.tsx", "../platform/statuses.ts"],
    ["client/ui/pickers/example.tsx", "../../task-parts/task-marks.tsx"],
    ["client/platform/sync/example.ts", "../../task-parts/task-marks.tsx"],
    ["client/platform/example.ts", "../features/project/board/board.tsx"],
    ["client/task-parts/example.tsx", "../features/project/board/board.tsx"],
    ["client/task-parts/example.tsx", "../app/router.tsx"],
    ["client/features/task/example.ts", "../../app/router.tsx"],
    ["client/features/task/example.ts", "../../app/shell/app-sidebar.tsx"],
    ["client/features/search/example.ts", "../task/task-properties.tsx"],
    ["client/features/project/board/example.ts", "../../task/task-properties.tsx"],
    ["client/features/settings/account/example.ts", "../../inbox/inbox.tsx"],
    ["shared/example.ts", "../client/lib/due-date.ts"],
  ])("fails %s importing %s", async (file, source) => {
    const errors = await floorErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/imports run one way|imports neither side/i);
  });

  it.each([
    ["client/lib/example.ts", "../../shared/task-position.ts"],
    ["client/lib/example.ts", "./due-date.ts"],
    ["client/ui/example.tsx", "../lib/due-date.ts"],
    ["client/platform/example.ts", "../ui/button.tsx"],
    ["client/task-parts/example.tsx", "../platform/statuses.ts"],
    ["client/features/task/example.ts", "../../task-parts/task-marks.tsx"],
    ["client/features/task/example.ts", "./task-title.tsx"],
    ["client/features/project/board/example.ts", "../cards/task-card.tsx"],
    ["client/app/shell/example.ts", "../../features/project/board/board.tsx"],
    ["client/app/example.tsx", "../features/project/board/board.tsx"],
  ])("lets %s import %s", async (file, source) => {
    expect(await floorErrors(file, source)).toEqual([]);
  });
});

describe("the server's floor", () => {
  it.each([
    ["server/db/example.ts", "../auth/session.ts"],
    ["server/db/example.ts", "../sync/push.ts"],
    ["server/http/example.ts", "../auth/session.ts"],
    ["server/auth/example.ts", "../sync/poke.ts"],
    ["server/auth/example.ts", "../notifications/jobs.ts"],
    ["server/search/example.ts", "../sync/rows/scope-rows.ts"],
    ["server/notifications/example.ts", "../sync/poke.ts"],
    ["shared/example.ts", "../server/auth/session.ts"],
  ])("fails %s importing %s", async (file, source) => {
    const errors = await floorErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/imports only those below it|never on sync/);
  });

  it.each([
    ["server/db/example.ts", "./transaction.ts"],
    ["server/db/example.ts", "../logger.ts"],
    ["server/http/example.ts", "../db/transaction.ts"],
    ["server/auth/example.ts", "../db/notify.ts"],
    ["server/auth/example.ts", "../mail/mailer.ts"],
    ["server/search/example.ts", "../auth/auth-rows.ts"],
    ["server/sync/example.ts", "../auth/auth-rows.ts"],
    ["server/sync/mutations/example.ts", "../rows/task-rows.ts"],
    ["server/presence/example.ts", "../sync/poke.ts"],
    ["server/search/example.test.ts", "../sync/poke.ts"],
    ["shared/mutators/example.ts", "../task-position.ts"],
  ])("lets %s import %s", async (file, source) => {
    expect(await floorErrors(file, source)).toEqual([]);
  });
});

describe("one button", () => {
  /** The messages of the button rule for `jsx` written in `file`. */
  async function buttonErrors(file: string, jsx: string): Promise<string[]> {
    const [result] = await eslint.lintText(`export const element = ${jsx};\n`, { filePath: file });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === "no-restricted-syntax")
      .map((message) => message.message);
  }

  it.each([
    ['<button className="button button-primary">Save</button>'],
    ['<a className="button">Back</a>'],
    ["<label className={`button ${quiet}`}>Upload</label>"],
  ])("fails the old button classes: %s", async (jsx) => {
    const errors = await buttonErrors("client/features/task/example.tsx", jsx);
    expect(errors).toEqual([expect.stringMatching(/client\/ui\/button\.tsx/)]);
  });

  it.each([
    ['<button className="add-task-button">Add</button>'],
    ['<button className="link-button">Undo</button>'],
  ])("lets other classes that name a button be: %s", async (jsx) => {
    expect(await buttonErrors("client/features/task/example.tsx", jsx)).toEqual([]);
  });
});
