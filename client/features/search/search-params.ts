import { z } from "zod";

/** The search screen keeps its query in the address (`?q=`): a search is a link to share. */
export const searchPageSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
});
