import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { TextField } from "../../components/text-field.tsx";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../lib/auth-client.ts";
import { refreshSession } from "../../lib/session-store.ts";
import { useAction } from "../../lib/use-action.ts";
import { Logo } from "../../ui/logo.tsx";

/** For accounts made without a name (sign-in link, some providers): the guard skips named ones. */
export const Route = createLazyRoute("/_authenticated/profile-setup")({ component: ProfileSetup });

function ProfileSetup() {
  const navigate = useNavigate();
  const [pending, run] = useAction();
  const [name, setName] = useState("");
  const [image, setImage] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await unwrap(authClient.updateUser({ name: name.trim(), image: image.trim() || null }));
      await refreshSession();
      await navigate({ to: "/dashboard" });
    });
  };

  return (
    <main className="auth-screen">
      <div className="auth-card">
        <p className="brand">
          <Logo withName />
        </p>
        <h1>Set up your profile</h1>
        <p>This is how the people you work with will see you.</p>
        <form className="form" onSubmit={submit}>
          <TextField
            label="Name"
            autoComplete="name"
            required
            maxLength={100}
            pattern=".*\S.*"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label="Picture URL (optional)"
            type="url"
            autoComplete="photo"
            placeholder="https://…"
            value={image}
            onChange={(event) => setImage(event.target.value)}
          />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={pending}>
              Continue
            </button>
          </div>
        </form>
      </div>
    </main>
  );
}
