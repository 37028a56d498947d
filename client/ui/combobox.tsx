import { Combobox as BaseCombobox } from "@base-ui/react/combobox";
import { Check, Search } from "lucide-react";
import type { ComponentProps, ReactNode, RefObject } from "react";
import { classNames } from "./class-names.ts";
import "./popup.css";
import "./combobox.css";

/**
 * Base UI's Combobox, in the shape the pickers use: a trigger (a chip or a button) opens a
 * popup whose first row is the filter field; typing filters, the arrows move, Enter picks, Esc
 * closes and focus goes back to the trigger. Base UI does all of that and the placement.
 */
export const Combobox = BaseCombobox.Root;
export const ComboboxTrigger = BaseCombobox.Trigger;
export const useComboboxFilter = BaseCombobox.useFilter;

type ComboboxContentProps = {
  /** The popup's name for screen readers, e.g. "Change status". */
  title: string;
  /** Placeholder of the filter field, e.g. "Change status…". */
  placeholder: string;
  /** The filter field's name for screen readers. */
  inputLabel: string;
  /** Shown when nothing matches what was typed. */
  empty?: ReactNode;
  /** The list (`ComboboxList`), then anything below it (the calendar of the due date). */
  children: ReactNode;
  className?: string;
  align?: "start" | "center" | "end";
  /** Where the popup opens when the combobox has no trigger of its own (a menu's choice opens it). */
  anchor?: RefObject<HTMLElement | null>;
  /** Where the focus goes when it closes, when that is not the trigger (Base UI's `finalFocus`). */
  finalFocus?: ComponentProps<typeof BaseCombobox.Popup>["finalFocus"];
  /** The popup's id, for a button of our own that opens it (`aria-controls`). */
  id?: string;
};

export function ComboboxContent(props: ComboboxContentProps) {
  const { title, placeholder, inputLabel, empty, children, className, align = "start" } = props;
  return (
    <BaseCombobox.Portal>
      <BaseCombobox.Positioner
        className="ui-positioner"
        align={align}
        sideOffset={6}
        anchor={props.anchor}
      >
        <BaseCombobox.Popup
          id={props.id}
          className={classNames("ui-popup", "ui-combobox-popup", className)}
          aria-label={title}
          finalFocus={props.finalFocus}
        >
          <div className="ui-popup-search">
            <Search aria-hidden />
            <BaseCombobox.Input
              className="ui-popup-search-input"
              placeholder={placeholder}
              aria-label={inputLabel}
            />
          </div>
          {empty && <BaseCombobox.Empty className="ui-popup-empty">{empty}</BaseCombobox.Empty>}
          {children}
        </BaseCombobox.Popup>
      </BaseCombobox.Positioner>
    </BaseCombobox.Portal>
  );
}

type ComboboxListProps = Omit<ComponentProps<typeof BaseCombobox.List>, "className">;

export function ComboboxList(props: ComboboxListProps) {
  return <BaseCombobox.List className="ui-list ui-combobox-list" {...props} />;
}

type ComboboxItemProps = Omit<ComponentProps<typeof BaseCombobox.Item>, "className"> & {
  className?: string;
  icon?: ReactNode;
  /** After the label, on the right: a date, a count. */
  end?: ReactNode;
  /** Whether a check marks the chosen options (off for actions such as "Create label"). */
  indicator?: boolean;
};

export function ComboboxItem(props: ComboboxItemProps) {
  const { icon, end, indicator = true, className, children, ...rest } = props;
  return (
    <BaseCombobox.Item className={classNames("ui-item", className)} {...rest}>
      {icon && <span className="ui-item-icon">{icon}</span>}
      <span className="ui-item-label">{children}</span>
      {(end || indicator) && (
        <span className="ui-item-end">
          {end}
          {indicator && (
            <BaseCombobox.ItemIndicator render={<span />}>
              <Check aria-hidden />
            </BaseCombobox.ItemIndicator>
          )}
        </span>
      )}
    </BaseCombobox.Item>
  );
}
