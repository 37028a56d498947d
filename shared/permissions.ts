import { createAccessControl } from "better-auth/plugins/access";
import {
  adminAc,
  defaultStatements,
  memberAc,
  ownerAc,
} from "better-auth/plugins/organization/access";

/**
 * The role × action table of SPEC.md section 6. The organization plugin's own statements
 * are spread into every role, or its endpoints (invite, update member…) would deny.
 */
const statements = {
  ...defaultStatements,
  project: ["create", "read", "update", "delete", "share"],
  task: ["create", "read", "update", "delete", "assign"],
  workspace: ["read", "update", "delete", "manage_settings"],
} as const;

export const accessControl = createAccessControl(statements);

const owner = accessControl.newRole({
  ...ownerAc.statements,
  project: ["create", "read", "update", "delete", "share"],
  task: ["create", "read", "update", "delete", "assign"],
  workspace: ["read", "update", "delete", "manage_settings"],
});

const admin = accessControl.newRole({
  ...adminAc.statements,
  project: ["create", "read", "update", "delete", "share"],
  task: ["create", "read", "update", "delete", "assign"],
  workspace: ["read", "update", "manage_settings"],
});

const member = accessControl.newRole({
  ...memberAc.statements,
  project: ["create", "read"],
  task: ["create", "read", "update"],
  workspace: ["read"],
});

export const roles = { owner, admin, member };

export type WorkspaceRole = keyof typeof roles;
export const workspaceRoles = ["owner", "admin", "member"] as const satisfies WorkspaceRole[];

export function isWorkspaceRole(name: string): name is WorkspaceRole {
  return (workspaceRoles as readonly string[]).includes(name);
}

type Statements = typeof statements;
type Permission = { [R in keyof Statements]?: Array<Statements[R][number]> };

/**
 * Whether a member's role string (possibly comma separated) allows every listed action.
 * As in better-auth, one single role must grant all of them.
 */
export function roleAllows(role: string, permission: Permission): boolean {
  return role
    .split(",")
    .map((name) => name.trim())
    .some((name) => isWorkspaceRole(name) && roles[name].authorize(permission).success);
}
