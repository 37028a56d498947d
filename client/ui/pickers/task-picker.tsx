import { X } from "lucide-react";
import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { Combobox, ComboboxContent, ComboboxItem, ComboboxList } from "../combobox.tsx";
import { StatusIcon } from "../status-icon.tsx";
import type { StatusOption } from "./status-picker.tsx";
import "./pickers.css";

/** A task as the picker lists it: its status icon, its key ("WEB-12") and its title. */
export type TaskOption = {
  id: string;
  key: string;
  title: string;
  status: StatusOption | undefined;
  /** How full a started status's circle is (see `startedProgress`). */
  progress?: number;
  /** Its project, when it came from the server (its project is not in this browser). */
  projectId?: string;
};

/** Typing settles for this long before the server is asked. */
const REMOTE_DEBOUNCE_MS = 200;

type TaskPickerProps = {
  /**
   * The tasks matching what was typed (a key or words of a title), best first and few: the
   * screen searches, since a workspace may hold tens of thousands of tasks.
   */
  search: (query: string) => readonly TaskOption[];
  /**
   * More matches from the server (tasks of projects not in this browser), listed after the
   * local ones once typing settles; a failure leaves the local ones alone.
   */
  remote?: (query: string) => Promise<readonly TaskOption[]>;
  onChange: (taskId: string, option: TaskOption) => void;
  /** The popup's name, e.g. "Set parent", and the filter field's placeholder. */
  title: string;
  placeholder: string;
  /** Always controlled: the search runs only while it is open. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger (a `PickerTrigger`); left out, the popup opens beside `anchor`. */
  children?: ReactNode;
  anchor?: RefObject<HTMLElement | null>;
  finalFocus?: RefObject<HTMLElement | null>;
  /** An action offered above the tasks, e.g. "Remove parent". */
  clear?: { label: string; onClear: () => void };
};

type TaskItem = { kind: "task"; task: TaskOption } | { kind: "clear"; label: string };

const keyOf = (item: TaskItem) => (item.kind === "task" ? item.task.id : "clear");

/** Picks one task by its key or title: a parent, or the other end of a relation. */
export function TaskPicker(props: TaskPickerProps) {
  const { search, remote, onChange, title, placeholder, open, onOpenChange, clear } = props;
  const [query, setQuery] = useState("");
  const [remoteResults, setRemoteResults] = useState<{
    query: string;
    options: readonly TaskOption[];
  } | null>(null);
  const trimmed = query.trim();
  useEffect(() => {
    if (!open || !remote || trimmed === "") return;
    let stopped = false;
    const timer = setTimeout(() => {
      remote(trimmed)
        .then((options) => {
          if (!stopped) setRemoteResults({ query: trimmed, options });
        })
        .catch(() => undefined);
    }, REMOTE_DEBOUNCE_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [open, remote, trimmed]);
  // Searched only while open: the closed picker costs nothing on a page.
  const local = open ? search(trimmed) : [];
  const fromServer =
    open && remoteResults?.query === trimmed
      ? remoteResults.options.filter((option) => !local.some((task) => task.id === option.id))
      : [];
  const results = [...local, ...fromServer];
  const items: TaskItem[] = [
    ...(clear && query.trim() === "" ? [{ kind: "clear" as const, label: clear.label }] : []),
    ...results.map((task) => ({ kind: "task" as const, task })),
  ];
  return (
    <Combobox
      items={items}
      filteredItems={items}
      filter={null}
      value={null}
      onValueChange={(item: TaskItem | null) => {
        if (!item) return;
        if (item.kind === "clear") clear?.onClear();
        else onChange(item.task.id, item.task);
        setQuery("");
        onOpenChange(false);
      }}
      inputValue={query}
      onInputValueChange={setQuery}
      itemToStringLabel={(item: TaskItem) =>
        item.kind === "task" ? `${item.task.key} ${item.task.title}` : item.label
      }
      isItemEqualToValue={(item: TaskItem, other: TaskItem) => keyOf(item) === keyOf(other)}
      open={open}
      onOpenChange={(next) => {
        if (!next) setQuery("");
        onOpenChange(next);
      }}
      autoHighlight
    >
      {props.children}
      <ComboboxContent
        title={title}
        placeholder={placeholder}
        inputLabel="Search tasks by key or title"
        empty="No matching task"
        className="ui-task-picker-popup"
        anchor={props.anchor}
        finalFocus={props.finalFocus}
      >
        <ComboboxList>
          {(item: TaskItem) =>
            item.kind === "clear" ? (
              <ComboboxItem key="clear" value={item} icon={<X aria-hidden />} indicator={false}>
                {item.label}
              </ComboboxItem>
            ) : (
              <ComboboxItem
                key={item.task.id}
                value={item}
                indicator={false}
                icon={
                  item.task.status && (
                    <StatusIcon
                      category={item.task.status.category}
                      color={item.task.status.color}
                      progress={item.task.progress}
                    />
                  )
                }
              >
                <span className="ui-task-option-key">{item.task.key}</span>
                {item.task.title}
              </ComboboxItem>
            )
          }
        </ComboboxList>
      </ComboboxContent>
    </Combobox>
  );
}
