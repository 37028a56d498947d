import { createLazyRoute, Link, Outlet, useLocation, useParams } from "@tanstack/react-router";
import { useEffect, useRef } from "react";

export const Route = createLazyRoute("/_authenticated/dashboard/settings")({
  component: SettingsLayout,
});

function SettingsLayout() {
  const { projectId } = useParams({ strict: false });
  const pathname = useLocation({ select: (location) => location.pathname });
  const nav = useRef<HTMLElement>(null);

  // On a phone the menu is a row that scrolls sideways: the current page's link is brought into
  // it (centred), without scrolling the page itself.
  useEffect(() => {
    const menu = nav.current;
    const current = menu?.querySelector<HTMLElement>("a.active");
    if (!menu || !current || menu.scrollWidth <= menu.clientWidth) return;
    menu.scrollLeft = current.offsetLeft - (menu.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <div className="settings">
      <nav ref={nav} className="settings-nav" aria-label="Settings">
        <p className="sidebar-group-label">Account</p>
        <ul className="sidebar-list">
          <li>
            <Link to="/dashboard/settings/account/preferences" className="sidebar-link">
              Preferences
            </Link>
          </li>
          <li>
            <Link to="/dashboard/settings/account/information" className="sidebar-link">
              Information
            </Link>
          </li>
        </ul>
        <p className="sidebar-group-label">Workspace</p>
        <ul className="sidebar-list">
          <li>
            <Link to="/dashboard/settings/workspace/general" className="sidebar-link">
              General
            </Link>
          </li>
          <li>
            <Link
              to="/dashboard/settings/projects"
              className="sidebar-link"
              activeOptions={{ exact: true }}
            >
              Projects
            </Link>
          </li>
        </ul>
        {projectId && (
          <>
            <p className="sidebar-group-label">Project</p>
            <ul className="sidebar-list">
              <li>
                <Link
                  to="/dashboard/settings/projects/$projectId/general"
                  params={{ projectId }}
                  className="sidebar-link"
                >
                  General
                </Link>
              </li>
              <li>
                <Link
                  to="/dashboard/settings/projects/$projectId/workflow"
                  params={{ projectId }}
                  className="sidebar-link"
                >
                  Workflow
                </Link>
              </li>
              <li>
                <Link
                  to="/dashboard/settings/projects/$projectId/integrations"
                  params={{ projectId }}
                  className="sidebar-link"
                >
                  Integrations
                </Link>
              </li>
              <li>
                <Link
                  to="/dashboard/settings/projects/$projectId/visibility"
                  params={{ projectId }}
                  className="sidebar-link"
                >
                  Visibility
                </Link>
              </li>
            </ul>
          </>
        )}
      </nav>
      <div className="settings-content">
        <Outlet />
      </div>
    </div>
  );
}
