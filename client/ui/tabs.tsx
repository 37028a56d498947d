import { Tabs as BaseTabs } from "@base-ui/react/tabs";
import type { ComponentProps, ReactNode } from "react";
import "./tabs.css";

/**
 * Base UI's Tabs: arrow keys move between tabs, the panel follows. For tabs that change the
 * address (Board · List · Backlog), render each `Tab` as the route's link.
 */
export const Tabs = BaseTabs.Root;

type TabsListProps = { children: ReactNode; "aria-label"?: string };

export function TabsList({ children, ...rest }: TabsListProps) {
  return (
    <BaseTabs.List className="ui-tabs-list" {...rest}>
      {children}
      <BaseTabs.Indicator className="ui-tabs-indicator" />
    </BaseTabs.List>
  );
}

type TabProps = Omit<ComponentProps<typeof BaseTabs.Tab>, "className"> & { icon?: ReactNode };

export function Tab({ icon, children, ...rest }: TabProps) {
  return (
    <BaseTabs.Tab className="ui-tab" {...rest}>
      {icon}
      {children}
    </BaseTabs.Tab>
  );
}

type TabsPanelProps = Omit<ComponentProps<typeof BaseTabs.Panel>, "className">;

export function TabsPanel(props: TabsPanelProps) {
  return <BaseTabs.Panel className="ui-tabs-panel" {...props} />;
}
