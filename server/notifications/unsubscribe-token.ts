/**
 * The signed token of a mail's one-click unsubscribe link: an HMAC of the person's id under the
 * server's secret, so the link works signed out and cannot be made for someone else.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "notification-unsubscribe";

function unsubscribeToken(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`${PURPOSE}:${userId}`).digest("base64url");
}

export function isValidUnsubscribeToken(secret: string, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(baseUrl: string, secret: string, userId: string): string {
  const query = new URLSearchParams({ user: userId, token: unsubscribeToken(secret, userId) });
  return `${baseUrl}/api/notifications/unsubscribe?${query.toString()}`;
}
