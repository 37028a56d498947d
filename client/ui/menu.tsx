import { Menu as BaseMenu } from "@base-ui/react/menu";
import { Check, ChevronRight } from "lucide-react";
import {
  cloneElement,
  createContext,
  createElement,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useMemo,
  useState,
  type ComponentProps,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type Ref,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from "react";
import { flushSync } from "react-dom";
import { classNames } from "./class-names.ts";
import { Kbd } from "./kbd.tsx";
import "./popup.css";

/** How a plain trigger (below) was reached: the menu mounts on the first of these. */
type Intent = "pointer" | "focus" | "press";

/** Inside a `Menu` not mounted yet: how its trigger mounts it. */
const MountMenu = createContext<((intent: Intent) => void) | null>(null);
/** Inside a mounted `Menu`: what its trigger takes over from the plain one it replaced. */
const Handover = createContext<RefObject<Intent | null> | null>(null);

/**
 * Base UI's Menu with the design system's look. Base UI does the keyboard (arrows, typeahead,
 * Enter, Esc), the focus and the placement; these parts only dress it.
 *
 * **Mounted on intent.** Until a pointer comes over its trigger or the focus reaches it, a menu
 * is a plain button and no Base UI machinery (its stores, its floating tree): a screen of many
 * menus seldom opened (every card's "⋯", the header's Display and Filter, the workspace
 * switcher) carries none. The swap happens before the press arrives: in the pointer's own
 * event (flushed, so the press that follows meets Base UI's trigger), or on focus (the new
 * trigger takes the focus back), so Base UI itself handles every click, Enter and arrow key. A
 * press that comes first anyway (a synthetic click) is handed on to Base UI's trigger once it is
 * mounted. A controlled `open` that turns true mounts it too (a shortcut that opens a menu).
 */
export function Menu(props: ComponentProps<typeof BaseMenu.Root>) {
  const { open, children } = props;
  const [mounted, setMounted] = useState(false);
  const handover = useRef<Intent | null>(null);
  const mount = useCallback((intent: Intent) => {
    if (intent === "pointer") {
      flushSync(() => setMounted(true));
      return;
    }
    handover.current = intent;
    setMounted(true);
  }, []);
  if (!mounted && !open && typeof children !== "function") {
    return <MountMenu.Provider value={mount}>{children}</MountMenu.Provider>;
  }
  return (
    <MountMenu.Provider value={null}>
      <Handover.Provider value={handover}>
        <BaseMenu.Root {...props} />
      </Handover.Provider>
    </MountMenu.Provider>
  );
}

type MenuTriggerProps = ComponentProps<typeof BaseMenu.Trigger>;

export function MenuTrigger(props: MenuTriggerProps) {
  const mount = useContext(MountMenu);
  return mount ? <PlainTrigger {...props} mount={mount} /> : <MountedTrigger {...props} />;
}

function MountedTrigger(props: MenuTriggerProps) {
  const handover = useContext(Handover);
  const element = useRef<HTMLButtonElement>(null);
  const { ref } = props;
  const refs = useMemo(() => mergeRefs(element, ref), [ref]);
  useLayoutEffect(() => {
    if (handover?.current !== "focus") return;
    handover.current = null;
    element.current?.focus();
  }, [handover]);
  // After Base UI's own effects: its trigger opens the menu as for any click.
  useEffect(() => {
    if (handover?.current !== "press") return;
    handover.current = null;
    element.current?.click();
  }, [handover]);
  return <BaseMenu.Trigger {...props} ref={refs} />;
}

/**
 * The trigger of a menu not mounted yet: the same element Base UI would draw (its `render`
 * element, else a button), closed, mounting the menu on the first sign of intent.
 */
function PlainTrigger(props: MenuTriggerProps & { mount: (intent: Intent) => void }) {
  const { mount, render, children, className, ...rest } = props;
  // Base UI's own options: nothing to draw.
  const {
    openOnHover: _openOnHover,
    delay: _delay,
    closeDelay: _closeDelay,
    nativeButton: _nativeButton,
    handle: _handle,
    payload: _payload,
    ...attributes
  } = rest as MenuTriggerProps & Record<"handle" | "payload", unknown>;
  const element: Record<string, unknown> = {
    ...attributes,
    className: typeof className === "function" ? undefined : className,
    style: typeof attributes.style === "function" ? undefined : attributes.style,
    type: "button" as const,
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      attributes.onPointerEnter?.(event as never);
      mount("pointer");
    },
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      attributes.onFocus?.(event as never);
      mount("focus");
    },
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      attributes.onClick?.(event as never);
      mount("press");
    },
    children,
  };
  if (isValidElement(render)) {
    const own = render.props as Record<string, unknown>;
    return cloneElement(render as ReactElement<Record<string, unknown>>, {
      ...element,
      className:
        [own.className, typeof className === "string" ? className : undefined]
          .filter(Boolean)
          .join(" ") || undefined,
      children: children ?? own.children,
    });
  }
  return createElement("button", element);
}

function mergeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (value: T | null) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(value);
      else if (ref) ref.current = value;
    }
  };
}

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
  /** Added to the popup's classes: a menu laid out otherwise (a row of emoji). */
  className?: string;
};

export function MenuContent(props: MenuContentProps) {
  // A menu not mounted yet (`Menu`) draws no popup.
  if (useContext(MountMenu)) return null;
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
          className={classNames("ui-popup", "ui-list", props.className)}
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
