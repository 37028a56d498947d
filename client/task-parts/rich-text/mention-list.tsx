import { Popover as BasePopover } from "@base-ui/react/popover";
import type { SuggestionProps } from "@tiptap/suggestion";
import { useId } from "react";
import type { Member } from "../../../shared/entities.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { classNames } from "../../ui/class-names.ts";
import "../../ui/popup.css";
import "../../styles/mentions.css";

/** The `@` list as the editor's suggestion gives it, with the member highlighted. */
export type MentionSuggestion = Pick<
  SuggestionProps<Member, { id: string; label: string }>,
  "items" | "command" | "clientRect"
> & { active: number };

type MentionListProps = {
  suggestion: MentionSuggestion;
  /** The editor's element: its scrolling ancestors move the list with the caret. */
  field: Element;
  onHighlight: (index: number) => void;
  onPick: (member: Member) => void;
};

/**
 * The members offered after `@`, under the caret: the arrows move (the field keeps the focus),
 * Enter or Tab picks, Escape closes, a click picks.
 */
export function MentionList({ suggestion, field, onHighlight, onPick }: MentionListProps) {
  const listId = useId();
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
            className={classNames("ui-popup", "mention-popup")}
            initialFocus={false}
            finalFocus={false}
          >
            <ul id={listId} role="listbox" aria-label="Mention someone" className="ui-list">
              {suggestion.items.map((member, index) => (
                <li
                  key={member.id}
                  role="option"
                  aria-selected={index === suggestion.active}
                  className="ui-item"
                  data-highlighted={index === suggestion.active ? "" : undefined}
                  // Keeps the focus (and the caret) in the field while the pointer picks.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => onHighlight(index)}
                  onClick={() => onPick(member)}
                >
                  <span className="ui-item-icon">
                    <Avatar
                      id={member.id}
                      name={member.name}
                      image={member.image}
                      decorative
                      size="xs"
                    />
                  </span>
                  <span className="ui-item-label">{member.name || member.email}</span>
                </li>
              ))}
            </ul>
          </BasePopover.Popup>
        </BasePopover.Positioner>
      </BasePopover.Portal>
    </BasePopover.Root>
  );
}
