import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";

/**
 * The design system's components (client/ui/) on their gallery, /dev/ui: every property picker
 * by keyboard and by pointer, the menu and the dialog, the lazy chunks, and axe-core in both
 * themes. No sign-in: the gallery runs on sample data.
 */

async function openGallery(page: Page, theme: "dark" | "light" = "dark") {
  await page.addInitScript(
    (chosen) => localStorage.setItem("user-preferences", JSON.stringify({ theme: chosen })),
    theme,
  );
  await page.goto("/dev/ui");
  await expect(page.getByRole("heading", { level: 1, name: "Design system" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

/** A picker's trigger in the gallery's row of chips, by its property ("Status: In progress"). */
function picker(page: Page, property: string): Locator {
  return page
    .getByRole("group", { name: "Task properties" })
    .getByRole("combobox", { name: new RegExp(`^${property}:`) });
}

const chosen = (page: Page, property: string) => page.getByTestId(`value-${property}`);
const listbox = (page: Page) => page.getByRole("listbox");

/** The option the arrows have reached (Base UI keeps focus in the filter field). */
const highlighted = (page: Page) => page.locator("[role=option][data-highlighted]");

/** `YYYY-MM-DD` of today plus `days`, in the browser's time zone (the picker's "today"). */
function dayFromToday(page: Page, days: number): Promise<string> {
  return page.evaluate((offset) => {
    const moment = new Date();
    moment.setDate(moment.getDate() + offset);
    const month = String(moment.getMonth() + 1).padStart(2, "0");
    const date = String(moment.getDate()).padStart(2, "0");
    return `${moment.getFullYear()}-${month}-${date}`;
  }, days);
}

test.describe("the status picker", () => {
  test("by keyboard: Enter opens it, typing filters, Enter picks, focus returns to the trigger", async ({
    page,
  }) => {
    await openGallery(page);
    const trigger = picker(page, "Status");
    await expect(trigger).toHaveAccessibleName("Status: In progress");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const filter = page.getByRole("combobox", { name: "Filter statuses" });
    await expect(filter).toBeFocused();
    // The current status is where the arrows start.
    await expect(highlighted(page)).toHaveText("In progress");

    await page.keyboard.type("re");
    await expect(listbox(page).getByRole("option")).toHaveText(["In progress", "In review"]);
    await page.keyboard.press("ArrowDown");
    await expect(highlighted(page)).toHaveText("In review");
    await page.keyboard.press("Enter");

    await expect(listbox(page)).toHaveCount(0);
    await expect(chosen(page, "status")).toHaveText("In review");
    await expect(trigger).toHaveAccessibleName("Status: In review");
    await expect(trigger).toBeFocused();
  });

  test("by pointer: a click opens it and a click on a status picks it", async ({ page }) => {
    await openGallery(page);
    await picker(page, "Status").click();
    await expect(listbox(page).getByRole("option")).toHaveText([
      "Planned",
      "To do",
      "In progress",
      "In review",
      "Done",
      "Archived",
    ]);
    await expect(listbox(page).getByRole("option", { name: "In progress" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await listbox(page).getByRole("option", { name: "Done" }).click();
    await expect(listbox(page)).toHaveCount(0);
    await expect(chosen(page, "status")).toHaveText("Done");
  });

  test("opens from outside, as a shortcut will, with the filter ready for typing", async ({
    page,
  }) => {
    await openGallery(page);
    await page.getByRole("button", { name: "Open the status picker" }).click();
    await expect(page.getByRole("combobox", { name: "Filter statuses" })).toBeFocused();
    await page.keyboard.type("plan");
    await page.keyboard.press("Enter");
    await expect(chosen(page, "status")).toHaveText("Planned");
  });
});

test.describe("every picker", () => {
  const pickers = [
    ["Status", "status", "In progress"],
    ["Priority", "priority", "High"],
    ["Assignee", "assignee", "Grace Hopper"],
    ["Labels", "labels", "Bug, Design"],
    ["Due date", "due-date", "None"],
  ] as const;

  for (const [property, value, initial] of pickers) {
    test(`${property}: Esc closes it, changes nothing and gives focus back to the trigger`, async ({
      page,
    }) => {
      await openGallery(page);
      const trigger = picker(page, property);
      await trigger.focus();
      await page.keyboard.press("ArrowDown");
      await expect(listbox(page)).toBeVisible();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Escape");
      await expect(listbox(page)).toHaveCount(0);
      await expect(trigger).toBeFocused();
      await expect(chosen(page, value)).toHaveText(initial);
    });
  }

  test("a click outside closes a picker without a change", async ({ page }) => {
    await openGallery(page);
    await picker(page, "Priority").click();
    await expect(listbox(page)).toBeVisible();
    await page.getByRole("heading", { level: 2, name: "Buttons" }).click();
    await expect(listbox(page)).toHaveCount(0);
    await expect(chosen(page, "priority")).toHaveText("High");
  });

  test("a click on the trigger of an open picker closes it, and the next opens it again", async ({
    page,
  }) => {
    await openGallery(page);
    const trigger = picker(page, "Assignee");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    await expect(listbox(page)).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    // The popup the trigger names is the one that is open.
    const popup = page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`);
    await expect(popup).toHaveAccessibleName("Assign");
    await trigger.click();
    await expect(listbox(page)).toHaveCount(0);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    await expect(listbox(page)).toBeVisible();
    await expect(highlighted(page)).toHaveText("Grace Hopper");
    await page.keyboard.press("Escape");
    await expect(listbox(page)).toHaveCount(0);
    await expect(chosen(page, "assignee")).toHaveText("Grace Hopper");
  });

  test("a picker opened while another is still closing keeps the focus", async ({ page }) => {
    await openGallery(page);
    await picker(page, "Labels").click();
    await page.getByRole("option", { name: "Bug" }).click();
    // Esc, and at once a click on the next picker: the first is still closing as it opens.
    await page.evaluate(() => {
      const escape = { key: "Escape", code: "Escape", bubbles: true };
      document.activeElement?.dispatchEvent(new KeyboardEvent("keydown", escape));
      document.querySelector<HTMLElement>('[aria-label^="Due date:"]')?.click();
    });
    const dueDateField = page.getByRole("combobox", { name: /type a date/ });
    await expect(dueDateField).toBeFocused();
    // The labels popup has finished closing: its focus went nowhere, the field still has it.
    await expect(page.getByRole("dialog", { name: "Change labels" })).toHaveCount(0);
    await page.waitForTimeout(100);
    await expect(dueDateField).toBeFocused();
    await page.keyboard.type("tomorrow");
    await expect(highlighted(page)).toHaveText(/Tomorrow/);
  });
});

test.describe("the priority picker", () => {
  test("by keyboard: the arrows walk the levels in Linear's order", async ({ page }) => {
    await openGallery(page);
    const trigger = picker(page, "Priority");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(listbox(page).getByRole("option")).toHaveText([
      "No priority",
      "Urgent",
      "High",
      "Medium",
      "Low",
    ]);
    await expect(highlighted(page)).toHaveText("High");
    await page.keyboard.press("ArrowUp");
    await expect(highlighted(page)).toHaveText("Urgent");
    await page.keyboard.press("Enter");
    await expect(chosen(page, "priority")).toHaveText("Urgent");
    await expect(trigger).toHaveAccessibleName("Priority: Urgent");
    await expect(trigger).toBeFocused();
  });

  test("by pointer", async ({ page }) => {
    await openGallery(page);
    await picker(page, "Priority").click();
    await listbox(page).getByRole("option", { name: "No priority" }).click();
    await expect(chosen(page, "priority")).toHaveText("No priority");
  });
});

test.describe("the assignee picker", () => {
  test("offers Unassigned and Assign to me, found by typing", async ({ page }) => {
    await openGallery(page);
    const trigger = picker(page, "Assignee");
    await trigger.focus();
    await page.keyboard.press("Enter");
    // By their names: the initials of the avatars beside them are decoration.
    await expect(listbox(page)).toMatchAriaSnapshot(`
      - listbox:
        - option "Unassigned"
        - option "Assign to me"
        - option "Ada Lovelace"
        - option "Grace Hopper" [selected]
        - option "Alan Turing"
        - option "Katherine Johnson"
        - option "Margaret Hamilton"
        - option "Linus Torvalds"
    `);
    await page.keyboard.type("assign to");
    await expect(listbox(page).getByRole("option")).toHaveAccessibleName("Assign to me");
    await page.keyboard.press("Enter");
    await expect(chosen(page, "assignee")).toHaveText("Ada Lovelace");
    await expect(trigger).toHaveAccessibleName("Assignee: Ada Lovelace");
    await expect(trigger).toBeFocused();

    // Assigned to me already: the offer is gone.
    await page.keyboard.press("Enter");
    await expect(listbox(page).getByRole("option", { name: "Assign to me" })).toHaveCount(0);
    await page.keyboard.type("unass");
    await page.keyboard.press("Enter");
    await expect(chosen(page, "assignee")).toHaveText("Unassigned");
  });

  test("by pointer, with initials or a picture for each person", async ({ page }) => {
    await openGallery(page);
    await picker(page, "Assignee").click();
    const alan = listbox(page).getByRole("option", { name: "Alan Turing" });
    await expect(alan.locator(".ui-avatar")).toHaveText("AT");
    await expect(
      listbox(page).getByRole("option", { name: "Grace Hopper" }).locator("img"),
    ).toBeVisible();
    await alan.click();
    await expect(chosen(page, "assignee")).toHaveText("Alan Turing");
  });
});

test.describe("the labels picker", () => {
  test("by keyboard: several labels in one visit, and a new one from what was typed", async ({
    page,
  }) => {
    await openGallery(page);
    const trigger = picker(page, "Labels");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const filter = page.getByRole("combobox", { name: "Filter labels" });
    await expect(filter).toBeFocused();

    await page.keyboard.type("feat");
    await page.keyboard.press("Enter");
    await expect(chosen(page, "labels")).toHaveText("Bug, Feature, Design");
    // The list stays open for the next label, the filter emptied.
    await expect(listbox(page)).toBeVisible();
    await expect(filter).toHaveValue("");

    await page.keyboard.type("bug");
    await page.keyboard.press("Enter");
    await expect(chosen(page, "labels")).toHaveText("Feature, Design");

    await page.keyboard.type("Infra");
    await expect(listbox(page).getByRole("option")).toHaveText(["Create label “Infra”"]);
    await page.keyboard.press("Enter");
    await expect(chosen(page, "labels")).toHaveText("Feature, Design, Infra");
    // Typing a name that exists (in any case) offers no creation.
    await page.keyboard.type("DESIGN");
    await expect(listbox(page).getByRole("option")).toHaveText(["Design"]);

    await page.keyboard.press("Escape");
    await expect(listbox(page)).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAccessibleName("Labels: Feature, Design, Infra");
  });

  test("by pointer: a click checks or unchecks a label", async ({ page }) => {
    await openGallery(page);
    await picker(page, "Labels").click();
    const docs = listbox(page).getByRole("option", { name: "Documentation" });
    await docs.click();
    await expect(docs).toHaveAttribute("aria-selected", "true");
    await expect(chosen(page, "labels")).toHaveText("Bug, Design, Documentation");
    await listbox(page).getByRole("option", { name: "Bug" }).click();
    await expect(chosen(page, "labels")).toHaveText("Design, Documentation");
  });
});

test.describe("the due date picker", () => {
  test("by keyboard: a quick choice, a typed date, then Clear", async ({ page }) => {
    await openGallery(page);
    const trigger = picker(page, "Due date");
    await expect(trigger).toHaveAccessibleName("Due date: No due date");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(listbox(page).getByRole("option")).toHaveText([
      /^Today/,
      /^Tomorrow/,
      /^Next week/,
    ]);
    await page.keyboard.type("tomor");
    await page.keyboard.press("Enter");
    await expect(chosen(page, "due-date")).toHaveText(await dayFromToday(page, 1));
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await page.keyboard.type("3 days");
    await expect(listbox(page).getByRole("option")).toHaveCount(1);
    await page.keyboard.press("Enter");
    await expect(chosen(page, "due-date")).toHaveText(await dayFromToday(page, 3));
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await page.keyboard.type("clear");
    await expect(listbox(page).getByRole("option")).toHaveText([/^Clear/]);
    await page.keyboard.press("Enter");
    await expect(chosen(page, "due-date")).toHaveText("None");
    await expect(trigger).toHaveAccessibleName("Due date: No due date");
  });

  test("a typed day that has just passed is that day, so a task can be made overdue", async ({
    page,
  }) => {
    // A Wednesday, the 2nd of December.
    await page.clock.setFixedTime(new Date(2026, 11, 2, 10));
    await openGallery(page);
    await picker(page, "Due date").focus();
    await page.keyboard.press("Enter");
    // Typed once the picker is open with its quick choices, as in the test above.
    await expect(listbox(page).getByRole("option")).toHaveCount(3);

    await page.keyboard.type("Dec 1");
    await expect(listbox(page).getByRole("option")).toHaveCount(1);
    await page.keyboard.press("Enter");

    await expect(chosen(page, "due-date")).toHaveText("2026-12-01");
  });

  test("by keyboard in the month: Tab reaches the days, the arrows move, Enter picks", async ({
    page,
  }) => {
    await openGallery(page);
    const trigger = picker(page, "Due date");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const calendar = page.getByRole("grid");
    await expect(calendar).toBeVisible();
    // Past the month's two navigation buttons to today.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(calendar.getByRole("button", { name: /^Today,/ })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(listbox(page)).toHaveCount(0);
    await expect(chosen(page, "due-date")).toHaveText(await dayFromToday(page, 7));
    await expect(trigger).toBeFocused();
  });

  test("by pointer: a day of the month, shown on the trigger", async ({ page }) => {
    await openGallery(page);
    await picker(page, "Due date").click();
    const nextMonth = page.getByRole("button", { name: "Go to the Next Month" });
    await nextMonth.click();
    const fifteenth = page.getByRole("grid").getByRole("button", { name: /15th/ });
    await fifteenth.click();
    const day = await chosen(page, "due-date").textContent();
    expect(day).toMatch(/^\d{4}-\d{2}-15$/);
    const expected = new Date(`${day}T12:00:00`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      ...(day?.slice(0, 4) === String(new Date().getFullYear()) ? {} : { year: "numeric" }),
    });
    await expect(picker(page, "Due date")).toHaveAccessibleName(`Due date: ${expected}`);
  });

  test("the month's code is fetched when the picker first opens, not with the page", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
    });
    await openGallery(page);
    expect(scripts.some((url) => url.includes("/ui-gallery-"))).toBe(true);
    expect(scripts.some((url) => url.includes("/due-date-calendar-"))).toBe(false);
    await picker(page, "Due date").click();
    await expect(page.getByRole("grid")).toBeVisible();
    expect(scripts.some((url) => url.includes("/due-date-calendar-"))).toBe(true);
  });
});

test.describe("menu, dialog and tooltip", () => {
  test("the menu by keyboard: arrows, a submenu with its choices, Enter acts", async ({ page }) => {
    await openGallery(page);
    const actions = page.getByRole("button", { name: "Actions" });
    await actions.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Copy link" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Status" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("menuitemradio", { name: "Planned" })).toBeFocused();
    await expect(page.getByRole("menuitemradio", { name: "To do" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await page.keyboard.press("ArrowLeft");
    await expect(menu.getByRole("menuitem", { name: "Status" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(page.getByTestId("value-menu")).toHaveText("Last action: Duplicate");
    await expect(actions).toBeFocused();
  });

  test("the dialog keeps focus inside and gives it back on Esc", async ({ page }) => {
    await openGallery(page);
    const open = page.getByRole("button", { name: "Open dialog" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Rename project" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription("The key of its tasks stays as it is.");
    for (let step = 0; step < 5; step++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
  });

  test("on a phone the dialog fills the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openGallery(page);
    await page.getByRole("button", { name: "Open dialog" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename project" });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  });

  test("an icon button's name shows as its tooltip, with its shortcut", async ({ page }) => {
    await openGallery(page);
    await page.getByRole("button", { name: "Toggle sidebar" }).hover();
    const tooltip = page.locator(".ui-tooltip");
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveText("Toggle sidebarCtrlB");
  });
});

for (const theme of ["dark", "light"] as const) {
  test(`axe finds nothing serious or critical in the ${theme} theme, closed or open`, async ({
    page,
  }) => {
    await openGallery(page, theme);
    const seriousViolations = async () => {
      const results = await new AxeBuilder({ page }).analyze();
      return results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => ({
          rule: violation.id,
          nodes: violation.nodes.map((node) => node.target.join(" ")),
        }));
    };
    expect(await seriousViolations()).toEqual([]);

    await picker(page, "Assignee").click();
    await expect(listbox(page)).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    await page.keyboard.press("Escape");

    await picker(page, "Due date").click();
    await expect(page.getByRole("grid")).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Actions" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Open dialog" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });
}
