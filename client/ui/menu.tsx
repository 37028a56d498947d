import { Menu as BaseMenu } from "@base-ui/react/menu";
import { Check, ChevronRight } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Kbd } from "./kbd.tsx";
import "./popup.css";

/**
 * Base UI's Menu with the design system's look. Base UI does the keyboard (arrows, typeahead,
 * Enter, Esc), the focus and the placement; these parts only dress it.
 */
export const Menu = BaseMenu.Root;
export const MenuTrigger = BaseMenu.Trigger;
export const MenuGroup = BaseMenu.Group;
export const MenuRadioGroup = BaseMenu.RadioGroup;
export const MenuSubmenu = BaseMenu.SubmenuRoot;

type MenuContentProps = {
  children: ReactNode;
  side?: "top" | "bottom" | "left" | "right" | "inline-end";
  align?: "start" | "center" | "end";
  /** For a menu without a `MenuTrigger` (mounted only when opened): what it opens beside. */
  anchor?: ComponentProps<typeof BaseMenu.Positioner>["anchor"];
  /** Where the focus goes when it closes; the trigger by default. */
  finalFocus?: ComponentProps<typeof BaseMenu.Popup>["finalFocus"];
  /** The menu's accessible name, when it has no trigger to be named by. */
  "aria-label"?: string;
};

export function MenuContent(props: MenuContentProps) {
  const { children, side = "bottom", align = "start", anchor, finalFocus } = props;
  return (
    <BaseMenu.Portal>
      <BaseMenu.Positioner
        className="ui-positioner"
        side={side}
        align={align}
        anchor={anchor}
        sideOffset={side === "inline-end" ? 2 : 6}
        alignOffset={side === "inline-end" ? -5 : 0}
      >
        <BaseMenu.Popup
          className="ui-popup ui-list"
          finalFocus={finalFocus}
          aria-label={props["aria-label"]}
        >
          {children}
        </BaseMenu.Popup>
      </BaseMenu.Positioner>
    </BaseMenu.Portal>
  );
}

type ItemExtras = {
  /** An icon before the label. */
  icon?: ReactNode;
  /** The keys that do the same, shown at the end. */
  shortcut?: readonly string[];
};

type MenuItemProps = Omit<ComponentProps<typeof BaseMenu.Item>, "className"> & ItemExtras;

export function MenuItem({ icon, shortcut, children, ...rest }: MenuItemProps) {
  return (
    <BaseMenu.Item className="ui-item" {...rest}>
      {icon && <span className="ui-item-icon">{icon}</span>}
      <span className="ui-item-label">{children}</span>
      {shortcut && (
        <span className="ui-item-end">
          <Kbd keys={shortcut} />
        </span>
      )}
    </BaseMenu.Item>
  );
}

type MenuRadioItemProps = Omit<ComponentProps<typeof BaseMenu.RadioItem>, "className"> & ItemExtras;

/** One choice of a `MenuRadioGroup`; the chosen one carries a check at the end. */
export function MenuRadioItem({ icon, shortcut, children, ...rest }: MenuRadioItemProps) {
  return (
    <BaseMenu.RadioItem className="ui-item" {...rest}>
      {icon && <span className="ui-item-icon">{icon}</span>}
      <span className="ui-item-label">{children}</span>
      <span className="ui-item-end">
        {shortcut && <Kbd keys={shortcut} />}
        <BaseMenu.RadioItemIndicator>
          <Check aria-hidden />
        </BaseMenu.RadioItemIndicator>
      </span>
    </BaseMenu.RadioItem>
  );
}

type MenuCheckboxItemProps = Omit<ComponentProps<typeof BaseMenu.CheckboxItem>, "className"> &
  ItemExtras;

export function MenuCheckboxItem({ icon, children, ...rest }: MenuCheckboxItemProps) {
  return (
    <BaseMenu.CheckboxItem className="ui-item" {...rest}>
      {icon && <span className="ui-item-icon">{icon}</span>}
      <span className="ui-item-label">{children}</span>
      <span className="ui-item-end">
        <BaseMenu.CheckboxItemIndicator>
          <Check aria-hidden />
        </BaseMenu.CheckboxItemIndicator>
      </span>
    </BaseMenu.CheckboxItem>
  );
}

type MenuSubmenuTriggerProps = Omit<ComponentProps<typeof BaseMenu.SubmenuTrigger>, "className"> & {
  icon?: ReactNode;
};

/** Opens a nested `MenuSubmenu` (whose `MenuContent` takes `side="inline-end"`). */
export function MenuSubmenuTrigger({ icon, children, ...rest }: MenuSubmenuTriggerProps) {
  return (
    <BaseMenu.SubmenuTrigger className="ui-item" {...rest}>
      {icon && <span className="ui-item-icon">{icon}</span>}
      <span className="ui-item-label">{children}</span>
      <span className="ui-item-end">
        <ChevronRight aria-hidden />
      </span>
    </BaseMenu.SubmenuTrigger>
  );
}

export function MenuSeparator() {
  return <BaseMenu.Separator className="ui-separator" />;
}

export function MenuGroupLabel({ children }: { children: ReactNode }) {
  return <BaseMenu.GroupLabel className="ui-group-label">{children}</BaseMenu.GroupLabel>;
}
