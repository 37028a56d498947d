/**
 * The argument fields several entities' mutators share: names, keys, positions, descriptions.
 */
import { z } from "zod";
import { idSchema } from "../entities.ts";
import { PROJECT_KEY_PATTERN } from "../task-key.ts";
import { isValidPosition } from "../task-position.ts";

export const nameField = (max: number) => z.string().trim().min(1).max(max);
export const projectKeySchema = z
  .string()
  .regex(PROJECT_KEY_PATTERN, "2 to 8 uppercase letters or digits, starting with a letter");
export const labelIdsSchema = z.array(idSchema).max(50);
export const descriptionSchema = z.string().max(100_000);
export const positionSchema = z
  .string()
  .max(200)
  .refine(isValidPosition, "not a fractional-indexing key");
