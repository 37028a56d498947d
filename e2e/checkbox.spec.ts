import { expect, test, type Locator, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts.ts";
import { ownerOfNewProject } from "./support/sync.ts";

// The shared checkbox, in both themes: an open box on the surface with an edge of its own
// colour (3:1, theme-contrast.test.ts), and the accent once checked. The light theme used to
// draw the unchecked box as a dark filled square.

/** The colour a token resolves to on this page, as getComputedStyle writes colours. */
async function token(page: Page, name: string): Promise<string> {
  return page.evaluate((variable) => {
    const probe = document.createElement("div");
    probe.style.color = `var(${variable})`;
    document.body.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return value;
  }, name);
}

const look = (box: Locator) =>
  box.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, border: style.borderTopColor };
  });

for (const theme of ["dark", "light"] as const) {
  test(`in the ${theme} theme a checkbox is an open box until checked, then the accent`, async ({
    page,
  }) => {
    await page.addInitScript(
      (chosen) => localStorage.setItem("user-preferences", JSON.stringify({ theme: chosen })),
      theme,
    );
    const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Checkbox workspace", {
      owner: { name: "Cleo Check", email: uniqueEmail("checkbox") },
      project: { name: "Boxes", key: "BOX" },
    });
    await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/backlog`);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await page.getByLabel("New task title").fill("Tick me");
    await page.getByLabel("New task title").press("Enter");

    const selectAll = page.getByRole("checkbox", { name: "Select all" });
    await expect(selectAll).toBeEnabled();
    expect(await look(selectAll)).toEqual({
      background: await token(page, "--color-surface"),
      border: await token(page, "--color-control-border"),
    });

    await selectAll.check();
    const accent = await token(page, "--color-accent");
    await expect.poll(() => look(selectAll)).toEqual({ background: accent, border: accent });
  });
}
