/*
 * The shape of the signed-in app while it loads (the session, a route chunk): the sidebar
 * of SPEC.md section 2 and a main card, drawn as placeholders so the layout does not jump.
 */
const mainItems = ["Dashboard", "Projects", "Settings"];
const workspaceItems = ["Issues", "Projects", "Views", "Settings"];

export function AppSkeleton() {
  return (
    <div className="app-shell app-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
      <aside className="sidebar" aria-hidden="true">
        <div className="skeleton-bar skeleton-brand" />
        <SkeletonGroup items={mainItems} />
        <div className="skeleton-bar skeleton-group-label" />
        <SkeletonGroup items={workspaceItems} />
      </aside>
      <div className="app-main" aria-hidden="true">
        <div className="skeleton-card">
          <div className="skeleton-bar skeleton-title" />
          <div className="skeleton-bar" />
          <div className="skeleton-bar skeleton-short" />
        </div>
      </div>
    </div>
  );
}

function SkeletonGroup({ items }: { items: string[] }) {
  return (
    <ul className="sidebar-list">
      {items.map((item) => (
        <li key={item} className="skeleton-item">
          <span className="skeleton-icon" />
          {/* As wide as the label it stands for. */}
          <span className="skeleton-bar" style={{ width: `${item.length}ch` }} />
        </li>
      ))}
    </ul>
  );
}
