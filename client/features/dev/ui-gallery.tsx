import { createLazyRoute } from "@tanstack/react-router";
import {
  Archive,
  Bell,
  Copy,
  Link2,
  MoreHorizontal,
  PanelLeft,
  Plus,
  Settings,
  Trash2,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import type { TaskPriority } from "../../../shared/entities.ts";
import { defaultStatuses } from "../../../shared/statuses.ts";
import { priorityNames, priorityOrder } from "../../lib/task-names.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { Facepile } from "../../ui/facepile.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../../ui/dialog.tsx";
import { IconButton } from "../../ui/icon-button.tsx";
import { Kbd } from "../../ui/kbd.tsx";
import { Logo } from "../../ui/logo.tsx";
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuGroup,
  MenuGroupLabel,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuSubmenu,
  MenuSubmenuTrigger,
  MenuTrigger,
} from "../../ui/menu.tsx";
import { AssigneePicker, type MemberOption } from "../../ui/pickers/assignee-picker.tsx";
import { DueDatePicker } from "../../ui/pickers/due-date-picker.tsx";
import { LabelsPicker, type LabelOption } from "../../ui/pickers/labels-picker.tsx";
import { PriorityPicker } from "../../ui/pickers/priority-picker.tsx";
import { StatusPicker, type StatusOption } from "../../ui/pickers/status-picker.tsx";
import { Popover, PopoverContent, PopoverTitle, PopoverTrigger } from "../../ui/popover.tsx";
import { PriorityIcon } from "../../ui/priority-icon.tsx";
import { Select } from "../../ui/select.tsx";
import { StatusIcon, startedProgress } from "../../ui/status-icon.tsx";
import { Tab, Tabs, TabsList, TabsPanel } from "../../ui/tabs.tsx";
import { Tooltip, TooltipProvider } from "../../ui/tooltip.tsx";
import { themes, type Theme } from "../../platform/preferences/preferences.ts";
import { preferencesStore, usePreferences } from "../../platform/preferences/use-preferences.ts";
import "../../styles/ui-gallery.css";

/**
 * Every component of the design system (client/ui/) with sample data, in the current theme:
 * the place to look at them, and where e2e/ui-kit.spec.ts drives them.
 */
export const Route = createLazyRoute("/dev/ui")({ component: UiGallery });

const statuses: readonly StatusOption[] = defaultStatuses;

// A picture that needs no network: a soft gradient with a face-like circle.
const samplePicture = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="#f6d365"/><stop offset="1" stop-color="#fda085"/></linearGradient></defs><rect width="32" height="32" fill="url(#g)"/><circle cx="16" cy="13" r="6" fill="#fff" opacity=".85"/><path d="M5 32c2-7 6-10 11-10s9 3 11 10z" fill="#fff" opacity=".85"/></svg>',
)}`;

const members: MemberOption[] = [
  { id: "u-ada", name: "Ada Lovelace", image: null },
  { id: "u-grace", name: "Grace Hopper", image: samplePicture },
  { id: "u-alan", name: "Alan Turing", image: null },
  { id: "u-katherine", name: "Katherine Johnson", image: null },
  { id: "u-margaret", name: "Margaret Hamilton", image: null },
  { id: "u-linus", name: "Linus Torvalds", image: null },
];

const initialLabels: LabelOption[] = [
  { id: "bug", name: "Bug", color: "red" },
  { id: "feature", name: "Feature", color: "indigo" },
  { id: "design", name: "Design", color: "pink" },
  { id: "docs", name: "Documentation", color: "teal" },
  { id: "performance", name: "Performance", color: "orange" },
];

const themeNames: Record<Theme, string> = { dark: "Dark", light: "Light", system: "System" };

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `gallery-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section className="gallery-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="gallery-row">
      <span className="gallery-row-label">{label}</span>
      <div className="gallery-row-items">{children}</div>
    </div>
  );
}

function UiGallery() {
  const { theme } = usePreferences();
  const [status, setStatus] = useState("in-progress");
  const [priority, setPriority] = useState<TaskPriority>("high");
  const [assignee, setAssignee] = useState<string | null>("u-grace");
  const [labels, setLabels] = useState(initialLabels);
  const [labelIds, setLabelIds] = useState<string[]>(["bug", "design"]);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [statusOpen, setStatusOpen] = useState(false);
  const [menuStatus, setMenuStatus] = useState("to-do");
  const [showArchived, setShowArchived] = useState(true);
  const [lastAction, setLastAction] = useState("none");

  const createLabel = (name: string) => {
    const id = `label-${labels.length + 1}`;
    setLabels([...labels, { id, name, color: "green" }]);
    setLabelIds([...labelIds, id]);
  };

  const statusName = statuses.find((candidate) => candidate.id === status)?.name;
  const assigneeName = members.find((member) => member.id === assignee)?.name ?? "Unassigned";
  const labelNames = labels.filter((label) => labelIds.includes(label.id)).map((l) => l.name);

  return (
    <TooltipProvider>
      <main className="gallery">
        <header className="gallery-header">
          <Logo withName size={22} />
          <h1>Design system</h1>
          <label className="gallery-theme">
            <span>Theme</span>
            <Select
              aria-label="Theme"
              size="sm"
              value={theme}
              options={themes.map((value) => ({ value, label: themeNames[value] }))}
              onValueChange={(value) => preferencesStore.update({ theme: value })}
            />
          </label>
        </header>

        <Section title="Pickers">
          <div className="gallery-pickers" role="group" aria-label="Task properties">
            <StatusPicker
              value={status}
              statuses={statuses}
              onChange={setStatus}
              open={statusOpen}
              onOpenChange={setStatusOpen}
            />
            <PriorityPicker value={priority} onChange={setPriority} />
            <AssigneePicker
              value={assignee}
              members={members}
              currentUserId="u-ada"
              onChange={setAssignee}
            />
            <LabelsPicker
              value={labelIds}
              labels={labels}
              onChange={setLabelIds}
              onCreate={createLabel}
            />
            <DueDatePicker value={dueDate} onChange={setDueDate} />
          </div>
          <dl className="gallery-values" aria-label="Chosen values">
            <dt>Status</dt>
            <dd data-testid="value-status">{statusName}</dd>
            <dt>Priority</dt>
            <dd data-testid="value-priority">{priorityNames[priority]}</dd>
            <dt>Assignee</dt>
            <dd data-testid="value-assignee">{assigneeName}</dd>
            <dt>Labels</dt>
            <dd data-testid="value-labels">{labelNames.join(", ") || "None"}</dd>
            <dt>Due date</dt>
            <dd data-testid="value-due-date">{dueDate ?? "None"}</dd>
          </dl>
          <p className="gallery-note">
            The status picker also opens from outside, as the <Kbd keys={["S"]} /> shortcut will:{" "}
            <Button size="sm" onClick={() => setStatusOpen(true)}>
              Open the status picker
            </Button>
          </p>
          <Row label="As buttons">
            <div className="gallery-properties">
              <StatusPicker
                variant="button"
                value={status}
                statuses={statuses}
                onChange={setStatus}
              />
              <PriorityPicker variant="button" value={priority} onChange={setPriority} />
              <AssigneePicker
                variant="button"
                value={assignee}
                members={members}
                currentUserId="u-ada"
                onChange={setAssignee}
              />
              <LabelsPicker
                variant="button"
                value={labelIds}
                labels={labels}
                onChange={setLabelIds}
              />
              <DueDatePicker variant="button" value={dueDate} onChange={setDueDate} />
            </div>
          </Row>
          <Row label="As icons">
            <StatusPicker variant="icon" value={status} statuses={statuses} onChange={setStatus} />
            <PriorityPicker variant="icon" value={priority} onChange={setPriority} />
            <AssigneePicker
              variant="icon"
              value={assignee}
              members={members}
              onChange={setAssignee}
            />
            <LabelsPicker variant="icon" value={labelIds} labels={labels} onChange={setLabelIds} />
            <DueDatePicker variant="icon" value={dueDate} onChange={setDueDate} />
          </Row>
          <Row label="Disabled">
            <StatusPicker value={status} statuses={statuses} onChange={setStatus} disabled />
            <PriorityPicker value="no-priority" onChange={setPriority} disabled />
          </Row>
        </Section>

        <Section title="Buttons">
          {(["primary", "secondary", "ghost", "danger"] as const).map((variant) => (
            <Row key={variant} label={variant}>
              <Button variant={variant} size="sm">
                Small
              </Button>
              <Button variant={variant}>Medium</Button>
              <Button variant={variant} size="lg" icon={<Plus aria-hidden />}>
                Large with icon
              </Button>
              <Button variant={variant} disabled>
                Disabled
              </Button>
            </Row>
          ))}
          <Row label="Icon buttons">
            <IconButton aria-label="Toggle sidebar" icon={<PanelLeft />} shortcut={["Ctrl", "B"]} />
            <IconButton aria-label="Notifications" icon={<Bell />} />
            <IconButton aria-label="Settings" icon={<Settings />} variant="secondary" />
            <IconButton aria-label="Delete" icon={<Trash2 />} variant="danger" size="sm" />
          </Row>
          <Row label="Keys">
            <Kbd keys={["Ctrl", "K"]} />
            <Kbd keys={["G", "B"]} />
            <Kbd keys={["⌘", "⇧", "Z"]} />
            <Kbd keys={["?"]} />
          </Row>
        </Section>

        <Section title="Icons">
          <Row label="Status">
            {statuses.map((option) => {
              const started = statuses.filter((candidate) => candidate.category === "started");
              return (
                <span key={option.id} className="gallery-icon">
                  <StatusIcon
                    category={option.category}
                    color={option.color}
                    icon={option.icon}
                    progress={startedProgress(started.indexOf(option), started.length)}
                    size={16}
                  />
                  {option.name}
                </span>
              );
            })}
          </Row>
          <Row label="Priority">
            {priorityOrder.map((level) => (
              <span key={level} className="gallery-icon">
                <PriorityIcon priority={level} size={16} />
                {priorityNames[level]}
              </span>
            ))}
          </Row>
          <Row label="Avatars">
            {members.map((member) => (
              <Avatar key={member.id} id={member.id} name={member.name} image={member.image} />
            ))}
          </Row>
          <Row label="Avatar sizes">
            {(["xs", "sm", "md", "lg"] as const).map((size) => (
              <Avatar key={size} id="u-katherine" name="Katherine Johnson" size={size} />
            ))}
            <Avatar id="u-grace" name="Grace Hopper" image={samplePicture} size="lg" />
          </Row>
          <Row label="Facepile">
            <Facepile people={members.slice(0, 3)} label="Also here" size="md" />
            <Facepile
              people={members.map((member, index) => ({ ...member, idle: index === 1 }))}
              label="Also in this project"
              size="md"
            />
            <Facepile people={members.slice(0, 2)} label="Open now by" size="xs" />
          </Row>
          <Row label="Logo">
            <Logo size={16} />
            <Logo size={24} />
            <Logo size={32} />
            <Logo withName />
          </Row>
        </Section>

        <Section title="Menus and popovers">
          <Row label="Menu">
            <Menu>
              <MenuTrigger
                render={<Button icon={<MoreHorizontal aria-hidden />}>Actions</Button>}
              />
              <MenuContent>
                <MenuItem
                  icon={<Link2 />}
                  shortcut={["Ctrl", "L"]}
                  onClick={() => setLastAction("Copy link")}
                >
                  Copy link
                </MenuItem>
                <MenuItem icon={<Copy />} onClick={() => setLastAction("Duplicate")}>
                  Duplicate
                </MenuItem>
                <MenuSubmenu>
                  <MenuSubmenuTrigger icon={<StatusIcon category="unstarted" color="silver" />}>
                    Status
                  </MenuSubmenuTrigger>
                  <MenuContent side="inline-end">
                    <MenuRadioGroup
                      value={menuStatus}
                      onValueChange={(value: string) => setMenuStatus(value)}
                    >
                      {statuses.map((option) => (
                        <MenuRadioItem
                          key={option.id}
                          value={option.id}
                          icon={
                            <StatusIcon
                              category={option.category}
                              color={option.color}
                              icon={option.icon}
                            />
                          }
                        >
                          {option.name}
                        </MenuRadioItem>
                      ))}
                    </MenuRadioGroup>
                  </MenuContent>
                </MenuSubmenu>
                <MenuSeparator />
                <MenuGroup>
                  <MenuGroupLabel>View</MenuGroupLabel>
                  <MenuCheckboxItem
                    icon={<Archive />}
                    checked={showArchived}
                    onCheckedChange={setShowArchived}
                  >
                    Show archived
                  </MenuCheckboxItem>
                </MenuGroup>
                <MenuSeparator />
                <MenuItem icon={<Trash2 />} onClick={() => setLastAction("Delete")}>
                  Delete
                </MenuItem>
              </MenuContent>
            </Menu>
            <span className="gallery-note" data-testid="value-menu">
              Last action: {lastAction}
            </span>
          </Row>
          <Row label="Popover">
            <Popover>
              <PopoverTrigger render={<Button>Details</Button>} />
              <PopoverContent className="gallery-popover">
                <PopoverTitle>Cycle 12</PopoverTitle>
                <p>Two weeks, 14 tasks. Started on Monday; ends on the 7th.</p>
              </PopoverContent>
            </Popover>
          </Row>
          <Row label="Select">
            <Select
              aria-label="Priority"
              value={priority}
              options={priorityOrder.map((level) => ({
                value: level,
                label: priorityNames[level],
                icon: <PriorityIcon priority={level} />,
              }))}
              onValueChange={setPriority}
            />
          </Row>
          <Row label="Tooltip">
            <Tooltip label="Create a task" shortcut={["C"]}>
              <Button variant="ghost" icon={<Plus aria-hidden />}>
                New task
              </Button>
            </Tooltip>
          </Row>
          <Row label="Dialog">
            <Dialog>
              <DialogTrigger render={<Button>Open dialog</Button>} />
              <DialogContent
                title="Rename project"
                description="The key of its tasks stays as it is."
                footer={
                  <>
                    <DialogClose render={<Button>Cancel</Button>} />
                    <DialogClose render={<Button variant="primary">Save</Button>} />
                  </>
                }
              >
                <label className="gallery-field">
                  <span>Name</span>
                  <input className="input" defaultValue="Website redesign" />
                </label>
              </DialogContent>
            </Dialog>
          </Row>
        </Section>

        <Section title="Tabs">
          <Tabs defaultValue="board">
            <TabsList aria-label="Views">
              <Tab value="board">Board</Tab>
              <Tab value="list">List</Tab>
              <Tab value="backlog">Backlog</Tab>
            </TabsList>
            <TabsPanel value="board">
              <p className="gallery-note">Columns of cards, one per status.</p>
            </TabsPanel>
            <TabsPanel value="list">
              <p className="gallery-note">One row per task, grouped by status.</p>
            </TabsPanel>
            <TabsPanel value="backlog">
              <p className="gallery-note">What is planned but not started.</p>
            </TabsPanel>
          </Tabs>
        </Section>
      </main>
    </TooltipProvider>
  );
}
