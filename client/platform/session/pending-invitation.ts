/**
 * The invitation someone opened while signed out, kept in the cookie `pending_invitation`
 * (SPEC.md section 9) until the dashboard entry accepts it after sign-in or sign-up.
 */
const cookieName = "pending_invitation";
/** As long as an invitation lives on the server (server/auth/auth.ts). */
const maxAgeSeconds = 7 * 24 * 60 * 60;

export function readPendingInvitation(): string | null {
  for (const part of document.cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === cookieName) return decodeURIComponent(value.join("=")) || null;
  }
  return null;
}

export function rememberPendingInvitation(invitationId: string): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${cookieName}=${encodeURIComponent(invitationId)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function clearPendingInvitation(): void {
  document.cookie = `${cookieName}=; Path=/; Max-Age=0; SameSite=Lax`;
}
