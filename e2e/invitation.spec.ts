import { expect, test } from "@playwright/test";
import { mailedLink, password, uniqueEmail } from "./support/accounts.ts";

const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("an owner invites a second person, who signs up through the link and joins as a member", async ({
  page,
  browser,
  request,
}) => {
  const ownerEmail = uniqueEmail("owner");
  const inviteeEmail = uniqueEmail("invitee");
  const workspaceName = `Acme ${Date.now().toString(36)}`;

  // The owner signs up with an emailed link, so the account starts without a name.
  await page.goto("/auth/sign-in");
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await page.goto(await mailedLink(request, ownerEmail, "magic-link"));
  await expect(page.getByText(`This link signs you in as ${ownerEmail}.`)).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL(/\/profile-setup$/);
  await page.getByLabel("Name").fill("Ada Owner");
  await page.getByLabel("Picture (optional)").setInputFiles({
    name: "ada.png",
    mimeType: "image/png",
    buffer: onePixelPng,
  });
  await expect(page.getByText("Change picture")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel("Workspace name").fill(workspaceName);
  await expect(page.getByLabel("Slug")).toHaveValue(/^acme-[a-z0-9]+$/);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/dashboard\/workspace\/[^/]+$/);
  const workspaceUrl = page.url();

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Members" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  const invite = page.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("Email").fill(inviteeEmail);
  await expect(invite.getByLabel("Role")).toHaveValue("member");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText(`Invitation sent to ${inviteeEmail}`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(inviteeEmail) })).toContainText("Member");

  // The second person, in a browser of their own, follows the link while signed out.
  const invitation = await mailedLink(request, inviteeEmail, "invitation");
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(invitation);
  await expect(invitee.getByRole("heading", { level: 1, name: "Accept invitation" })).toBeVisible();
  // The page says who invites to which workspace, and sign-up starts with the invited address.
  await expect(invitee.getByText(`Ada Owner invited you to join ${workspaceName}`)).toBeVisible();
  await expect(invitee).toHaveTitle("Accept invitation");
  await invitee.getByRole("link", { name: "Create an account" }).click();
  await expect(invitee).toHaveURL(/\/auth\/sign-up\?email=/);
  await expect(invitee.getByLabel("Email")).toHaveValue(inviteeEmail);
  await invitee.getByLabel("Name").fill("Bob Invitee");
  await invitee.getByLabel("Password").fill(password);
  await invitee.getByRole("button", { name: "Create account" }).click();

  await expect(invitee).toHaveURL(workspaceUrl);
  expect((await inviteeContext.cookies()).some((c) => c.name === "pending_invitation")).toBe(false);
  await invitee.goto(`${workspaceUrl}/members`);
  const members = invitee.getByRole("table").first();
  await expect(members.getByRole("row", { name: /Ada Owner/ })).toContainText("Owner");
  // Her picture is the one she uploaded, served by the app itself.
  await expect(members.getByRole("row", { name: /Ada Owner/ }).locator("img")).toHaveAttribute(
    "src",
    /^\/api\/pictures\/[0-9a-f-]{36}$/,
  );
  await expect(members.getByRole("row", { name: /Bob Invitee/ })).toContainText("Member");
  // A member may not invite, change roles or remove anyone.
  await expect(invitee.getByRole("form", { name: "Invite a member" })).toHaveCount(0);
  await expect(invitee.getByRole("button", { name: /Remove/ })).toHaveCount(0);
  await expect(invitee.getByRole("combobox", { name: /Role of/ })).toHaveCount(0);
  await inviteeContext.close();

  // The owner now sees the new member, whose role they can change.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Role of Bob Invitee" })).toHaveValue("member");
  await expect(page.getByRole("button", { name: "Remove Bob Invitee" })).toBeVisible();
});
