/** A role as people read it: `owner` → `Owner`; a comma-separated list reads `Admin, Member`. */
export function roleName(role: string): string {
  return role
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(", ");
}
