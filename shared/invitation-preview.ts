import { z } from "zod";

/**
 * What the invitation page shows a signed-out visitor who holds the mailed link: which
 * workspace, who invited, and the address the invitation was sent to (to sign up with).
 */
export const invitationPreviewSchema = z.object({
  workspaceName: z.string(),
  inviterName: z.string(),
  email: z.string(),
});

export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
