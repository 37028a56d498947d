import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/auth/sign-in")({ component: SignIn });

function SignIn() {
  return <h1>Sign in</h1>;
}
