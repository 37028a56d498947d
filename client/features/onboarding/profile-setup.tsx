import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { PictureField } from "../../platform/http/picture-field.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../platform/session/auth-client.ts";
import { refreshSession, useSession } from "../../platform/session/session-store.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { Logo } from "../../ui/logo.tsx";
import { Button } from "../../ui/button.tsx";

/** For accounts made without a name (sign-in link, some providers): the guard skips named ones. */
export const Route = createLazyRoute("/_authenticated/profile-setup")({ component: ProfileSetup });

function ProfileSetup() {
  const navigate = useNavigate();
  const [pending, run] = useAction();
  const [name, setName] = useState("");
  const [image, setImage] = useState<string | null>(null);
  const userId = useSession()?.user.id ?? "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await unwrap(authClient.updateUser({ name: name.trim(), image }));
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
          <PictureField
            label="Picture (optional)"
            owner={{ id: userId, name }}
            value={image}
            onChange={setImage}
          />
          <div className="form-actions">
            <Button type="submit" variant="primary" size="lg" disabled={pending}>
              Continue
            </Button>
          </div>
        </form>
      </div>
    </main>
  );
}
