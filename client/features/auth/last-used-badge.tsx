/** The mark on the sign-in method used last time (better-auth's last-login-method cookie). */
export function LastUsedBadge() {
  return <span className="badge">Last used</span>;
}
