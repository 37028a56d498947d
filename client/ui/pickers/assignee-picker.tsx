import { CircleUserRound } from "lucide-react";
import { Avatar } from "../avatar.tsx";
import {
  Combobox,
  ComboboxContent,
  ComboboxItem,
  ComboboxList,
  useComboboxFilter,
} from "../combobox.tsx";
import { PickerTrigger, usePicker, type PickerVariant } from "./picker-trigger.tsx";

/** A member who can be assigned: avatar picture or initials, and name. */
export type MemberOption = { id: string; name: string; image: string | null };

/** The workspace's members as the picker lists them: by name, or by email when nameless. */
export function memberOptions(
  members: readonly { id: string; name: string; email: string; image: string | null }[],
): MemberOption[] {
  return members.map((member) => ({
    id: member.id,
    name: member.name || member.email,
    image: member.image,
  }));
}

type AssigneePickerProps = {
  /** The assignee's user id, or null for nobody. */
  value: string | null;
  members: readonly MemberOption[];
  onChange: (memberId: string | null) => void;
  /** The signed-in person, for "Assign to me"; left out, that choice is not offered. */
  currentUserId?: string;
  /** Open it from outside (the `a` shortcut); leave both out to let it open on its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  variant?: PickerVariant;
  /** Shown in place of the value, e.g. "Set status" in the bulk bar (see `PickerTrigger`). */
  triggerText?: string;
  disabled?: boolean;
};

/** One row of the list: nobody, me, or a member. */
type AssigneeItem = {
  key: string;
  memberId: string | null;
  label: string;
  /** The words that find the row: its label, and for "Assign to me" the person's name too. */
  search: string;
  member: MemberOption | null;
};

export function AssigneePicker(props: AssigneePickerProps) {
  const { value, members, onChange, currentUserId, open, onOpenChange } = props;
  const { variant = "chip", disabled } = props;
  const { contains } = useComboboxFilter();
  const me = members.find((member) => member.id === currentUserId);
  const items: AssigneeItem[] = [
    { key: "nobody", memberId: null, label: "Unassigned", search: "Unassigned", member: null },
    ...(me && value !== me.id
      ? [
          {
            key: "me",
            memberId: me.id,
            label: "Assign to me",
            search: `Assign to me ${me.name}`,
            member: me,
          },
        ]
      : []),
    ...members.map((member) => ({
      key: `member:${member.id}`,
      memberId: member.id,
      label: member.name,
      search: member.name,
      member,
    })),
  ];
  const current = items.find((item) => item.key === (value ? `member:${value}` : "nobody"));
  const assignee = members.find((member) => member.id === value);
  const avatarOf = (item: AssigneeItem) =>
    item.member ? (
      <Avatar
        id={item.member.id}
        name={item.member.name}
        image={item.member.image}
        size="xs"
        decorative
      />
    ) : (
      <CircleUserRound aria-hidden />
    );
  const picker = usePicker(open, onOpenChange);
  return (
    <>
      <PickerTrigger
        picker={picker}
        variant={variant}
        property="Assignee"
        valueText={assignee?.name ?? "Unassigned"}
        icon={
          assignee ? (
            <Avatar
              id={assignee.id}
              name={assignee.name}
              image={assignee.image}
              size="xs"
              decorative
            />
          ) : (
            <CircleUserRound aria-hidden />
          )
        }
        empty={!assignee}
        text={props.triggerText}
        disabled={disabled}
      />
      {picker.live && (
        <Combobox
          {...picker.root}
          items={items}
          value={current ?? null}
          onValueChange={(item: AssigneeItem | null) => {
            if (!item) return;
            onChange(item.memberId);
            // "Assign to me" leaves the list as it is chosen, and Base UI then keeps the popup
            // open: close it here.
            picker.setOpen(false);
          }}
          itemToStringLabel={(item: AssigneeItem) => item.label}
          isItemEqualToValue={(item: AssigneeItem, chosen: AssigneeItem) => item.key === chosen.key}
          filter={(item: AssigneeItem, query) => contains(item.search, query)}
          autoHighlight
        >
          <ComboboxContent
            {...picker.popup}
            title="Assign"
            placeholder="Assign to…"
            inputLabel="Filter people"
            empty="Nobody found"
          >
            <ComboboxList>
              {(item: AssigneeItem) => (
                <ComboboxItem key={item.key} value={item} icon={avatarOf(item)}>
                  {item.label}
                </ComboboxItem>
              )}
            </ComboboxList>
          </ComboboxContent>
        </Combobox>
      )}
    </>
  );
}
