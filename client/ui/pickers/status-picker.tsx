import { Combobox, ComboboxContent, ComboboxItem, ComboboxList } from "../combobox.tsx";
import type { WorkflowStatus } from "../../../shared/statuses.ts";
import { StatusIcon, startedProgress } from "../status-icon.tsx";
import { PickerTrigger, usePicker, type PickerVariant } from "./picker-trigger.tsx";

/** A status of the project's list: its icon is drawn from the category, in its colour. */
export type StatusOption = WorkflowStatus;

type StatusPickerProps = {
  /** The id of the current status. */
  value: string;
  /** The project's statuses, in their order. */
  statuses: readonly StatusOption[];
  onChange: (statusId: string) => void;
  /** Open it from outside (the `s` shortcut); leave both out to let it open on its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  variant?: PickerVariant;
  /** Shown in place of the value, e.g. "Set status" in the bulk bar (see `PickerTrigger`). */
  triggerText?: string;
  disabled?: boolean;
};

export function StatusPicker(props: StatusPickerProps) {
  const { value, statuses, onChange, open, onOpenChange, variant = "chip", disabled } = props;
  const current = statuses.find((status) => status.id === value) ?? null;
  const icon = (status: StatusOption) => (
    <StatusIcon
      category={status.category}
      color={status.color}
      icon={status.icon}
      progress={progressOf(statuses, status)}
    />
  );
  const picker = usePicker(open, onOpenChange);
  return (
    <>
      <PickerTrigger
        picker={picker}
        variant={variant}
        property="Status"
        valueText={current?.name ?? "No status"}
        icon={current ? icon(current) : null}
        text={props.triggerText}
        disabled={disabled}
      />
      {picker.live && (
        <Combobox
          {...picker.root}
          items={[...statuses]}
          value={current}
          onValueChange={(status: StatusOption | null) => {
            if (status) onChange(status.id);
          }}
          itemToStringLabel={(status: StatusOption) => status.name}
          isItemEqualToValue={(item: StatusOption, chosen: StatusOption) => item.id === chosen.id}
          autoHighlight
        >
          <ComboboxContent
            {...picker.popup}
            title="Change status"
            placeholder="Change status…"
            inputLabel="Filter statuses"
            empty="No matching status"
          >
            <ComboboxList>
              {(status: StatusOption) => (
                <ComboboxItem key={status.id} value={status} icon={icon(status)}>
                  {status.name}
                </ComboboxItem>
              )}
            </ComboboxList>
          </ComboboxContent>
        </Combobox>
      )}
    </>
  );
}

/** A started status fills its circle by its place among the project's started statuses. */
function progressOf(statuses: readonly StatusOption[], status: StatusOption): number {
  const started = statuses.filter((candidate) => candidate.category === "started");
  return startedProgress(started.indexOf(status), started.length);
}
