import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { generateNKeysBetween } from "fractional-indexing";
import type { TaskPriority, TaskStatus } from "../shared/entities.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { keyboardDragReady, ownerAndMember } from "./support/team.ts";

/**
 * The project calendar: tasks on their due dates in a month (Monday first) or a week, the open
 * ones without a date beside it, dragging to change a due date (seen live by another person),
 * the keyboard, the board's filters, and a phone's list of days.
 *
 * The tasks are due in March 2030 and the calendar is opened on that month by its address
 * (`?date=`), so the days under test never depend on the day the test runs.
 */

type NewTask = {
  title: string;
  dueDate?: string;
  status?: TaskStatus;
  priority?: TaskPriority;
};

/** Tasks of the project in To do (unless said), pushed as the person of `request`. */
async function createTasks(request: APIRequestContext, projectId: string, tasks: NewTask[]) {
  const positions = generateNKeysBetween(null, null, tasks.length);
  await pushMutations(
    request,
    tasks.map((task, index) =>
      mutation("createTask", {
        id: `tsk-${randomUUID()}`,
        projectId,
        title: task.title,
        status: task.status ?? "to-do",
        priority: task.priority,
        dueDate: task.dueDate ?? null,
        position: positions[index] ?? "a0",
        createdAt: now(),
      }),
    ),
  );
}

const calendarUrl = (boardUrl: string, query = "?date=2030-03-12") =>
  boardUrl.replace(/\/board$/, `/calendar${query}`);

async function openCalendar(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await expect(page.getByRole("grid")).toBeVisible();
}

/** A day of the calendar, by how a screen reader names it ("Tuesday, March 12, 2030"). */
const day = (page: Page, name: string) =>
  page.getByRole("gridcell", { name: new RegExp(`^${name}(, today)?, `) });

const undated = (page: Page) => page.getByRole("complementary", { name: /No due date/ });

const chip = (page: Page, title: string) => page.getByRole("link", { name: title });

/** A pointer drag from the middle of `from` to the middle of `to`, in small steps as a hand would. */
async function drag(
  page: Page,
  from: ReturnType<Page["locator"]>,
  to: ReturnType<Page["locator"]>,
) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error("nothing to drag, or nowhere to drop");
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 12, start.y + start.height / 2 + 4, {
    steps: 4,
  });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 20 });
  await page.mouse.up();
}

test("the Calendar tab shows each task on its due date, Monday first, and the undated ones beside", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  const page = await owner.newPage();
  await createTasks(page.request, projectId, [
    { title: "Write the launch post", dueDate: "2030-03-12" },
    { title: "Ship the pricing page", dueDate: "2030-03-12", status: "done" },
    { title: "Plan the offsite", dueDate: "2030-03-31" },
    { title: "Someday: a dark mode" },
    { title: "Finished without a date", status: "done" },
    { title: "Sketch ideas", dueDate: "2030-03-20", status: "planned" },
  ]);
  await page.goto(boardUrl);
  await page
    .getByRole("navigation", { name: "Project views" })
    .getByRole("link", { name: "Calendar" })
    .click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page).toHaveTitle("Calendar · Website");
  await expect(
    page.getByRole("navigation", { name: "Project views" }).getByRole("link", { name: "Calendar" }),
  ).toHaveAttribute("aria-current", "page");
  // `g c` goes there too, as `g b` goes to the board.
  await page.goto(boardUrl);
  await expect(page.getByRole("region", { name: "To do", exact: true })).toBeVisible();
  await page.keyboard.press("g");
  await page.keyboard.press("c");
  await expect(page).toHaveURL(/\/calendar$/);

  await page.goto(calendarUrl(boardUrl));
  await expect(page.getByRole("heading", { level: 2, name: "March 2030" })).toBeVisible();
  const weekdays = page.getByRole("columnheader");
  await expect(weekdays.first()).toHaveAccessibleName("Monday");
  await expect(weekdays.last()).toHaveAccessibleName("Sunday");

  const twelfth = day(page, "Tuesday, March 12, 2030");
  await expect(twelfth).toHaveAccessibleName("Tuesday, March 12, 2030, 2 tasks");
  // Open work first; the done task looks done.
  await expect(twelfth.getByRole("link")).toHaveText([
    /WEB-1\s*Write the launch post/,
    /WEB-2\s*Ship the pricing page/,
  ]);
  await expect(chip(page, "Ship the pricing page")).toHaveAttribute("data-done", "completed");
  await expect(day(page, "Sunday, March 31, 2030").getByRole("link")).toHaveText(
    /Plan the offsite/,
  );
  // The backlog's tasks are the backlog's; finished work has nothing left to schedule.
  await expect(page.getByRole("link", { name: /Sketch ideas/ })).toHaveCount(0);
  await expect(undated(page).getByRole("link")).toHaveText([/Someday: a dark mode/]);

  // Next and previous go a month; Today comes back to this month.
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "April 2030" })).toBeVisible();
  await expect(page).toHaveURL(/date=2030-04-12/);
  await page.getByRole("button", { name: "Previous month" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "March 2030" })).toBeVisible();
  await page.getByRole("button", { name: "Today" }).click();
  const thisMonth = new Date().toLocaleDateString("en-US", { month: "long", year: "numeric" });
  await expect(page.getByRole("heading", { level: 2, name: thisMonth })).toBeVisible();
  await expect(page.getByRole("gridcell", { name: /, today, / })).toBeVisible();

  // Clicking a task opens it in the peek, as on the board (wide enough that the panel leaves
  // the filter bar uncovered).
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto(calendarUrl(boardUrl));
  await chip(page, "Write the launch post").click();
  await expect(page.getByRole("dialog", { name: "Write the launch post" })).toBeVisible();
  await expect(page).toHaveURL(/peek=/);
  // Filtering, and clearing the filters, leave it open.
  await page.getByRole("searchbox", { name: "Filter by text" }).fill("launch");
  await expect(page).toHaveURL(/q=launch/);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page).toHaveURL(/peek=/);
  await expect(page.getByRole("dialog", { name: "Write the launch post" })).toBeVisible();
  await owner.close();
  await member.close();
});

test("the week shows every task of its seven days, and the address keeps the week", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  const page = await owner.newPage();
  await createTasks(
    page.request,
    projectId,
    Array.from({ length: 7 }, (_, index) => ({
      title: `Busy Tuesday ${index + 1}`,
      dueDate: "2030-03-12",
    })),
  );
  await openCalendar(page, calendarUrl(boardUrl));
  // A month's day shows what fits, then "+N more", which opens the day's whole list.
  const twelfth = day(page, "Tuesday, March 12, 2030");
  const more = twelfth.getByRole("button", { name: /more tasks on Tuesday, March 12, 2030/ });
  await expect(more).toBeVisible();
  const shown = await twelfth.getByRole("link").count();
  await expect(more).toHaveText(`+${7 - shown} more`);
  await more.click();
  const list = page.getByRole("dialog", { name: "Tuesday, March 12, 2030" });
  await expect(list.getByRole("link")).toHaveCount(7);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Week", exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(
    page.getByRole("heading", { level: 2, name: /^Mar 11\s*–\s*17, 2030$/ }),
  ).toBeVisible();
  await expect(page.getByRole("gridcell")).toHaveCount(7);
  await expect(day(page, "Tuesday, March 12, 2030").getByRole("link")).toHaveCount(7);
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: /^Mar 18\s*–\s*24, 2030$/ }),
  ).toBeVisible();

  // The address is the view: a reload comes back to the same week.
  await page.reload();
  await expect(
    page.getByRole("heading", { level: 2, name: /^Mar 18\s*–\s*24, 2030$/ }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Week", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await owner.close();
  await member.close();
});

test("dragging a task to another day changes its due date, and another person sees it move", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  const ownerPage = await owner.newPage();
  await createTasks(ownerPage.request, projectId, [
    { title: "Record the demo", dueDate: "2030-03-12" },
  ]);
  const memberPage = await member.newPage();
  await openCalendar(ownerPage, calendarUrl(boardUrl));
  await openCalendar(memberPage, calendarUrl(boardUrl));
  await expect(
    day(memberPage, "Tuesday, March 12, 2030").getByRole("link", { name: /Record the demo/ }),
  ).toBeVisible();

  await drag(
    ownerPage,
    chip(ownerPage, "Record the demo"),
    day(ownerPage, "Thursday, March 21, 2030"),
  );
  await expect(
    day(ownerPage, "Thursday, March 21, 2030").getByRole("link", { name: /Record the demo/ }),
  ).toBeVisible();
  await expect(
    day(ownerPage, "Tuesday, March 12, 2030").getByRole("link", { name: /Record the demo/ }),
  ).toHaveCount(0);

  // The other person's calendar moves the task without a reload.
  await expect(
    day(memberPage, "Thursday, March 21, 2030").getByRole("link", { name: /Record the demo/ }),
  ).toBeVisible();
  await expect(
    day(memberPage, "Tuesday, March 12, 2030").getByRole("link", { name: /Record the demo/ }),
  ).toHaveCount(0);

  // The due date is the task's, on the server too: after a reload the peek says so.
  await memberPage.reload();
  await chip(memberPage, "Record the demo").click();
  await expect(
    memberPage
      .getByRole("dialog", { name: "Record the demo" })
      .getByRole("combobox", { name: /^Due date: / }),
  ).toHaveAccessibleName("Due date: Mar 21, 2030");
  await owner.close();
  await member.close();
});

test("dragging a task from No due date onto a day gives it that due date; dragging it back takes it away", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  const page = await owner.newPage();
  await createTasks(page.request, projectId, [{ title: "Book the venue" }]);
  await openCalendar(page, calendarUrl(boardUrl));
  await expect(undated(page).getByRole("link", { name: /Book the venue/ })).toBeVisible();

  await drag(page, chip(page, "Book the venue"), day(page, "Friday, March 15, 2030"));
  await expect(
    day(page, "Friday, March 15, 2030").getByRole("link", { name: /Book the venue/ }),
  ).toBeVisible();
  await expect(undated(page).getByRole("link")).toHaveCount(0);
  await expect(undated(page)).toContainText("Every open task has a due date.");

  await page.reload();
  await expect(
    day(page, "Friday, March 15, 2030").getByRole("link", { name: /Book the venue/ }),
  ).toBeVisible();

  await drag(page, chip(page, "Book the venue"), undated(page));
  await expect(undated(page).getByRole("link", { name: /Book the venue/ })).toBeVisible();
  await expect(day(page, "Friday, March 15, 2030").getByRole("link")).toHaveCount(0);
  await owner.close();
  await member.close();
});

test("from the keyboard: arrows move the day, Enter opens its first task, Space carries a task to another day", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  const page = await owner.newPage();
  await createTasks(page.request, projectId, [
    { title: "Review the contract", dueDate: "2030-03-13", priority: "low" },
    { title: "Call the lawyer", dueDate: "2030-03-13", priority: "urgent" },
    { title: "Pay the invoice" },
  ]);
  await openCalendar(page, calendarUrl(boardUrl));

  // The grid is one tab stop: the day of the address.
  const twelfth = day(page, "Tuesday, March 12, 2030");
  await twelfth.focus();
  await page.keyboard.press("ArrowRight");
  const thirteenth = day(page, "Wednesday, March 13, 2030");
  await expect(thirteenth).toBeFocused();
  await expect(page).toHaveURL(/date=2030-03-13/);
  await page.keyboard.press("ArrowDown");
  await expect(day(page, "Wednesday, March 20, 2030")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(thirteenth).toBeFocused();

  // Past the month, the month follows.
  await page.keyboard.press("PageDown");
  await expect(page.getByRole("heading", { level: 2, name: "April 2030" })).toBeVisible();
  await expect(day(page, "Saturday, April 13, 2030")).toBeFocused();
  await page.keyboard.press("PageUp");
  await expect(thirteenth).toBeFocused();

  // Enter opens the day's first task (the most urgent) in the peek.
  await page.keyboard.press("Enter");
  const peek = page.getByRole("dialog", { name: "Call the lawyer" });
  await expect(peek).toBeVisible();
  await peek.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Tab goes into the day's tasks; Space picks one up, arrows carry it, Space drops it.
  await thirteenth.focus();
  await page.keyboard.press("Tab");
  await expect(chip(page, "Call the lawyer")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(chip(page, "Review the contract")).toBeFocused();
  await page.keyboard.press("Space");
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
  const twentysecond = day(page, "Friday, March 22, 2030");
  await expect(twentysecond.getByRole("link", { name: /Review the contract/ })).toBeVisible();
  await expect(thirteenth.getByRole("link")).toHaveCount(1);
  await expect(chip(page, "Review the contract")).toBeFocused();

  // Escape puts a picked-up task back where it was.
  await page.keyboard.press("Space");
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Escape");
  await expect(twentysecond.getByRole("link", { name: /Review the contract/ })).toBeVisible();

  // A task from the undated list goes first to the day of the address, then on from there.
  await undated(page)
    .getByRole("link", { name: /Pay the invoice/ })
    .focus();
  await page.keyboard.press("Space");
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(
    day(page, "Tuesday, March 12, 2030").getByRole("link", { name: /Pay the invoice/ }),
  ).toBeVisible();
  await expect(undated(page).getByRole("link")).toHaveCount(0);

  // `d` on a task offers its due date's choices: Clear sends it back to No due date.
  await chip(page, "Pay the invoice").focus();
  await page.keyboard.press("d");
  await page.getByRole("menuitem", { name: "Clear" }).click();
  await expect(undated(page).getByRole("link", { name: /Pay the invoice/ })).toBeVisible();
  await owner.close();
  await member.close();
});

test("the board's filters apply to the calendar and go with it to the board and back", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  const page = await owner.newPage();
  await createTasks(page.request, projectId, [
    { title: "Fix the login bug", dueDate: "2030-03-12", priority: "urgent" },
    { title: "Polish the footer", dueDate: "2030-03-12", priority: "low" },
    { title: "Fix the search bug" },
    { title: "Write the changelog" },
  ]);
  await openCalendar(page, calendarUrl(boardUrl));
  await page.getByRole("searchbox", { name: "Filter by text" }).fill("fix");
  await expect(page).toHaveURL(/q=fix/);
  await expect(page).toHaveURL(/date=2030-03-12/);
  const twelfth = day(page, "Tuesday, March 12, 2030");
  await expect(twelfth.getByRole("link")).toHaveText([/Fix the login bug/]);
  await expect(undated(page).getByRole("link")).toHaveText([/Fix the search bug/]);

  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await page.getByRole("menuitem", { name: "Priority" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Low" }).click();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(twelfth.getByRole("link")).toHaveCount(0);
  await expect(undated(page)).toContainText("No task without a due date matches the filters.");

  // The filters go to the board; the calendar's day stays behind.
  const views = page.getByRole("navigation", { name: "Project views" });
  await views.getByRole("link", { name: "Board" }).click();
  await expect(page).toHaveURL(/\/board\?/);
  await expect(page).toHaveURL(/q=fix/);
  await expect(page).not.toHaveURL(/date=/);
  await views.getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/calendar\?.*q=fix/);
  await owner.close();
  await member.close();
});

test("on a phone the calendar is the week as a list of days, with the undated tasks under it", async ({
  browser,
}) => {
  const { owner, member, projectId, boardUrl } = await ownerAndMember(browser);
  const setup = await owner.newPage();
  await createTasks(setup.request, projectId, [
    { title: "Water the plants", dueDate: "2030-03-14" },
    { title: "Someday: the garden" },
  ]);
  await setup.close();
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState: await owner.storageState(),
  });
  const page = await phone.newPage();
  // A month's address on a phone shows the week of its day.
  await openCalendar(page, calendarUrl(boardUrl));
  await expect(
    page.getByRole("heading", { level: 2, name: /^Mar 11\s*–\s*17, 2030$/ }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Month", exact: true })).toHaveCount(0);
  await expect(page.getByRole("row")).toHaveCount(7);
  await expect(
    day(page, "Thursday, March 14, 2030").getByRole("link", { name: /Water the plants/ }),
  ).toBeVisible();
  // The days are one under the other, the undated tasks under them.
  const monday = await day(page, "Monday, March 11, 2030").boundingBox();
  const sunday = await day(page, "Sunday, March 17, 2030").boundingBox();
  expect(monday && sunday && sunday.y > monday.y + monday.height - 1).toBe(true);
  expect(Math.round(monday?.width ?? 0)).toBe(Math.round(sunday?.width ?? 0));
  await expect(undated(page).getByRole("link", { name: /Someday: the garden/ })).toBeVisible();
  // Up and down go from day to day.
  await day(page, "Tuesday, March 12, 2030").focus();
  await page.keyboard.press("ArrowDown");
  await expect(day(page, "Wednesday, March 13, 2030")).toBeFocused();
  await phone.close();
  await owner.close();
  await member.close();
});
