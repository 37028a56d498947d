import { useId, useState } from "react";
import {
  directMailCadences,
  otherMailCadences,
  type NotificationSettings,
} from "../../../../shared/entities.ts";
import { showError } from "../../../lib/api-errors.ts";
import { useSession } from "../../../platform/session/session-store.ts";
import { useSync } from "../../../platform/sync/replicache-provider.tsx";
import { useNotificationSettings } from "../../../platform/sync/store-hooks.ts";
import { Button } from "../../../ui/button.tsx";

type Cadence = NotificationSettings["direct"];

const cadenceLabels: Record<Cadence, string> = {
  instant: "At once",
  hourly: "Hourly digest",
  daily: "Daily digest",
  off: "Off",
};

/** The server's defaults, until the person's settings have reached this browser. */
const defaults = { direct: "instant", other: "daily" } as const;

/**
 * Mail about notifications (server/notifications/README.md): mentions and assignments at once,
 * in a digest or not at all; everything else in a digest or not at all. Unlike the other
 * preferences these are the account's, kept by the server (`updateNotificationSettings`);
 * every mail's unsubscribe link turns both off. Also asks for system notifications.
 */
export function NotificationsSection() {
  const { rep } = useSync();
  const userId = useSession()?.user.id ?? "";
  const settings = useNotificationSettings(userId) ?? { id: userId, ...defaults };
  const headingId = useId();

  const update = (changes: Partial<Pick<NotificationSettings, "direct" | "other">>) =>
    rep.mutate
      .updateNotificationSettings(changes)
      .catch((error: unknown) => showError(error, "The notification settings could not be saved"));

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Notifications</h2>
      <p className="muted">
        What reaches your inbox also comes by mail, as you choose here. Kept with your account, in
        every browser.
      </p>
      <div className="form">
        <CadenceChoice
          legend="Mentions and assignments by mail"
          name="notify-direct"
          options={directMailCadences}
          value={settings.direct}
          onChange={(direct) => void update({ direct })}
        />
        <CadenceChoice
          legend="Comments, status, priority and due dates by mail"
          name="notify-other"
          options={otherMailCadences}
          value={settings.other}
          onChange={(other) => void update({ other })}
        />
        <SystemNotificationsChoice />
      </div>
    </section>
  );
}

function CadenceChoice<Value extends Cadence>(props: {
  legend: string;
  name: string;
  options: readonly Value[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className="preference-choice">
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option} className="checkbox-field">
          <input
            type="radio"
            name={props.name}
            value={option}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
          />
          {cadenceLabels[option]}
        </label>
      ))}
    </fieldset>
  );
}

/** The browser's own permission: a pop-up for a mention or assignment while the tab is hidden. */
function SystemNotificationsChoice() {
  const supported = typeof window.Notification === "function";
  const [permission, setPermission] = useState(supported ? Notification.permission : "denied");
  if (!supported) return null;
  const ask = () =>
    Notification.requestPermission()
      .then(setPermission)
      .catch((error: unknown) => showError(error, "The browser did not ask"));
  return (
    <fieldset className="preference-choice">
      <legend>System notifications</legend>
      {permission === "granted" ? (
        <p className="muted">
          On: a mention or an assignment shows a notification while this tab is in the background.
        </p>
      ) : permission === "denied" ? (
        <p className="muted">Blocked in this browser; allow notifications in its site settings.</p>
      ) : (
        <div>
          <Button size="lg" onClick={() => void ask()}>
            Allow system notifications
          </Button>
        </div>
      )}
    </fieldset>
  );
}
