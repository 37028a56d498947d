/** How many colours the avatar palette holds (`--color-avatar-1` … in styles/theme.css). */
export const AVATAR_COLOURS = 10;

/**
 * The palette colour of a person, 1 to AVATAR_COLOURS: a hash of the user id (FNV-1a), so a
 * person keeps their colour everywhere and after a rename.
 */
export function avatarColour(userId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < userId.length; index++) {
    hash ^= userId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % AVATAR_COLOURS) + 1;
}

/** "Ada Lovelace" → "AL", "ada" → "A", "" → "?": the first letters of the first two words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? "");
  return letters.join("").toLocaleUpperCase() || "?";
}
