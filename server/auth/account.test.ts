import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  bodyOf,
  Browser,
  currentSession,
  linkInLatestMail,
  mailsTo,
  newEmail,
  sessionSchema,
  signIn,
  signInWithMagicLink,
  signUp,
  type Person,
} from "../test/auth-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const NEW_PASSWORD = "a brand new password";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

async function signInWorks(email: string, password: string): Promise<boolean> {
  const reply = await new Browser(server.url).post("/api/auth/sign-in/email", { email, password });
  return reply.status === 200;
}

async function verifyEmail(person: Person): Promise<void> {
  await person.browser.confirm(await linkInLatestMail(server.url, person.email, "verify-email"));
}

async function rowsOf(table: "session" | "account" | "user", userId: string): Promise<number> {
  const column = table === "user" ? "id" : "userId";
  const rows = await server.db.sql`select 1 from ${server.db.sql(table)}
    where ${server.db.sql(column)} = ${userId}`;
  return rows.length;
}

describe("POST /api/auth/change-password", () => {
  it("with the right current password sets the new one", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/change-password", {
      currentPassword: person.password,
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(200);
    expect(await signInWorks(person.email, NEW_PASSWORD)).toBe(true);
    expect(await signInWorks(person.email, person.password)).toBe(false);
  });

  it("with a wrong current password is refused with 400 'Invalid password'", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/change-password", {
      currentPassword: "not my password",
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "INVALID_PASSWORD", message: "Invalid password" });
    expect(await signInWorks(person.email, person.password)).toBe(true);
  });

  it("refuses a new password of 7 characters with PASSWORD_TOO_SHORT", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/change-password", {
      currentPassword: person.password,
      newPassword: "1234567",
    });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
  });

  it("keeps the person's other sessions when revokeOtherSessions is not set", async () => {
    const person = await signUp(server.url);
    const laptop = await signIn(server.url, person);

    await person.browser.post("/api/auth/change-password", {
      currentPassword: person.password,
      newPassword: NEW_PASSWORD,
    });

    expect(await currentSession(laptop)).not.toBeNull();
  });

  it("with revokeOtherSessions signs out the other devices and keeps this one", async () => {
    const person = await signUp(server.url);
    const laptop = await signIn(server.url, person);

    const reply = await person.browser.post("/api/auth/change-password", {
      currentPassword: person.password,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ token: expect.any(String) });
    expect(await currentSession(laptop)).toBeNull();
    expect(await currentSession(person.browser)).toMatchObject({ user: { id: person.userId } });
  });

  it("signed out is refused with 401", async () => {
    const reply = await new Browser(server.url).post("/api/auth/change-password", {
      currentPassword: "whatever1",
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(401);
  });
});

describe("POST /api/auth/set-password", () => {
  it("gives someone who signed up by magic link a password to sign in with", async () => {
    const email = newEmail("linked");
    const browser = await signInWithMagicLink(server.url, email);

    const reply = await browser.post("/api/auth/set-password", { newPassword: NEW_PASSWORD });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    expect(await signInWorks(email, NEW_PASSWORD)).toBe(true);
  });

  it("is refused when the person already has a password", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/set-password", {
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(400);
    // SPEC.md section 8 words it "user already has a password".
    expect(reply.body).toMatchObject({
      code: "PASSWORD_ALREADY_SET",
      message: "User already has a password set",
    });
    expect(await signInWorks(person.email, person.password)).toBe(true);
  });

  it("refuses a password of 7 characters with PASSWORD_TOO_SHORT", async () => {
    const browser = await signInWithMagicLink(server.url, newEmail("linked"));

    const reply = await browser.post("/api/auth/set-password", { newPassword: "1234567" });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
  });

  it("signed out is refused with 401", async () => {
    const reply = await new Browser(server.url).post("/api/auth/set-password", {
      newPassword: NEW_PASSWORD,
    });

    expect(reply.status).toBe(401);
  });
});

describe("POST /api/auth/change-email", () => {
  it("for a verified person mails a confirmation to the current address", async () => {
    const person = await signUp(server.url);
    await verifyEmail(person);
    const newAddress = newEmail("moved");

    const reply = await person.browser.post("/api/auth/change-email", { newEmail: newAddress });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    const [confirmation] = await mailsTo(server.url, person.email);
    expect(confirmation).toMatchObject({ kind: "change-email" });
    expect(confirmation?.body).toContain(newAddress);
    expect(await currentSession(person.browser)).toMatchObject({ user: { email: person.email } });
  });

  it("following the confirmation, then the link mailed to the new address, switches the email", async () => {
    const person = await signUp(server.url);
    await verifyEmail(person);
    const newAddress = newEmail("moved");
    await person.browser.post("/api/auth/change-email", { newEmail: newAddress });

    await person.browser.confirm(await linkInLatestMail(server.url, person.email, "change-email"));
    const reply = await person.browser.confirm(
      await linkInLatestMail(server.url, newAddress, "verify-email"),
    );

    expect(reply.status).toBe(200);
    expect(await currentSession(person.browser)).toMatchObject({
      user: { email: newAddress, emailVerified: true },
    });
    expect(await signInWorks(newAddress, person.password)).toBe(true);
    expect(await signInWorks(person.email, person.password)).toBe(false);
  });

  it("for an unverified person mails the link straight to the new address; following it switches the email", async () => {
    const person = await signUp(server.url);
    const newAddress = newEmail("moved");

    await person.browser.post("/api/auth/change-email", { newEmail: newAddress });
    await person.browser.confirm(await linkInLatestMail(server.url, newAddress, "verify-email"));

    expect(await currentSession(person.browser)).toMatchObject({ user: { email: newAddress } });
  });

  it("to the same address is refused with 400 'Email is the same'", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/change-email", { newEmail: person.email });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: "Email is the same" });
  });

  it("to another person's address answers success but mails nothing and changes nothing", async () => {
    const person = await signUp(server.url);
    await verifyEmail(person);
    const other = await signUp(server.url);
    const mailsBefore = await mailsTo(server.url, person.email);

    const reply = await person.browser.post("/api/auth/change-email", { newEmail: other.email });

    expect(reply.status).toBe(200);
    expect(await mailsTo(server.url, person.email)).toEqual(mailsBefore);
    expect(await mailsTo(server.url, other.email)).toHaveLength(1);
    expect(await currentSession(person.browser)).toMatchObject({ user: { email: person.email } });
  });
});

describe("POST /api/auth/delete-user", () => {
  it("mails a confirmation link and keeps the account until it is followed", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/delete-user", {});

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: "Verification email sent" });
    const link = await linkInLatestMail(server.url, person.email, "delete-account");
    expect(link.pathname).toBe("/auth/delete-account");
    expect(link.searchParams.get("token")).toMatch(/^[a-z0-9]{32}$/);
    expect(await signInWorks(person.email, person.password)).toBe(true);
  });

  it("following the mailed link deletes the user with all sessions and accounts", async () => {
    const person = await signUp(server.url);
    const laptop = await signIn(server.url, person);
    await person.browser.post("/api/auth/delete-user", {});

    const reply = await person.browser.confirm(
      await linkInLatestMail(server.url, person.email, "delete-account"),
    );

    expect(reply.status).toBe(200);
    expect(reply.location?.pathname).toBe("/");
    expect(await currentSession(person.browser)).toBeNull();
    expect(await currentSession(laptop)).toBeNull();
    expect(await rowsOf("user", person.userId)).toBe(0);
    expect(await rowsOf("session", person.userId)).toBe(0);
    expect(await rowsOf("account", person.userId)).toBe(0);
    expect(await signInWorks(person.email, person.password)).toBe(false);
  });

  it("the mailed token works once: following the link again changes nothing", async () => {
    const person = await signUp(server.url);
    await person.browser.post("/api/auth/delete-user", {});
    const link = await linkInLatestMail(server.url, person.email, "delete-account");
    await person.browser.confirm(link);
    const again = await signUp(server.url, { email: person.email });

    const reply = await again.browser.confirm(link);

    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: "INVALID_TOKEN" });
    expect(await currentSession(again.browser)).not.toBeNull();
  });

  it("with the token in the body deletes the user", async () => {
    const person = await signUp(server.url);
    await person.browser.post("/api/auth/delete-user", {});
    const link = await linkInLatestMail(server.url, person.email, "delete-account");

    const reply = await person.browser.post("/api/auth/delete-user", {
      token: link.searchParams.get("token"),
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: "User deleted" });
    expect(await rowsOf("user", person.userId)).toBe(0);
  });

  it("with a wrong password is refused with 400 'Invalid password' and mails nothing", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/delete-user", { password: "not mine 123" });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "INVALID_PASSWORD", message: "Invalid password" });
    expect((await mailsTo(server.url, person.email)).map((mail) => mail.kind)).not.toContain(
      "delete-account",
    );
  });

  it("with the right password still asks for the mailed confirmation before deleting", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/delete-user", {
      password: person.password,
    });

    expect(reply.body).toEqual({ success: true, message: "Verification email sent" });
    expect(await rowsOf("user", person.userId)).toBe(1);
  });

  it("with the right password and the mailed token deletes the user", async () => {
    const person = await signUp(server.url);
    await person.browser.post("/api/auth/delete-user", { password: person.password });
    const link = await linkInLatestMail(server.url, person.email, "delete-account");

    const reply = await person.browser.post("/api/auth/delete-user", {
      password: person.password,
      token: link.searchParams.get("token"),
    });

    expect(reply.body).toEqual({ success: true, message: "User deleted" });
    expect(await rowsOf("user", person.userId)).toBe(0);
  });
});

const sessionListSchema = z.array(sessionSchema.shape.session);

describe("sessions", () => {
  it("GET /api/auth/list-sessions lists every device the person is signed in on", async () => {
    const person = await signUp(server.url);
    await signIn(server.url, person);

    const reply = await person.browser.get("/api/auth/list-sessions");

    expect(reply.status).toBe(200);
    const sessions = bodyOf(reply, sessionListSchema);
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.userId === person.userId)).toBe(true);
  });

  it("POST /api/auth/revoke-session signs that one device out", async () => {
    const person = await signUp(server.url);
    const laptop = await signIn(server.url, person);
    const laptopSession = await currentSession(laptop);

    const reply = await person.browser.post("/api/auth/revoke-session", {
      token: laptopSession?.session.token,
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    expect(await currentSession(laptop)).toBeNull();
    expect(await currentSession(person.browser)).not.toBeNull();
  });

  it("POST /api/auth/revoke-session cannot end another person's session", async () => {
    const person = await signUp(server.url);
    const stranger = await signUp(server.url);
    const strangerSession = await currentSession(stranger.browser);

    await person.browser.post("/api/auth/revoke-session", {
      token: strangerSession?.session.token,
    });

    expect(await currentSession(stranger.browser)).not.toBeNull();
  });

  it("POST /api/auth/revoke-other-sessions keeps only this device", async () => {
    const person = await signUp(server.url);
    const laptop = await signIn(server.url, person);
    const phone = await signIn(server.url, person);

    const reply = await person.browser.post("/api/auth/revoke-other-sessions");

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    expect(await currentSession(laptop)).toBeNull();
    expect(await currentSession(phone)).toBeNull();
    expect(bodyOf(await person.browser.get("/api/auth/list-sessions"), sessionListSchema)).toEqual([
      expect.objectContaining({ userId: person.userId }),
    ]);
  });

  it("POST /api/auth/revoke-sessions signs out everywhere, this device included", async () => {
    const person = await signUp(server.url);
    const laptop = await signIn(server.url, person);

    const reply = await person.browser.post("/api/auth/revoke-sessions");

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    expect(await currentSession(laptop)).toBeNull();
    expect(await currentSession(person.browser)).toBeNull();
  });

  it("revoke-session without a token is refused with 400 VALIDATION_ERROR", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/revoke-session", {});

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "VALIDATION_ERROR" });
  });
});

describe("accounts", () => {
  it("GET /api/auth/list-accounts lists the credential account of an email sign-up", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.get("/api/auth/list-accounts");

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      expect.objectContaining({ providerId: "credential", userId: person.userId }),
    ]);
  });

  it("unlinking the last account is refused with 'You can't unlink your last account'", async () => {
    const person = await signUp(server.url);
    const [account] = bodyOf(
      await person.browser.get("/api/auth/list-accounts"),
      z.array(z.object({ id: z.string() })),
    );

    const reply = await person.browser.post("/api/auth/unlink-account", { accountId: account?.id });

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: "FAILED_TO_UNLINK_LAST_ACCOUNT",
      message: "You can't unlink your last account",
    });
    expect(await signInWorks(person.email, person.password)).toBe(true);
  });
});
