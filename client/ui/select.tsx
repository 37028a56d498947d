import { Select as BaseSelect } from "@base-ui/react/select";
import { Check, ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { classNames } from "./class-names.ts";
import "./popup.css";
import "./select.css";

type SelectOption<Value extends string> = {
  value: Value;
  label: string;
  icon?: ReactNode;
};

type SelectProps<Value extends string> = {
  value: Value;
  options: readonly SelectOption<Value>[];
  onValueChange: (value: Value) => void;
  /** The field's name when no visible label points at it. */
  "aria-label"?: string;
  /** For a `<label htmlFor>`. */
  id?: string;
  disabled?: boolean;
  size?: "sm" | "md";
  className?: string;
};

/** A choice among a few fixed options (a settings field); for long lists use a picker. */
export function Select<Value extends string>(props: SelectProps<Value>) {
  const { value, options, onValueChange, disabled, size = "md", className } = props;
  const selected = options.find((option) => option.value === value);
  return (
    <BaseSelect.Root
      value={value}
      items={options}
      disabled={disabled}
      onValueChange={(next) => {
        // The list holds only options, so a value that is not one (null) never comes back.
        const option = options.find((candidate) => candidate.value === next);
        if (option) onValueChange(option.value);
      }}
    >
      <BaseSelect.Trigger
        id={props.id}
        aria-label={props["aria-label"]}
        className={classNames("ui-select-trigger", className)}
        data-size={size}
      >
        {selected?.icon && <span className="ui-item-icon">{selected.icon}</span>}
        <BaseSelect.Value className="ui-select-value" />
        <BaseSelect.Icon className="ui-select-chevron">
          <ChevronDown aria-hidden />
        </BaseSelect.Icon>
      </BaseSelect.Trigger>
      <BaseSelect.Portal>
        <BaseSelect.Positioner
          className="ui-positioner"
          align="start"
          sideOffset={6}
          alignItemWithTrigger={false}
        >
          <BaseSelect.Popup className="ui-popup">
            <BaseSelect.List className="ui-list">
              {options.map((option) => (
                <BaseSelect.Item
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  className="ui-item"
                >
                  {option.icon && <span className="ui-item-icon">{option.icon}</span>}
                  <BaseSelect.ItemText className="ui-item-label">
                    {option.label}
                  </BaseSelect.ItemText>
                  <BaseSelect.ItemIndicator className="ui-item-end">
                    <Check aria-hidden />
                  </BaseSelect.ItemIndicator>
                </BaseSelect.Item>
              ))}
            </BaseSelect.List>
          </BaseSelect.Popup>
        </BaseSelect.Positioner>
      </BaseSelect.Portal>
    </BaseSelect.Root>
  );
}
