import type { TaskPriority } from "../../../shared/entities.ts";
import { priorityNames, priorityOrder } from "../../lib/task-names.ts";
import { Combobox, ComboboxContent, ComboboxItem, ComboboxList } from "../combobox.tsx";
import { PriorityIcon } from "../priority-icon.tsx";
import { PickerTrigger, usePicker, type PickerVariant } from "./picker-trigger.tsx";

type PriorityOption = { value: TaskPriority; name: string };

type PriorityPickerProps = {
  value: TaskPriority;
  onChange: (priority: TaskPriority) => void;
  /** The priorities offered, in this order; all of them by default. */
  priorities?: readonly TaskPriority[];
  /** Open it from outside (the `p` shortcut); leave both out to let it open on its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  variant?: PickerVariant;
  /** Shown in place of the value, e.g. "Set status" in the bulk bar (see `PickerTrigger`). */
  triggerText?: string;
  disabled?: boolean;
};

export function PriorityPicker(props: PriorityPickerProps) {
  const { value, onChange, priorities = priorityOrder, open, onOpenChange } = props;
  const { variant = "chip", disabled } = props;
  const options = priorities.map((priority) => ({
    value: priority,
    name: priorityNames[priority],
  }));
  const current = options.find((option) => option.value === value) ?? null;
  const picker = usePicker(open, onOpenChange);
  return (
    <>
      <PickerTrigger
        picker={picker}
        variant={variant}
        property="Priority"
        valueText={priorityNames[value]}
        icon={<PriorityIcon priority={value} />}
        empty={value === "no-priority"}
        text={props.triggerText}
        disabled={disabled}
      />
      {picker.live && (
        <Combobox
          {...picker.root}
          items={options}
          value={current}
          onValueChange={(option: PriorityOption | null) => {
            if (option) onChange(option.value);
          }}
          itemToStringLabel={(option: PriorityOption) => option.name}
          isItemEqualToValue={(item: PriorityOption, chosen: PriorityOption) =>
            item.value === chosen.value
          }
          autoHighlight
        >
          <ComboboxContent
            {...picker.popup}
            title="Set priority"
            placeholder="Set priority to…"
            inputLabel="Filter priorities"
            empty="No matching priority"
          >
            <ComboboxList>
              {(option: PriorityOption) => (
                <ComboboxItem
                  key={option.value}
                  value={option}
                  icon={<PriorityIcon priority={option.value} />}
                >
                  {option.name}
                </ComboboxItem>
              )}
            </ComboboxList>
          </ComboboxContent>
        </Combobox>
      )}
    </>
  );
}
