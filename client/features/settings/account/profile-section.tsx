import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { PictureField } from "../../../platform/http/picture-field.tsx";
import { unwrap } from "../../../lib/api-errors.ts";
import { authClient } from "../../../platform/session/auth-client.ts";
import { refreshSession, type AppSession } from "../../../platform/session/session-store.ts";
import { useAction } from "../../../platform/http/use-action.ts";
import { NameField } from "../../../ui/name-fields.tsx";
import { Button } from "../../../ui/button.tsx";

export function ProfileSection({ user }: { user: AppSession["user"] }) {
  const [pending, run] = useAction();
  const [name, setName] = useState(user.name);
  const [image, setImage] = useState(user.image ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await unwrap(authClient.updateUser({ name: name.trim(), image }));
      await refreshSession();
      toast.success("Profile saved");
    });
  };

  return (
    <section className="settings-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <form className="form" onSubmit={submit}>
        <NameField autoComplete="name" value={name} onValueChange={setName} />
        <PictureField
          label="Picture"
          owner={{ id: user.id, name }}
          value={image}
          onChange={setImage}
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" size="lg" disabled={pending}>
            Save profile
          </Button>
        </div>
      </form>
    </section>
  );
}
