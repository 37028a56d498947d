import type { KeyboardEvent, ReactNode } from "react";
import { ComboboxTrigger } from "../combobox.tsx";
import { Tooltip } from "../tooltip.tsx";
import "./pickers.css";

/**
 * How a picker shows its value: a bordered chip (create dialog, filters), a full-width button
 * (the task page's properties) or the icon alone (a card), named by a tooltip.
 */
export type PickerVariant = "chip" | "button" | "icon";

type PickerTriggerProps = {
  variant: PickerVariant;
  /** The property, e.g. "Status": with the value it names the trigger for screen readers. */
  property: string;
  /** The value as words, e.g. "In progress". */
  valueText: string;
  /** The value as an icon. */
  icon: ReactNode;
  /** Shown instead of the value's text; the chips of the labels picker. */
  children?: ReactNode;
  /** Whether the value is unset, shown quieter ("No priority", "Unassigned"). */
  empty?: boolean;
  /**
   * Words shown, and read, in place of the value: an action such as "Set status" where the
   * picker edits several tasks whose values differ (the bulk bar).
   */
  text?: string;
  disabled?: boolean;
};

/** The button that opens a picker: its value as an icon and words. */
export function PickerTrigger(props: PickerTriggerProps) {
  const { variant, property, valueText, icon, children, empty = false, text, disabled } = props;
  const name = text ?? `${property}: ${valueText}`;
  const trigger = (
    <ComboboxTrigger
      className="ui-picker-trigger"
      data-variant={variant}
      data-empty={empty || undefined}
      aria-label={name}
      disabled={disabled}
      onKeyDown={(event) => {
        // Base UI picks a value when a letter is typed on a closed trigger, as a native select
        // does; here letters are shortcuts (`p` on the status trigger opens priority).
        if (isLetter(event)) event.preventBaseUIHandler();
      }}
    >
      {icon && <span className="ui-picker-trigger-icon">{icon}</span>}
      {variant !== "icon" &&
        (text ? (
          <span className="ui-picker-value">{text}</span>
        ) : (
          (children ?? <span className="ui-picker-value">{valueText}</span>)
        ))}
    </ComboboxTrigger>
  );
  if (variant !== "icon") return trigger;
  return <Tooltip label={name}>{trigger}</Tooltip>;
}

function isLetter(event: KeyboardEvent<HTMLElement>): boolean {
  return (
    event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.metaKey && !event.altKey
  );
}
