import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { ComboboxTrigger } from "../combobox.tsx";
import { Tooltip } from "../tooltip.tsx";
import "./pickers.css";

/**
 * How a picker shows its value: a bordered chip (create dialog, filters), a full-width button
 * (the task page's properties) or the icon alone (a card), named by a tooltip.
 */
export type PickerVariant = "chip" | "button" | "icon";

/**
 * A picker's open state. The picker's button is a plain button, and its Base UI combobox (the
 * popup, its list and its machinery) is drawn only while it is open or its closing animation
 * runs (`live`): a page of closed pickers (the peek's five, redrawn on every `j`) costs five
 * buttons. The popup opens beside the button and gives the focus back to it, as a Base UI
 * trigger's would.
 */
type Picker = {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Whether to draw the combobox: open, or still closing. */
  live: boolean;
  /** For the combobox's root: its open state, and the end of its closing animation. */
  root: {
    open: boolean;
    onOpenChange: (open: boolean) => void;
    onOpenChangeComplete: (open: boolean) => void;
  };
  /** The button: the popup's anchor and where the focus goes back to. */
  button: RefObject<HTMLButtonElement | null>;
  /**
   * For the popup (`ComboboxContent`): beside the button, the id the button names while it is
   * open, the focus back to the button.
   */
  popup: {
    id: string;
    anchor: RefObject<HTMLButtonElement | null>;
    finalFocus: () => HTMLElement | false | null;
  };
  /** When it last closed (`performance.now()`). */
  closedAt: RefObject<number>;
};

/**
 * `open` and `onOpenChange` open it from outside (a shortcut); leave both out to let it open on
 * its own.
 */
export function usePicker(open?: boolean, onOpenChange?: (open: boolean) => void): Picker {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  // Closing, however it closes (here, or the `open` prop): drawn until the animation ends.
  const [closing, setClosing] = useState(false);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    setClosing(!isOpen);
  }
  const button = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const closedAt = useRef(-1);
  const setOpen = useCallback(
    (next: boolean) => {
      setOwnOpen(next);
      if (!next) closedAt.current = performance.now();
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  // What had the focus when it opened: a picker opened from its button gives the focus back to
  // the button, one opened by a shortcut to where the person was (the focused card, say).
  const openedFrom = useRef<Element | null>(null);
  // Base UI hands the focus back when the popup has gone, after its closing animation: by then
  // the person may have opened another picker, whose filter field must keep it.
  const finalFocus = useCallback(() => {
    const active = document.activeElement;
    const popup = document.getElementById(popupId);
    if (active && active !== document.body && !popup?.contains(active)) return false;
    const from = openedFrom.current;
    if (from instanceof HTMLElement && from.isConnected && from !== document.body) return from;
    return button.current;
  }, [popupId]);
  const onOpenChangeComplete = useCallback((next: boolean) => {
    if (!next) setClosing(false);
  }, []);
  // The combobox is drawn closed first and opened in the same frame, as a trigger of its own
  // would open it: opened as it mounts, it would not highlight the current value.
  const live = isOpen || closing;
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => {
    if (live) openedFrom.current = document.activeElement;
    setMounted(live);
  }, [live]);
  return {
    open: isOpen,
    setOpen,
    live,
    root: { open: isOpen && mounted, onOpenChange: setOpen, onOpenChangeComplete },
    button,
    popup: { id: popupId, anchor: button, finalFocus },
    closedAt,
  };
}

type PickerTriggerProps = {
  /**
   * The picker it opens (`usePicker`). Left out, it is the Base UI trigger of the combobox it is
   * drawn in (the task picker's).
   */
  picker?: Picker;
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

/**
 * The button that opens a picker: its value as an icon and words. With a `picker`, a plain
 * button: a click, Enter, Space and the up and down arrows open it, and it is announced as Base
 * UI's trigger is (a combobox whose popup is a dialog). Letters typed on it stay shortcuts (`p`
 * on the status trigger opens priority).
 */
export function PickerTrigger(props: PickerTriggerProps) {
  const { picker, variant, property, valueText, icon, children, empty = false, text } = props;
  const name = text ?? `${property}: ${valueText}`;
  // A press on the button of an open picker closes it (a press outside the popup), and the
  // click that ends the press must not open it again.
  const pressedAt = useRef<number | null>(null);
  const content = (
    <>
      {icon && <span className="ui-picker-trigger-icon">{icon}</span>}
      {variant !== "icon" &&
        (text ? (
          <span className="ui-picker-value">{text}</span>
        ) : (
          (children ?? <span className="ui-picker-value">{valueText}</span>)
        ))}
    </>
  );
  const look = {
    className: "ui-picker-trigger",
    "data-variant": variant,
    "data-empty": empty || undefined,
    "aria-label": name,
    disabled: props.disabled,
  };
  const trigger = picker ? (
    <button
      {...look}
      ref={picker.button}
      type="button"
      role="combobox"
      aria-haspopup="dialog"
      aria-expanded={picker.open}
      aria-controls={picker.open ? picker.popup.id : undefined}
      data-popup-open={picker.open || undefined}
      onPointerDown={(event) => {
        pressedAt.current = event.timeStamp;
      }}
      onClick={(event) => {
        const pressed = pressedAt.current;
        pressedAt.current = null;
        // A click from the keyboard (Enter, Space) had no press of its own.
        const byPointer = event.detail !== 0;
        if (byPointer && pressed !== null && picker.closedAt.current >= pressed) return;
        picker.setOpen(!picker.open);
      }}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
        event.preventDefault();
        picker.setOpen(true);
      }}
    >
      {content}
    </button>
  ) : (
    <ComboboxTrigger
      {...look}
      onKeyDown={(event) => {
        // Base UI picks a value when a letter is typed on a closed trigger, as a native select
        // does; here letters are shortcuts (`p` on the status trigger opens priority).
        if (isLetter(event)) event.preventBaseUIHandler();
      }}
    >
      {content}
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
