import { createLazyRoute, Link } from "@tanstack/react-router";

/** Only signed-out visitors see this: the invitation is kept until they sign in or sign up. */
export const Route = createLazyRoute("/auth/accept-invitation/$inviteId")({
  component: AcceptInvitation,
});

function AcceptInvitation() {
  return (
    <>
      <h1>Accept invitation</h1>
      <p>
        You have been invited to a workspace. Sign in, or create an account with the email address
        the invitation was sent to, and you will join it right away.
      </p>
      <div className="auth-methods">
        <Link to="/auth/sign-in" className="button button-primary button-block">
          Sign in to accept
        </Link>
        <Link to="/auth/sign-up" className="button button-block">
          Create an account
        </Link>
      </div>
    </>
  );
}
