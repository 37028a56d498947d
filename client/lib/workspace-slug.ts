/** A workspace's address name: lower-case letters and digits joined by single hyphens. */
export const slugPattern = "[a-z0-9]+(-[a-z0-9]+)*";

export const slugMaxLength = 48;

/** "Acme Café & Co" → "acme-cafe-co". */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, slugMaxLength)
    .replace(/^-+|-+$/g, "");
}
