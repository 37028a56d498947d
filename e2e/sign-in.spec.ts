import { expect, test } from "@playwright/test";
import {
  createWorkspaceThroughApi,
  mailedLink,
  password,
  signUpThroughApi,
  uniqueEmail,
} from "./support/accounts.ts";
import { oidcProviderName } from "./support/oidc-provider.ts";

test("a signed-out visit to a signed-in screen signs in first and comes back to it", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("redirect");
  await signUpThroughApi(request, { name: "Redirect Tester", email });
  await createWorkspaceThroughApi(request, "Redirect workspace");

  await page.goto("/dashboard/settings/account/information");
  await expect(page).toHaveURL(
    /\/auth\/sign-in\?redirect=%2Fdashboard%2Fsettings%2Faccount%2Finformation$/,
  );
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/account\/information$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account information" })).toBeVisible();

  // With a session, the sign-in screen sends the person to the dashboard (and on to the workspace).
  await page.goto("/auth/sign-in");
  await expect(page).toHaveURL(/\/dashboard\/workspace\/[^/]+$/);

  // Signing out leaves the signed-in area for good.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fdashboard$/);
});

test("a wrong password is refused with 'Invalid email or password'", async ({ page, request }) => {
  const email = uniqueEmail("wrong");
  await signUpThroughApi(request, { name: "Wrong Password", email });

  await page.goto("/auth/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test("an emailed link signs an existing person in, and is marked as last used", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("link");
  await signUpThroughApi(request, { name: "Link Tester", email });

  await page.goto("/auth/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/auth\/check-email\?email=.*&kind=magic-link/);
  await expect(page.getByText(email)).toBeVisible();

  await page.goto(await mailedLink(request, email, "magic-link"));
  // The link's page names the account, and signs in only on the click.
  await expect(page.getByText(`This link signs you in as ${email}.`)).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Signed in, with a name and no workspace yet.
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.context().clearCookies({ name: "better-auth.session_token" });
  await page.goto("/auth/sign-in");
  await expect(
    page.getByRole("button", { name: "Email me a sign-in link", exact: true }),
  ).toHaveAccessibleDescription("Last used");
  await expect(page.getByText("Last used", { exact: true })).toBeVisible();
});

test("a forgotten password is reset through the mailed link", async ({ page, request }) => {
  const email = uniqueEmail("reset");
  await signUpThroughApi(request, { name: "Reset Tester", email });
  const newPassword = "a brand new password";

  await page.goto("/auth/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();

  await page.goto(await mailedLink(request, email, "reset-password"));
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByText("Your password was changed")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test("a request that never reaches the server says so", async ({ page }) => {
  await page.route("**/api/auth/sign-in/email", (route) => route.abort("failed"));
  await page.goto("/auth/sign-in");
  await page.getByLabel("Email").fill("offline@example.com");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const origin = new URL(page.url()).origin;
  await expect(
    page.getByText(
      `Failed to connect to API server at ${origin}. This might be due to CORS configuration issues or the server not running. Please check your environment variables and server status.`,
      { exact: true },
    ),
  ).toBeVisible();
});

test("the OpenID Connect provider signs a person in, and is marked as last used", async ({
  page,
}) => {
  await page.goto("/auth/sign-in");
  await page.getByRole("button", { name: `Continue with ${oidcProviderName}` }).click();
  // A new account with a name from the provider: no profile setup, no workspace yet.
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.context().clearCookies({ name: "better-auth.session_token" });
  await page.goto("/auth/sign-in");
  await expect(
    page.getByRole("button", { name: `Continue with ${oidcProviderName}`, exact: true }),
  ).toHaveAccessibleDescription("Last used");
});
