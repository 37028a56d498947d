import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  Browser,
  currentSession,
  linkInLatestMail,
  mailsTo,
  newEmail,
  signIn,
  signUp,
  type Person,
} from "../test/auth-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const NEW_PASSWORD = "a brand new password";
const CHECK_YOUR_EMAIL = "If this email exists in our system, check your email for the reset link";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Asks for a reset of this person's password and returns the token from the mailed link. */
async function requestReset(person: Person): Promise<{ link: URL; token: string }> {
  await new Browser(server.url).post("/api/auth/request-password-reset", {
    email: person.email,
    redirectTo: "/auth/reset-password",
  });
  const link = await linkInLatestMail(server.url, person.email, "reset-password");
  const token = link.pathname.split("/").pop() ?? "";
  return { link, token };
}

describe("POST /api/auth/request-password-reset", () => {
  it("answers with the neutral message and mails a reset link", async () => {
    const person = await signUp(server.url);

    const reply = await new Browser(server.url).post("/api/auth/request-password-reset", {
      email: person.email,
      redirectTo: "/auth/reset-password",
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true, message: CHECK_YOUR_EMAIL });
    const link = await linkInLatestMail(server.url, person.email, "reset-password");
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);
    expect(link.searchParams.get("callbackURL")).toBe("/auth/reset-password");
  });

  it("mails a token of 24 characters", async () => {
    const person = await signUp(server.url);

    const { token } = await requestReset(person);

    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it("answers an unknown email with the same message and sends nothing", async () => {
    const email = newEmail("stranger");

    const reply = await new Browser(server.url).post("/api/auth/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true, message: CHECK_YOUR_EMAIL });
    expect(await mailsTo(server.url, email)).toEqual([]);
  });
});

describe("following the mailed reset link", () => {
  it("redirects to the reset page with the token", async () => {
    const person = await signUp(server.url);
    const { link, token } = await requestReset(person);

    const reply = await new Browser(server.url).open(link);

    expect(reply.status).toBe(302);
    expect(reply.location?.pathname).toBe("/auth/reset-password");
    expect(reply.location?.searchParams.get("token")).toBe(token);
  });

  it("after an hour redirects with error=INVALID_TOKEN", async () => {
    const person = await signUp(server.url);
    const { link } = await requestReset(person);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60 * 1000 });

    const reply = await new Browser(server.url).open(link);

    expect(reply.status).toBe(302);
    expect(reply.location?.pathname).toBe("/auth/reset-password");
    expect(reply.location?.searchParams.get("error")).toBe("INVALID_TOKEN");
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password: signing in with it works, the old one is refused", async () => {
    const person = await signUp(server.url);
    const { token } = await requestReset(person);

    const reply = await new Browser(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    const withNew = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: person.email,
      password: NEW_PASSWORD,
    });
    expect(withNew.status).toBe(200);
    const withOld = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });
    expect(withOld.body).toMatchObject({ message: "Invalid email or password" });
  });

  it("signs the person out everywhere", async () => {
    const person = await signUp(server.url);
    const { token } = await requestReset(person);

    await new Browser(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });

    expect(await currentSession(person.browser)).toBeNull();
  });

  it("refuses a token that was already used with 400 'Invalid token'", async () => {
    const person = await signUp(server.url);
    const { token } = await requestReset(person);
    await new Browser(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });

    const reply = await new Browser(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: "yet another password",
    });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "INVALID_TOKEN", message: "Invalid token" });
  });

  it("refuses a token older than one hour with 400 'Invalid token'", async () => {
    const person = await signUp(server.url);
    const { token } = await requestReset(person);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60 * 1000 });

    const reply = await new Browser(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "INVALID_TOKEN", message: "Invalid token" });
  });

  it("accepts a token 59 minutes old", async () => {
    const person = await signUp(server.url);
    const { token } = await requestReset(person);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 59 * 60 * 1000 });

    const reply = await new Browser(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(200);
  });

  it("refuses a new password of 7 characters with PASSWORD_TOO_SHORT and keeps the token", async () => {
    const person = await signUp(server.url);
    const { token } = await requestReset(person);

    const reply = await new Browser(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: "1234567",
    });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "PASSWORD_TOO_SHORT", message: "Password too short" });
    const retry = await new Browser(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(retry.status).toBe(200);
  });

  it("using one reset token makes every other outstanding one of that person 'Invalid token'", async () => {
    const person = await signUp(server.url);
    const first = await requestReset(person);
    const second = await requestReset(person);
    const third = await requestReset(person);
    expect(new Set([first.token, second.token, third.token]).size).toBe(3);

    const used = await new Browser(server.url).post("/api/auth/reset-password", {
      token: second.token,
      newPassword: NEW_PASSWORD,
    });

    expect(used.status).toBe(200);
    for (const { token } of [first, third]) {
      const reply = await new Browser(server.url).post("/api/auth/reset-password", {
        token,
        newPassword: "an attacker's password",
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: "INVALID_TOKEN", message: "Invalid token" });
    }
    await expect(signIn(server.url, { ...person, password: NEW_PASSWORD })).resolves.toBeInstanceOf(
      Browser,
    );
  });

  it("an older token stays usable after a newer one was requested but not used", async () => {
    const person = await signUp(server.url);
    const older = await requestReset(person);
    await requestReset(person);

    const reply = await new Browser(server.url).post("/api/auth/reset-password", {
      token: older.token,
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(200);
  });

  it("using a reset token leaves another person's outstanding token valid", async () => {
    const person = await signUp(server.url);
    const other = await signUp(server.url);
    const mine = await requestReset(person);
    const theirs = await requestReset(other);

    await new Browser(server.url).post("/api/auth/reset-password", {
      token: mine.token,
      newPassword: NEW_PASSWORD,
    });
    const reply = await new Browser(server.url).post("/api/auth/reset-password", {
      token: theirs.token,
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(200);
  });

  it("leaves the old password working when nobody follows the link", async () => {
    const person = await signUp(server.url);
    await requestReset(person);

    await expect(signIn(server.url, person)).resolves.toBeInstanceOf(Browser);
  });
});
