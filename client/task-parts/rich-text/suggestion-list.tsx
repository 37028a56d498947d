import { Popover as BasePopover } from "@base-ui/react/popover";
import type { ReactNode } from "react";
import { classNames } from "../../ui/class-names.ts";
import "../../ui/popup.css";
import "../../styles/mentions.css";

/** A list the editor offers under the caret (`@` members, `/` blocks), one item highlighted. */
export type Suggestion<T> = {
  items: T[];
  active: number;
  /** Where the typed query is on the screen. */
  clientRect?: (() => DOMRect | null) | null;
  /** Replaces the typed query with the item. */
  pick: (item: T) => void;
};

type SuggestionListProps<T> = {
  suggestion: Suggestion<T>;
  /** The list's accessible name ("Mention someone", "Insert a block"). */
  label: string;
  /** The editor's element: its scrolling ancestors move the list with the caret. */
  field: Element;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onHighlight: (index: number) => void;
  className?: string;
};

/**
 * The items offered under the caret: the arrows move (the field keeps the focus), Enter or Tab
 * picks, Escape closes (the editor's keys, `moveInSuggestion`), a click picks.
 */
export function SuggestionList<T>({
  suggestion,
  label,
  field,
  itemKey,
  renderItem,
  onHighlight,
  className,
}: SuggestionListProps<T>) {
  const rect = suggestion.clientRect;
  const anchor = {
    getBoundingClientRect: () => rect?.() ?? new DOMRect(),
    contextElement: field,
  };
  return (
    <BasePopover.Root open modal={false}>
      <BasePopover.Portal>
        <BasePopover.Positioner
          className="ui-positioner"
          anchor={anchor}
          side="bottom"
          align="start"
          sideOffset={4}
        >
          <BasePopover.Popup
            className={classNames("ui-popup", "suggestion-popup", className)}
            initialFocus={false}
            finalFocus={false}
          >
            <ul role="listbox" aria-label={label} className="ui-list">
              {suggestion.items.map((item, index) => (
                <li
                  key={itemKey(item)}
                  role="option"
                  aria-selected={index === suggestion.active}
                  className="ui-item"
                  data-highlighted={index === suggestion.active ? "" : undefined}
                  // Keeps the focus (and the caret) in the field while the pointer picks.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => onHighlight(index)}
                  onClick={() => suggestion.pick(item)}
                >
                  {renderItem(item)}
                </li>
              ))}
            </ul>
          </BasePopover.Popup>
        </BasePopover.Positioner>
      </BasePopover.Portal>
    </BasePopover.Root>
  );
}
