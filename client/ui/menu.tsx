import { Menu as BaseMenu } from "@base-ui/react/menu";
import { Check, ChevronRight } from "lucide-react";
import {
  cloneElement,
  createContext,
  use,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
} from "react";
import { Kbd } from "./kbd.tsx";
import "./popup.css";

/**
 * Base UI's Menu with the design system's look. Base UI does the keyboard (arrows, typeahead,
 * Enter, Esc), the focus and the placement; these parts only dress it.
 *
 * A menu's Base UI machinery mounts the first time it opens: until then `MenuTrigger` is a plain
 * button and `MenuContent` nothing. A board's header, filters and sidebar hold half a dozen
 * menus that are rarely opened, and their roots, closed, were a third of a megabyte of the
 * page's memory and work on every load. Once opened, a menu stays mounted (its closing
 * animation plays, and it opens again at once).
 */
type MenuState = {
  open: boolean;
  /** Whether its Base UI machinery is mounted: from the first time it opened. */
  mounted: boolean;
  setOpen: (open: boolean) => void;
  parts: RefObject<MenuParts>;
};

type MenuParts = {
  trigger: HTMLElement | null;
  /** Whether the trigger was pressed while the menu was open: that press closes it. */
  pressedOpen: boolean;
  /** The key that opened it (Enter, Space, an arrow), which puts the focus on an item. */
  openingKey: string | null;
};

const MenuContext = createContext<MenuState | null>(null);
/** Set inside a mounted menu: a `MenuContent` there is a submenu's, part of Base UI's tree. */
const InsideMenu = createContext(false);

type MenuProps = {
  children: ReactNode;
  /** Controlled: whether it is open (a shortcut may open it), with `onOpenChange`. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** Every card of a board has one: closed, it is two hooks and a context. */
export function Menu({ children, open: controlled, onOpenChange }: MenuProps) {
  const [state, setState] = useState({ open: false, mounted: false });
  const parts = useRef<MenuParts>({ trigger: null, pressedOpen: false, openingKey: null });
  const open = controlled ?? state.open;
  const mounted = state.mounted || open;
  const setOpen = (next: boolean) => {
    setState({ open: next, mounted: true });
    onOpenChange?.(next);
  };
  return <MenuContext value={{ open, mounted, setOpen, parts }}>{children}</MenuContext>;
}

function useMenu(part: string): MenuState {
  const menu = use(MenuContext);
  if (!menu) throw new Error(`${part} belongs inside a Menu`);
  return menu;
}

type MenuTriggerProps = Omit<ComponentProps<"button">, "ref"> & {
  /** The element to draw (a `Button`, say); a plain button otherwise. */
  render?: ReactElement<ComponentProps<"button">>;
};

/** Opens its `Menu` on a click, Enter, Space or an arrow key; marked `data-popup-open` while open. */
export function MenuTrigger({ render, children, ...rest }: MenuTriggerProps) {
  const { open, setOpen, parts } = useMenu("MenuTrigger");
  const own = render?.props.ref;
  const props: ComponentProps<"button"> = {
    type: "button",
    ...rest,
    ref: (element: HTMLButtonElement | null) => {
      parts.current.trigger = element;
      assignRef(own, element);
    },
    "aria-haspopup": "menu",
    "aria-expanded": open,
    ...{ "data-popup-open": open ? "" : undefined },
    onPointerDown: (event) => {
      // Base UI closes an open menu on a press outside it, the trigger included: the click
      // that follows must not open it again.
      parts.current.pressedOpen = open;
      rest.onPointerDown?.(event);
    },
    onClick: (event) => {
      rest.onClick?.(event);
      const wasOpen = parts.current.pressedOpen;
      parts.current.pressedOpen = false;
      // A click from Enter or Space has no pointer (detail 0): the first item takes the focus.
      parts.current.openingKey = event.detail === 0 ? "ArrowDown" : null;
      setOpen(wasOpen ? false : !open);
    },
    onKeyDown: (event) => {
      rest.onKeyDown?.(event);
      if (!open && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
        event.preventDefault();
        parts.current.openingKey = event.key;
        setOpen(true);
      }
    },
  };
  if (render) return cloneElement(render, props, children ?? render.props.children);
  return <button {...props}>{children}</button>;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

type MenuContentProps = {
  children: ReactNode;
  side?: "top" | "bottom" | "left" | "right" | "inline-end";
  align?: "start" | "center" | "end";
  /** What it opens beside, when not its `MenuTrigger` (a menu opened from elsewhere). */
  anchor?: ComponentProps<typeof BaseMenu.Positioner>["anchor"];
  /** Where the focus goes when it closes; the trigger by default. */
  finalFocus?: ComponentProps<typeof BaseMenu.Popup>["finalFocus"];
  /** The menu's accessible name, when it has no trigger to be named by. */
  "aria-label"?: string;
};

/**
 * A menu's popup: of its `Menu` (mounted from the first time it opens), or of a `MenuSubmenu`
 * inside one.
 */
export function MenuContent(props: MenuContentProps) {
  const inside = use(InsideMenu);
  const menu = use(MenuContext);
  if (inside) return <MenuPopup {...props} />;
  if (!menu) throw new Error("MenuContent belongs inside a Menu");
  return menu.mounted ? <RootContent {...props} menu={menu} /> : null;
}

function RootContent({ menu, ...props }: MenuContentProps & { menu: MenuState }) {
  const { open, setOpen, parts } = menu;
  const popup = useRef<HTMLDivElement>(null);
  // Base UI's own trigger tells its list which key opened it; this one hands the list that key
  // once the popup has the focus, and the list puts it on the first (or last) item.
  useEffect(() => {
    const key = parts.current.openingKey;
    if (!open || !key) return;
    parts.current.openingKey = null;
    const frame = requestAnimationFrame(() =>
      popup.current?.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true })),
    );
    return () => cancelAnimationFrame(frame);
  }, [open, parts]);
  const trigger = () => parts.current.trigger;
  return (
    <BaseMenu.Root open={open} onOpenChange={setOpen}>
      <InsideMenu value>
        <MenuPopup
          {...props}
          popup={popup}
          anchor={props.anchor ?? trigger}
          finalFocus={props.finalFocus ?? trigger}
        />
      </InsideMenu>
    </BaseMenu.Root>
  );
}

function MenuPopup(props: MenuContentProps & { popup?: RefObject<HTMLDivElement | null> }) {
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
          ref={props.popup}
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

export const MenuGroup = BaseMenu.Group;
export const MenuRadioGroup = BaseMenu.RadioGroup;
export const MenuSubmenu = BaseMenu.SubmenuRoot;

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
