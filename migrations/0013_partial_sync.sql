-- Partial sync (issue 19; server/sync/README.md "Partial sync"). A client may name the projects
-- whose tasks it wants; the record then keeps, besides its workspaces, where each of those
-- projects stands: null while the client syncs every project (older clients, scripts).
alter table replicache_cvr add column partial jsonb;

-- A project's first pull pages its tasks in id order, then their comments, activity and the
-- rest by task; a change to a loaded project is found by (workspace_id, tx) and then its project.
create index task_project_id_idx on task (project_id, id);
