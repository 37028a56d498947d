import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/auth/accept-invitation/$inviteId")({
  component: AcceptInvitation,
});

function AcceptInvitation() {
  return <h1>Accept invitation</h1>;
}
