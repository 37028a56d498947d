import { Popover as BasePopover } from "@base-ui/react/popover";
import type { ComponentProps, ReactNode } from "react";
import { classNames } from "./class-names.ts";
import "./popup.css";
import "./popover.css";

/** Base UI's Popover: `open` / `onOpenChange` control it from outside (a shortcut). */
export const Popover = BasePopover.Root;
export const PopoverTrigger = BasePopover.Trigger;

type PopoverContentProps = {
  children: ReactNode;
  side?: "top" | "bottom" | "left" | "right";
  align?: "start" | "center" | "end";
  className?: string;
  /** Where focus goes on opening: by default the first focusable element inside. */
  initialFocus?: ComponentProps<typeof BasePopover.Popup>["initialFocus"];
  "aria-label"?: string;
};

/** The floating panel: placed beside its trigger, above the page, focus returned on close. */
export function PopoverContent(props: PopoverContentProps) {
  const { children, side = "bottom", align = "start", className, initialFocus } = props;
  return (
    <BasePopover.Portal>
      <BasePopover.Positioner className="ui-positioner" side={side} align={align} sideOffset={6}>
        <BasePopover.Popup
          className={classNames("ui-popup", "ui-popover", className)}
          initialFocus={initialFocus}
          aria-label={props["aria-label"]}
        >
          {children}
        </BasePopover.Popup>
      </BasePopover.Positioner>
    </BasePopover.Portal>
  );
}

export function PopoverTitle({ children }: { children: ReactNode }) {
  return <BasePopover.Title className="ui-popover-title">{children}</BasePopover.Title>;
}
