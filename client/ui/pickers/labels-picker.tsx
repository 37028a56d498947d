import { Plus, Tag } from "lucide-react";
import { useState } from "react";
import type { LabelColor } from "../../../shared/entities.ts";
import {
  Combobox,
  ComboboxContent,
  ComboboxItem,
  ComboboxList,
  useComboboxFilter,
} from "../combobox.tsx";
import { PickerTrigger, usePicker, type PickerVariant } from "./picker-trigger.tsx";
import "../../styles/label-colors.css";

/** A label of the workspace: its colour is a name of the fixed palette. */
export type LabelOption = { id: string; name: string; color: LabelColor };

type LabelsPickerProps = {
  /** The ids of the chosen labels. */
  value: readonly string[];
  labels: readonly LabelOption[];
  onChange: (labelIds: string[]) => void;
  /**
   * Offers "Create label …" when the typed name matches no label; the caller creates it (and
   * adds it to the value). Left out, nothing can be created here.
   */
  onCreate?: (name: string) => void;
  /** Open it from outside (the `l` shortcut); leave both out to let it open on its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  variant?: PickerVariant;
  /** Shown in place of the value, e.g. "Set status" in the bulk bar (see `PickerTrigger`). */
  triggerText?: string;
  disabled?: boolean;
};

/** A row of the list: a label, or the offer to create one named as typed. */
type LabelItem = { kind: "label"; label: LabelOption } | { kind: "create"; name: string };

const keyOf = (item: LabelItem) => (item.kind === "label" ? item.label.id : "create");

/** Several labels at once: choosing one keeps the list open for the next. */
export function LabelsPicker(props: LabelsPickerProps) {
  const { value, labels, onChange, onCreate, open, onOpenChange } = props;
  const { variant = "chip", disabled } = props;
  const { contains } = useComboboxFilter();
  const [query, setQuery] = useState("");
  const typed = query.trim();
  const exists = labels.some((label) => label.name.toLowerCase() === typed.toLowerCase());
  const items: LabelItem[] = [
    ...labels.map((label) => ({ kind: "label" as const, label })),
    ...(onCreate && typed && !exists ? [{ kind: "create" as const, name: typed }] : []),
  ];
  const chosen = labels.filter((label) => value.includes(label.id));
  const chosenItems = items.filter(
    (item) => item.kind === "label" && value.includes(item.label.id),
  );
  const valueText = chosen.length ? chosen.map((label) => label.name).join(", ") : "No labels";
  const picker = usePicker(open, onOpenChange);
  // What was typed goes with the popup.
  if (!picker.live && query !== "") setQuery("");
  return (
    <>
      <PickerTrigger
        picker={picker}
        variant={variant}
        property="Labels"
        valueText={valueText}
        icon={
          chosen.length && variant !== "icon" && !props.triggerText ? null : <Tag aria-hidden />
        }
        empty={!chosen.length}
        text={props.triggerText}
        disabled={disabled}
      >
        {chosen.length > 0 ? (
          <span className="ui-picker-labels">
            {chosen.map((label) => (
              <span key={label.id} className="ui-picker-label" data-color={label.color}>
                <span className="ui-label-dot" />
                <span className="ui-picker-label-name">{label.name}</span>
              </span>
            ))}
          </span>
        ) : undefined}
      </PickerTrigger>
      {picker.live && (
        <Combobox
          {...picker.root}
          multiple
          items={items}
          value={chosenItems}
          onValueChange={(next: LabelItem[]) => {
            const create = next.find((item) => item.kind === "create");
            if (create && onCreate) {
              onCreate(create.name);
              setQuery("");
              return;
            }
            onChange(next.flatMap((item) => (item.kind === "label" ? [item.label.id] : [])));
          }}
          inputValue={query}
          onInputValueChange={setQuery}
          itemToStringLabel={(item: LabelItem) =>
            item.kind === "label" ? item.label.name : item.name
          }
          isItemEqualToValue={(item: LabelItem, other: LabelItem) => keyOf(item) === keyOf(other)}
          // The offer to create is there exactly when nothing is named as typed: never filter
          // it out.
          filter={(item: LabelItem, search) =>
            item.kind === "create" || contains(item.label.name, search)
          }
          autoHighlight
        >
          <ComboboxContent
            {...picker.popup}
            title="Change labels"
            placeholder="Change labels…"
            inputLabel="Filter labels"
            empty={onCreate ? "Type a name to create a label" : "No matching label"}
          >
            <ComboboxList>
              {(item: LabelItem) =>
                item.kind === "label" ? (
                  <ComboboxItem
                    key={item.label.id}
                    value={item}
                    icon={
                      <span className="ui-picker-label" data-color={item.label.color}>
                        <span className="ui-label-dot" />
                      </span>
                    }
                  >
                    {item.label.name}
                  </ComboboxItem>
                ) : (
                  <ComboboxItem
                    key="create"
                    value={item}
                    icon={<Plus aria-hidden />}
                    indicator={false}
                    className="ui-picker-create"
                  >
                    Create label <strong>“{item.name}”</strong>
                  </ComboboxItem>
                )
              }
            </ComboboxList>
          </ComboboxContent>
        </Combobox>
      )}
    </>
  );
}
