import { expect, test, type APIRequestContext } from "@playwright/test";
import { z } from "zod";
import { mailedLink, password, signedInPerson, uniqueEmail } from "./support/accounts.ts";

const verificationMails = async (request: APIRequestContext, to: string) => {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const { mails } = z
    .object({ mails: z.array(z.object({ kind: z.string() })) })
    .parse(await response.json());
  return mails.filter((mail) => mail.kind === "verify-email").length;
};

test("a verification link with a broken token says so, and a new link sent from there verifies the address", async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail("verify");
  await page.goto("/auth/sign-up");
  await page.getByLabel("Name").fill("Vera Verify");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).not.toHaveURL(/\/auth\/sign-up/);
  const link = new URL(await mailedLink(request, email, "verify-email"));
  link.searchParams.set("token", `${link.searchParams.get("token")}tampered`);

  // Opened in another browser, signed out.
  const elsewhere = await browser.newContext();
  const visitor = await elsewhere.newPage();
  await visitor.goto(link.href);
  await visitor.getByRole("button", { name: "Confirm my address" }).click();
  await expect(visitor).toHaveURL(/\/auth\/verify-email\?error=INVALID_TOKEN$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("The link did not work");
  await expect(visitor.getByText("This verification link is not valid.")).toBeVisible();

  await visitor.getByLabel("Email").fill(email);
  await visitor.getByRole("button", { name: "Send a new link" }).click();
  await expect(visitor).toHaveURL(/\/auth\/check-email\?/);
  await expect.poll(() => verificationMails(request, email)).toBe(2);

  await visitor.goto(await mailedLink(request, email, "verify-email"));
  await visitor.getByRole("button", { name: "Confirm my address" }).click();
  await expect(visitor).not.toHaveURL(/\/auth\//);
  const session = await elsewhere.request.get("/api/auth/get-session");
  expect(await session.json()).toMatchObject({ user: { email, emailVerified: true } });
  await elsewhere.close();
});

test("signed in, an expired link says so and sends a new link to the person's address", async ({
  page,
  request,
}) => {
  const person = await signedInPerson("expired");
  await page.context().addCookies(person.cookies);
  const before = await verificationMails(request, person.email);

  // As better-auth sends it; SPEC.md writes the codes in lower case.
  for (const error of ["TOKEN_EXPIRED", "token_expired"]) {
    await page.goto(`/auth/verify-email?error=${error}`);
    await expect(page.getByText("This verification link has expired")).toBeVisible();
  }
  await expect(page.getByText(`We can send a new link to ${person.email}`)).toBeVisible();
  await page.getByRole("button", { name: "Send a new link" }).click();
  await expect(page.getByText(`We sent a new link to ${person.email}`)).toBeVisible();
  await expect.poll(() => verificationMails(request, person.email)).toBe(before + 1);

  await page.goto("/auth/verify-email?error=USER_NOT_FOUND");
  await expect(page.getByText("does not exist")).toBeVisible();
});
