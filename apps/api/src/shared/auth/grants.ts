import { parsePermission, parseRole, type Permission, type Role } from '@portal/domain';
import { invalidField } from '../http/errors';
import type { Caller } from './caller';

/**
 * Reads role and permission names as people write them ("Bill-to" is BillTo) and checks that
 * someone hands out only what they hold themselves. Each failure names its field.
 */
export function grantableAccess(
  caller: Pick<Caller, 'roles' | 'permissions'>,
  requested: { permissions: readonly string[]; roles?: readonly string[] | undefined },
  allowed: { permissions?: readonly Permission[] } = {},
): { permissions: Permission[]; roles: Role[] } {
  const permissions = requested.permissions.map((name) => {
    const permission = parsePermission(name);
    if (!permission)
      throw invalidField('permissions', `permissions: "${name}" is not a permission`);
    return permission;
  });
  const roles = (requested.roles ?? []).map((name) => {
    const role = parseRole(name);
    if (!role) throw invalidField('roles', `roles: "${name}" is not a role`);
    return role;
  });
  const ownPermissions = new Set(caller.permissions.map((name) => parsePermission(name)));
  const ownRoles = new Set(caller.roles.map((name) => parseRole(name)));
  const grantable = allowed.permissions ? new Set(allowed.permissions) : ownPermissions;
  for (const permission of permissions)
    if (!grantable.has(permission))
      throw invalidField('permissions', `permissions: ${permission} cannot be given here`);
  if (!allowed.permissions)
    for (const role of roles)
      if (!ownRoles.has(role))
        throw invalidField('roles', `roles: ${role} is not one of your own roles`);
  return { permissions: [...new Set(permissions)], roles: [...new Set(roles)] };
}
