import { nanoid } from "nanoid";
import { labelColors, type Label } from "../../../shared/entities.ts";
import type { Rep } from "./create-replicache.ts";

/**
 * A new label of the workspace, made from a picker's "Create label …": its colour is the next
 * of the palette (gray, the first, is for nothing in particular). Resolves to the label's id.
 */
export async function createLabel(
  rep: Rep,
  workspaceId: string,
  name: string,
  existing: readonly Label[],
): Promise<string> {
  const id = nanoid();
  const color = labelColors[(existing.length + 1) % labelColors.length] ?? "red";
  await rep.mutate.createLabel({
    id,
    workspaceId,
    name,
    color,
    createdAt: new Date().toISOString(),
  });
  return id;
}
