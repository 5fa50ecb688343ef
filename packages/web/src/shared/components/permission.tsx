import type { ReactNode } from 'react';
import { useRoleGuard } from './role-guard';

interface PermissionProps {
  /** every one of these is needed; must not be empty */
  roles: readonly string[];
  children: ReactNode;
  /** shown instead when a role is missing; by default the element is simply not there */
  fallback?: ReactNode;
}

/** Renders its children only when the user's roles include all of `roles`. */
export function Permission({ roles, children, fallback = null }: PermissionProps) {
  return <>{useRoleGuard(roles) ? children : fallback}</>;
}
