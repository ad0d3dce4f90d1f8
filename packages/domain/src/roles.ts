export const ROLES = {
  manager: 'Sales Manager',
  representative: 'Sales Representative',
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

export const ROLE_VALUES = [ROLES.manager, ROLES.representative] as const;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLE_VALUES as readonly string[]).includes(value);
}

/** Where a signed-in user lands; null for a role the product does not know. */
export function homePathForRole(role: unknown): '/manager' | '/rep' | null {
  if (role === ROLES.manager) return '/manager';
  if (role === ROLES.representative) return '/rep';
  return null;
}
