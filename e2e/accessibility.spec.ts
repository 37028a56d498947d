import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signedInPerson } from "./support/accounts.ts";
import { mutation, pushMutations } from "./support/sync-push.ts";
import { createProjectThroughSync, createTasksThroughSync } from "./support/sync.ts";

/**
 * axe-core on the screens people use most, in both themes: no serious or critical violation on
 * sign-in, the board, the list, the backlog, the calendar, a task page, members and preferences.
 */

type Theme = "dark" | "light";

async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript(
    (chosen) => localStorage.setItem("user-preferences", JSON.stringify({ theme: chosen })),
    theme,
  );
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

for (const theme of ["dark", "light"] as const) {
  test(`sign-in has no serious or critical axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await page.goto("/auth/sign-in");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the project's screens, members and preferences have no serious or critical axe violations in the ${theme} theme`, async ({
    browser,
  }) => {
    const person = await signedInPerson(`axe-${theme}`);
    const context = await browser.newContext();
    await context.addCookies(person.cookies);
    const page = await context.newPage();
    await useTheme(page, theme);
    const projectId = await createProjectThroughSync(page.request, person.workspaceId, {
      name: "Website Redesign",
      key: "WEB",
    });
    const [firstTask, secondTask] = await createTasksThroughSync(
      page.request,
      projectId,
      "Draft the page",
      6,
    );
    // One task due today, so the calendar shows a task in the month as well as undated ones.
    const today = new Date();
    const dueToday = [
      today.getFullYear(),
      String(today.getMonth() + 1).padStart(2, "0"),
      String(today.getDate()).padStart(2, "0"),
    ].join("-");
    await pushMutations(page.request, [
      mutation("updateTask", {
        id: secondTask ?? "",
        dueDate: dueToday,
        updatedAt: new Date().toISOString(),
      }),
      mutation("updateTask", {
        id: firstTask ?? "",
        description:
          "## Goal\n\nA page people **read**.\n\n> Quote\n\n- [ ] write copy\n- [x] pick fonts\n\n`code`",
        updatedAt: new Date().toISOString(),
      }),
    ]);
    const projectUrl = `/dashboard/workspace/${person.workspaceId}/project/${projectId}`;

    const screens: { name: string; url: string; ready: () => Promise<void> }[] = [
      {
        name: "board",
        url: `${projectUrl}/board`,
        ready: () => expect(page.getByRole("link", { name: /Draft the page 1/ })).toBeVisible(),
      },
      {
        name: "list",
        url: `${projectUrl}/list`,
        ready: () => expect(page.getByText("Draft the page 1").first()).toBeVisible(),
      },
      {
        name: "backlog",
        url: `${projectUrl}/backlog`,
        ready: () => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
      },
      {
        name: "calendar",
        url: `${projectUrl}/calendar`,
        ready: () =>
          expect(page.getByRole("gridcell", { name: /, today, / }).getByRole("link")).toHaveText(
            /Draft the page 2/,
          ),
      },
      {
        name: "task page",
        url: `${projectUrl}/task/${firstTask}`,
        ready: () =>
          expect(page.getByRole("heading", { level: 2, name: "Goal" }).first()).toBeVisible(),
      },
      {
        name: "members",
        url: `/dashboard/workspace/${person.workspaceId}/members`,
        ready: () => expect(page.getByText("axe-" + theme + " Tester").first()).toBeVisible(),
      },
      {
        name: "preferences",
        url: "/dashboard/settings/account/preferences",
        ready: () => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
      },
      {
        name: "workflow",
        url: `/dashboard/settings/projects/${projectId}/workflow`,
        ready: () =>
          expect(page.getByRole("textbox", { name: "Name of status In review" })).toBeVisible(),
      },
    ];
    for (const screen of screens) {
      await test.step(screen.name, async () => {
        await page.goto(screen.url);
        await screen.ready();
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        expect(await seriousViolations(page), screen.name).toEqual([]);
      });
    }
    await context.close();
  });
}
