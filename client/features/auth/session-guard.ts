/** The `beforeLoad` of the signed-in area. */
export function requireSession(): void {
  // The auth work fills this in: no session sends the visitor to /auth/sign-in?redirect=….
}
