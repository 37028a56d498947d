import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  currentSession,
  newEmail,
  PASSWORD,
  SESSION_COOKIE,
  signUp,
} from "../test/auth-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const SEVEN_DAYS = String(7 * 24 * 60 * 60);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("POST /api/auth/sign-up/email", () => {
  it("creates the account and signs the person in", async () => {
    const browser = new Browser(server.url);
    const email = newEmail("new");

    const reply = await browser.post("/api/auth/sign-up/email", {
      email,
      password: PASSWORD,
      name: "Ada",
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ user: { email, name: "Ada", emailVerified: false } });
    expect(await currentSession(browser)).toMatchObject({ user: { email } });
  });

  it("stores the email lower-cased", async () => {
    const email = newEmail("mixed");

    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email: email.toUpperCase(),
      password: PASSWORD,
      name: "Mixed",
    });

    expect(reply.body).toMatchObject({ user: { email } });
  });

  it("refuses an email that already has an account", async () => {
    const existing = await signUp(server.url);

    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email: existing.email,
      password: "another password",
      name: "Twin",
    });

    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
      message: "User already exists. Use another email.",
    });
  });

  it("refuses an invalid email with 400 VALIDATION_ERROR naming the field", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email: "not-an-email",
      password: PASSWORD,
      name: "Nobody",
    });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "[body.email] Invalid email address",
    });
  });

  it("refuses a password of 7 characters with PASSWORD_TOO_SHORT", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email: newEmail("short"),
      password: "1234567",
      name: "Short",
    });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "PASSWORD_TOO_SHORT", message: "Password too short" });
  });

  it("accepts a password of exactly 8 characters", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email: newEmail("eight"),
      password: "12345678",
      name: "Eight",
    });

    expect(reply.status).toBe(200);
  });

  it("accepts a password of exactly 128 characters", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email: newEmail("long"),
      password: "p".repeat(128),
      name: "Long",
    });

    expect(reply.status).toBe(200);
  });

  it("refuses a password of 129 characters with PASSWORD_TOO_LONG", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email: newEmail("toolong"),
      password: "p".repeat(129),
      name: "Too long",
    });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "PASSWORD_TOO_LONG", message: "Password too long" });
  });
});

describe("POST /api/auth/sign-in/email", () => {
  it("signs in with the right password and keeps the session for 7 days", async () => {
    const person = await signUp(server.url);
    const browser = new Browser(server.url);

    const reply = await browser.post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ user: { id: person.userId, email: person.email } });
    const cookie = reply.setCookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.attributes["max-age"]).toBe(SEVEN_DAYS);
    expect(await currentSession(browser)).toMatchObject({ user: { id: person.userId } });
  });

  it("with rememberMe false gives a session cookie that ends with the browser", async () => {
    const person = await signUp(server.url);
    const browser = new Browser(server.url);

    const reply = await browser.post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
      rememberMe: false,
    });

    expect(reply.status).toBe(200);
    const cookie = reply.setCookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie?.attributes["max-age"]).toBeUndefined();
    expect(cookie?.attributes.expires).toBeUndefined();
    expect(browser.cookie("better-auth.dont_remember")).toBeDefined();
    expect(await currentSession(browser)).toMatchObject({ user: { id: person.userId } });
  });

  it("refuses a wrong password with 401 'Invalid email or password'", async () => {
    const person = await signUp(server.url);

    const reply = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: person.email,
      password: "wrong password",
    });

    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password",
    });
  });

  it("refuses an unknown email with the same 401 'Invalid email or password'", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: newEmail("unknown"),
      password: PASSWORD,
    });

    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password",
    });
  });

  it("refuses an invalid email with 400 INVALID_EMAIL", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: "not-an-email",
      password: PASSWORD,
    });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "INVALID_EMAIL", message: "Invalid email" });
  });
});

describe("POST /api/auth/sign-out", () => {
  it("answers success and the browser has no session afterwards", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/sign-out");

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true });
    expect(await currentSession(person.browser)).toBeNull();
  });

  it("ends the session on the server: a copy of the old cookie opens nothing", async () => {
    const person = await signUp(server.url);
    const copy = new Browser(server.url);
    copy.setCookie(SESSION_COOKIE, person.browser.cookie(SESSION_COOKIE) ?? "");

    await person.browser.post("/api/auth/sign-out");

    expect(await currentSession(copy)).toBeNull();
  });
});
