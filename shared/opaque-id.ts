/**
 * Ids the server did not mint and only stores or looks up as given: Replicache's client and
 * client group ids, the record id in a pull cookie, better-auth's ids in a request. Product
 * ids (projects, tasks…) are stricter: `idSchema` in entities.ts.
 *
 * Bounded, and without control characters: Postgres cannot store a NUL in text (error 22021,
 * which used to surface as a 500), and a lone surrogate would be stored as U+FFFD, an id
 * other than the one the client holds.
 */
import { z } from "zod";

const MAX_OPAQUE_ID_LENGTH = 200;

const UNSTORABLE = /[\p{Cc}\p{Cs}]/u;

/** True for a control character (C0, DEL, C1) or a lone surrogate anywhere in the string. */
export const hasControlCharacters = (value: string) => UNSTORABLE.test(value);

export const opaqueIdSchema = z
  .string()
  .min(1)
  .max(MAX_OPAQUE_ID_LENGTH)
  .refine((value) => !hasControlCharacters(value), "control characters");
