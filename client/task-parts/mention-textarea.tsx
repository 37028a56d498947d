import { Popover as BasePopover } from "@base-ui/react/popover";
import {
  useId,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type SyntheticEvent,
} from "react";
import type { Member } from "../../shared/entities.ts";
import { mentionMarkdown } from "../../shared/mentions.ts";
import { membersMatching, mentionQueryAt, type MentionQuery } from "../lib/mention-query.ts";
import { Avatar } from "../ui/avatar.tsx";
import { classNames } from "../ui/class-names.ts";
import "../ui/popup.css";
import "../styles/mentions.css";

type MentionTextareaProps = Omit<ComponentProps<"textarea">, "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Who can be mentioned: the members of the task's workspace. */
  members: readonly Member[];
};

/**
 * A textarea where typing `@` offers the workspace's members: arrows move, Enter or Tab
 * inserts `@[Name](user:ID)` (shared/mentions.ts), Esc closes, a click picks. The list is a
 * Base UI popover anchored to the field, which keeps the focus (the textarea points at the
 * highlighted option with aria-activedescendant, as a combobox does).
 */
export function MentionTextarea(props: MentionTextareaProps) {
  const { value, onValueChange, members, onKeyDown, className, ...rest } = props;
  const field = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const options = query ? membersMatching(members, query.text) : [];
  const open = query !== null && options.length > 0;
  const highlighted = Math.min(active, Math.max(options.length - 1, 0));

  const follow = (text: string, caret: number) => {
    const next = mentionQueryAt(text.slice(0, caret));
    if (next?.text !== query?.text || next?.start !== query?.start) setActive(0);
    setQuery(next);
  };

  const insert = (member: Member) => {
    if (!query) return;
    const caret = field.current?.selectionStart ?? value.length;
    const mention = `${mentionMarkdown(member.name || member.email, member.id)} `;
    const next = value.slice(0, query.start) + mention + value.slice(caret);
    const at = query.start + mention.length;
    setQuery(null);
    onValueChange(next);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(at, at);
    });
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      const chosen = options[highlighted];
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((highlighted + step + options.length) % options.length);
        return;
      }
      if (
        (event.key === "Enter" || event.key === "Tab") &&
        chosen &&
        !event.ctrlKey &&
        !event.metaKey
      ) {
        event.preventDefault();
        insert(chosen);
        return;
      }
      if (event.key === "Escape") {
        // Closes the list only, not what the field sits in (an edit, a dialog).
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        return;
      }
    }
    onKeyDown?.(event);
  };

  const onSelect = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const target = event.currentTarget;
    if (target.selectionStart === target.selectionEnd) follow(target.value, target.selectionStart);
    else setQuery(null);
  };

  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <>
      <textarea
        {...rest}
        ref={field}
        className={className}
        value={value}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(highlighted) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onSelect={onSelect}
        onKeyDown={onKey}
        onBlur={(event) => {
          setQuery(null);
          rest.onBlur?.(event);
        }}
      />
      <BasePopover.Root
        open={open}
        modal={false}
        onOpenChange={(next) => {
          if (!next) setQuery(null);
        }}
      >
        <BasePopover.Portal>
          <BasePopover.Positioner
            className="ui-positioner"
            anchor={field}
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
                {options.map((member, index) => (
                  <li
                    key={member.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === highlighted}
                    className="ui-item"
                    data-highlighted={index === highlighted ? "" : undefined}
                    // Keeps the focus (and the caret) in the field while the pointer picks.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => insert(member)}
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
    </>
  );
}
