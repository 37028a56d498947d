import { createLazyRoute } from "@tanstack/react-router";
import { useId, type ReactNode } from "react";
import { toast } from "sonner";
import {
  themes,
  viewModes,
  type Preferences,
  type Theme,
} from "../../platform/preferences/preferences.ts";
import { cardFields } from "../../platform/preferences/card-fields.ts";
import { preferencesStore, usePreferences } from "../../platform/preferences/use-preferences.ts";
import { useWorkspaces } from "../../platform/sync/store-hooks.ts";
import { NotificationsSection } from "./account/notifications-section.tsx";
import { Button } from "../../ui/button.tsx";

export const Route = createLazyRoute("/_authenticated/dashboard/settings/account/preferences")({
  component: AccountPreferences,
});

const themeLabels: Record<Theme, string> = {
  light: "Light",
  dark: "Dark",
  system: "System (follows your device)",
};
const viewModeLabels: Record<Preferences["viewMode"], string> = { board: "Board", list: "List" };

/**
 * Every local preference of SPEC.md section 3. A change applies at once (and in other tabs);
 * there is nothing to save. They live in this browser only.
 */
function AccountPreferences() {
  const preferences = usePreferences();
  const workspaces = useWorkspaces();
  const update = (changes: Partial<Preferences>) => preferencesStore.update(changes);

  const reset = () => {
    preferencesStore.reset();
    toast.success("Preferences reset to their defaults");
  };

  return (
    <section className="page page-narrow">
      <h1>Preferences</h1>
      <p className="muted">Changes apply at once and are kept in this browser.</p>

      <PreferenceGroup title="Appearance">
        <Choice
          legend="Theme"
          name="theme"
          options={themes.map((theme) => ({ value: theme, label: themeLabels[theme] }))}
          value={preferences.theme}
          onChange={(theme) => update({ theme })}
        />
      </PreferenceGroup>

      <PreferenceGroup title="Board">
        <Choice
          legend="Default view"
          name="viewMode"
          options={viewModes.map((mode) => ({ value: mode, label: viewModeLabels[mode] }))}
          value={preferences.viewMode}
          onChange={(viewMode) => update({ viewMode })}
        />
        <fieldset className="preference-choice">
          <legend>On task cards</legend>
          {cardFields.map(({ field, label }) => (
            <Toggle
              key={field}
              label={label}
              checked={preferences[field]}
              onChange={(checked) => update({ [field]: checked })}
            />
          ))}
        </fieldset>
      </PreferenceGroup>

      <PreferenceGroup title="Navigation">
        <Toggle
          label="Show the sidebar with its labels (folded, it shows only icons)"
          checked={preferences.sidebarDefaultOpen}
          onChange={(sidebarDefaultOpen) => update({ sidebarDefaultOpen })}
        />
        <Toggle
          label="Single-key shortcuts (such as / and t c)"
          checked={preferences.singleKeyShortcuts}
          onChange={(singleKeyShortcuts) => update({ singleKeyShortcuts })}
        />
        <WorkspaceChoice
          value={preferences.activeWorkspaceId}
          workspaces={workspaces}
          onChange={(activeWorkspaceId) => update({ activeWorkspaceId })}
        />
      </PreferenceGroup>

      <div className="form-actions">
        <Button size="lg" onClick={reset}>
          Reset to defaults
        </Button>
      </div>

      <NotificationsSection />
    </section>
  );
}

function PreferenceGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div className="form">{children}</div>
    </section>
  );
}

function Choice<Value extends string>(props: {
  legend: string;
  name: string;
  options: { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className="preference-choice">
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value} className="checkbox-field">
          <input
            type="radio"
            name={props.name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

function Toggle(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox-field">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.label}
    </label>
  );
}

function WorkspaceChoice(props: {
  value: string | null;
  workspaces: { id: string; name: string }[];
  onChange: (workspaceId: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Workspace the dashboard opens</label>
      <select
        id={id}
        className="input"
        value={props.value ?? ""}
        onChange={(event) => props.onChange(event.target.value || null)}
      >
        <option value="">The first one I belong to</option>
        {props.workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name}
          </option>
        ))}
      </select>
    </div>
  );
}
