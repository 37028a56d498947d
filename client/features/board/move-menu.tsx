import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from "react";
import { createPortal } from "react-dom";
import { boardStatuses } from "../../../shared/entities.ts";
import { statusNames } from "../../lib/task-names.ts";
import type { MoveTask } from "./use-task-actions.ts";

type MoveMenuProps = { taskId: string; title: string; onMove: MoveTask };

const places = ["top", "bottom"] as const;

/**
 * "Move to…": the same moves as dragging, for keyboards, screen readers and anyone who would
 * rather not drag: any column of the board, at its top or its bottom.
 */
export const MoveMenu = memo(function MoveMenu({ taskId, title, onMove }: MoveMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="card-action"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Move ${title} to…`}
        title="Move to…"
        onPointerDown={stopPropagation}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <MenuPopup
          anchor={button}
          label={`Move ${title} to`}
          onClose={close}
          onChoose={(status, place) => {
            close(true);
            onMove(taskId, status, { kind: place });
          }}
        />
      )}
    </>
  );
});

type MenuPopupProps = {
  anchor: RefObject<HTMLElement | null>;
  label: string;
  onClose: (returnFocus: boolean) => void;
  onChoose: (status: (typeof boardStatuses)[number], place: (typeof places)[number]) => void;
};

/**
 * In a portal, so a card's scrolling column never clips it. It follows its button when the
 * page scrolls or the board repaints, and closes only when the button leaves the page.
 */
function MenuPopup({ anchor, label, onClose, onChoose }: MenuPopupProps) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  const follow = useCallback(() => {
    const button = anchor.current;
    const element = menu.current;
    if (!element) return;
    if (!button?.isConnected) {
      onClose(false);
      return;
    }
    // Below the button, or above it when there is no room; never off the right edge.
    const rect = button.getBoundingClientRect();
    const { width, height } = element.getBoundingClientRect();
    const below = rect.bottom + 4;
    const top = below + height > window.innerHeight ? rect.top - height - 4 : below;
    const left = Math.min(rect.left, window.innerWidth - width - 8);
    setPosition((current) =>
      current?.top === Math.max(4, top) && current.left === Math.max(4, left)
        ? current
        : { top: Math.max(4, top), left: Math.max(4, left) },
    );
  }, [anchor, onClose]);

  useLayoutEffect(follow, [follow]);

  // Once in place (a hidden menu cannot take focus), the first choice gets the focus.
  const shown = position !== null;
  useEffect(() => {
    if (shown) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [shown]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && !menu.current?.contains(target)) onClose(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("scroll", follow, true);
    window.addEventListener("resize", follow);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("scroll", follow, true);
      window.removeEventListener("resize", follow);
    };
  }, [onClose, follow]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = items.findIndex((item) => item === document.activeElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      onClose(true);
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focus(current + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focus(current - 1);
    } else if (event.key === "Home") {
      event.preventDefault();
      focus(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focus(items.length - 1);
    }
  };

  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      className="move-menu"
      // Measured before it is shown: the first paint is already in place.
      style={position ?? { visibility: "hidden", top: 0, left: 0 }}
      onKeyDown={onKeyDown}
      onPointerDown={stopPropagation}
      onClick={stopPropagation}
    >
      {boardStatuses.map((status) =>
        places.map((place) => (
          <button
            key={`${status}-${place}`}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="move-menu-item"
            onClick={() => onChoose(status, place)}
          >
            {place === "top" ? "Top" : "Bottom"} of {statusNames[status]}
          </button>
        )),
      )}
    </div>,
    document.body,
  );
}

/** Pressing a control on a card must not start dragging the card. */
function stopPropagation(event: SyntheticEvent) {
  event.stopPropagation();
}
