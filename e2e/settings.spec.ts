import { expect, test, type Page } from "@playwright/test";
import {
  createWorkspaceThroughApi,
  mailedLink,
  password,
  signUpThroughApi,
  uniqueEmail,
  withOlga,
} from "./support/accounts.ts";
import { oidcProviderName } from "./support/oidc-provider.ts";
import { createProjectThroughSync, ownerOfNewProject } from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";

test("an owner changes a member's role, cancels an invitation and removes the member", async ({
  page,
  browser,
}) => {
  const { workspaceId, memberContext } = await withOlga(page, browser, "Roles", "Mia Member");
  await memberContext.close();

  await page.goto(`/dashboard/workspace/${workspaceId}/members`);
  const invite = page.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("Email").fill(uniqueEmail("never"));
  await invite.getByLabel("Role").selectOption("admin");
  await invite.getByRole("button", { name: "Invite" }).click();
  await page.getByRole("button", { name: /^Cancel the invitation of never-/ }).click();
  await expect(page.getByText("No open invitations.")).toBeVisible();

  await page.getByRole("combobox", { name: "Role of Mia Member" }).selectOption("admin");
  await expect(page.getByText("Mia Member is now Admin")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Role of Mia Member" })).toHaveValue("admin");

  await page.getByRole("button", { name: "Remove Mia Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove member" });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("row", { name: /Mia Member/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Members (1)" })).toBeVisible();
});

test("on a phone the members and invitations fit the screen, each row in two lines", async ({
  page,
  browser,
}) => {
  const { workspaceId, memberContext } = await withOlga(
    page,
    browser,
    "Small screen",
    "Mia Member",
  );
  await memberContext.close();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/workspace/${workspaceId}/members`);
  const invite = page.getByRole("form", { name: "Invite a member" });
  // A long address with nowhere to break it: it wraps within its cell all the same.
  const invited = uniqueEmail("invitedonaphonewithaverylongaddressindeed");
  await invite.getByLabel("Email").fill(invited);
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("cell", { name: invited, exact: true })).toBeVisible();

  // Still a table to screen readers, each row whole; nothing runs off the side.
  const mia = page.getByRole("row", { name: /Mia Member/ });
  await expect(mia).toHaveCount(1);
  const role = mia.getByRole("combobox", { name: "Role of Mia Member" });
  const remove = mia.getByRole("button", { name: "Remove Mia Member" });
  const name = mia.getByRole("cell").first();
  const email = mia.getByRole("cell").nth(1);
  for (const part of [role, remove, name, email]) await expect(part).toBeInViewport({ ratio: 1 });
  const box = async (locator: typeof mia) => (await locator.boundingBox()) ?? { x: 0, y: 0 };
  expect((await box(email)).y).toBeGreaterThan((await box(name)).y); // the email under the name
  expect((await box(remove)).y).toBeGreaterThan((await box(role)).y); // Remove under the role
  const overflows = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflows).toBe(false);
  await expect(
    page.getByRole("button", { name: new RegExp(`^Cancel the invitation of ${invited}`) }),
  ).toBeInViewport({ ratio: 1 });
});

test("on a phone the settings menu is one row above the page, scrolled to where one is, and a label's row fits", async ({
  page,
}) => {
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Phone settings", {
    owner: { name: "Pat Phone", email: uniqueEmail("pat") },
    project: { name: "Hardware", key: "HW" },
  });
  await pushMutations(page.request, [
    mutation("createLabel", {
      id: `${projectId}-label`,
      workspaceId,
      name: "A label with a rather long name indeed",
      color: "teal",
      createdAt: now(),
    }),
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  const box = async (locator: ReturnType<Page["locator"]>) =>
    (await locator.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };

  // The project's last page: its link is at the end of the row, brought into view.
  await page.goto(`/dashboard/settings/projects/${projectId}/visibility`);
  const menu = page.getByRole("navigation", { name: "Settings" });
  const current = menu.getByRole("link", { name: "Visibility" });
  await expect(current).toHaveAttribute("aria-current", "page");
  await expect(current).toBeInViewport({ ratio: 1 });
  // One row: the page's heading starts within the first tenth of the screen, not under a list.
  expect((await box(menu)).height).toBeLessThan(60);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport({ ratio: 1 });
  // Each group still names its links.
  for (const group of ["Account", "Workspace", "Project"]) {
    await expect(menu.getByText(group, { exact: true })).toHaveCount(1);
  }

  // The workspace's labels: name, colour and delete side by side within the screen.
  await menu.getByRole("link", { name: "General" }).first().click();
  await expect(page).toHaveURL(/\/settings\/workspace\/general$/);
  const label = "A label with a rather long name indeed";
  const name = page.getByRole("textbox", { name: `Name of label ${label}` });
  const remove = page.getByRole("button", { name: `Delete label ${label}` });
  for (const part of [name, page.getByLabel(`Colour of label ${label}`), remove]) {
    await expect(part).toBeInViewport({ ratio: 1 });
  }
  expect(Math.abs((await box(remove)).y - (await box(name)).y)).toBeLessThan(16);
  const overflows = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflows).toBe(false);
});

test("a person renames and deletes their workspace, changes their password and deletes their account", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("settings");
  await signUpThroughApi(page.request, { name: "Sam Settings", email });
  await createWorkspaceThroughApi(page.request, "Before");

  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Settings" })
    .click();
  await page.getByRole("link", { name: "General" }).click();
  await page.getByLabel("Name").fill("After");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Workspace saved")).toBeVisible();
  await expect(page.getByRole("button", { name: "Workspace: After" })).toBeVisible();

  await page.getByRole("button", { name: "Delete workspace" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete workspace" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.goto("/dashboard/settings/account/information");
  await page.getByLabel("Current password").fill(password);
  await page.getByLabel("New password").fill("another long password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(page.getByText("This device")).toBeVisible();

  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Password").fill("another long password");
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(page.getByText("We mailed you a link")).toBeVisible();
  await page.goto(await mailedLink(request, email, "delete-account"));
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("another long password");
  await expect(
    page.getByRole("button", { name: "Sign in", exact: true }),
  ).toHaveAccessibleDescription("Last used");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("someone who signed in with a provider sets a password, then unlinks the provider", async ({
  page,
}) => {
  await page.goto("/auth/sign-in");
  await page
    .getByRole("button", { name: new RegExp(`^Continue with ${oidcProviderName}`) })
    .click();
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.goto("/dashboard/settings/account/information");
  const methods = page.getByRole("region", { name: "Sign-in methods" });
  await expect(methods.getByText(oidcProviderName)).toBeVisible();
  // The only way in can never be unlinked.
  await expect(methods.getByRole("button", { name: "Unlink" })).toHaveCount(0);

  await expect(page.getByRole("heading", { name: "Set a password" })).toBeVisible();
  await page.getByLabel("New password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(methods.getByText("Email and password")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();

  await methods
    .getByRole("listitem")
    .filter({ hasText: oidcProviderName })
    .getByRole("button", { name: "Unlink" })
    .click();
  await expect(page.getByText(`${oidcProviderName} unlinked`)).toBeVisible();
  await expect(methods.getByRole("listitem")).toHaveCount(1);
  await expect(methods.getByRole("button", { name: "Unlink" })).toHaveCount(0);
});

/** The coloured dot of a label on the card of a task on the board. */
const labelOnCard = (page: Page, task: string, label: string) =>
  page
    .getByRole("article")
    .filter({ hasText: task })
    .getByRole("list", { name: "Labels" })
    .getByRole("listitem")
    .filter({ hasText: label });

test("an owner recolours and deletes labels in the settings, and a member's board shows it at once", async ({
  page,
  browser,
}) => {
  const { workspaceId, memberContext, memberPage } = await withOlga(
    page,
    browser,
    "Labels",
    "Mia Member",
  );
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Website",
    key: "WEB",
  });
  await pushMutations(page.request, [
    mutation("createLabel", {
      id: `${projectId}-design`,
      workspaceId,
      name: "Design",
      color: "red",
      createdAt: now(),
    }),
    mutation("createLabel", {
      id: `${projectId}-backend`,
      workspaceId,
      name: "Backend",
      color: "blue",
      createdAt: now(),
    }),
    mutation("createTask", {
      id: `${projectId}-task`,
      projectId,
      title: "Hero section",
      labelIds: [`${projectId}-design`, `${projectId}-backend`],
      createdAt: now(),
    }),
  ]);
  await memberPage.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  const designDot = labelOnCard(memberPage, "Hero section", "Design").locator(".label-dot");
  await expect(designDot).toHaveCSS("background-color", "rgb(229, 72, 77)"); // red
  await expect(labelOnCard(memberPage, "Hero section", "Backend")).toBeVisible();

  // A member sees the labels but cannot change them.
  const memberSettings = await memberContext.newPage();
  await memberSettings.goto("/dashboard/settings/workspace/general");
  await expect(
    memberSettings.getByText("Only owners and admins can rename, recolour or delete labels."),
  ).toBeVisible();
  await expect(memberSettings.getByRole("list", { name: "Workspace labels" })).toContainText(
    "Design",
  );
  await expect(memberSettings.getByRole("button", { name: /^Delete label/ })).toHaveCount(0);
  await expect(memberSettings.getByRole("combobox", { name: /^Colour of label/ })).toHaveCount(0);

  await page.goto("/dashboard/settings/workspace/general");
  await page.getByLabel("Colour of label Design").selectOption("teal");
  await expect(designDot).toHaveCSS("background-color", "rgb(18, 165, 148)"); // teal

  await page.getByRole("button", { name: "Delete label Backend" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete label Backend?" });
  await dialog.getByRole("button", { name: "Delete label" }).click();
  await expect(page.getByText("Label Backend was deleted")).toBeVisible();
  await expect(page.getByRole("list", { name: "Workspace labels" })).not.toContainText("Backend");
  await expect(labelOnCard(memberPage, "Hero section", "Backend")).toHaveCount(0);
  await expect(labelOnCard(memberPage, "Hero section", "Design")).toBeVisible();

  // The task page and the backlog show the label in the same colour as the card.
  const projectUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}`;
  await memberSettings.goto(`${projectUrl}/task/${projectId}-task`);
  const taskPageDot = memberSettings
    .getByRole("combobox", { name: /^Labels: / })
    .locator(".ui-picker-label", { hasText: "Design" })
    .locator(".ui-label-dot");
  await expect
    .poll(() => taskPageDot.evaluate((element) => getComputedStyle(element).backgroundColor))
    .toBe("rgb(18, 165, 148)");
  await pushMutations(page.request, [
    mutation("updateTask", { id: `${projectId}-task`, status: "planned", updatedAt: now() }),
  ]);
  await memberSettings.goto(`${projectUrl}/backlog`);
  const backlogDot = memberSettings
    .getByRole("region", { name: "Planned" })
    .getByRole("list", { name: "Labels" })
    .getByRole("listitem")
    .filter({ hasText: "Design" })
    .locator(".label-dot");
  await expect(backlogDot).toHaveCSS("background-color", "rgb(18, 165, 148)");
  await memberContext.close();
});
