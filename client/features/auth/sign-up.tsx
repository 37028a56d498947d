import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/auth/sign-up")({ component: SignUp });

function SignUp() {
  return <h1>Sign up</h1>;
}
