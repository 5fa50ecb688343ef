import type { ReactNode } from 'react';
import { Permission } from '../components/permission';

/** A descriptor's optional roles for one action: no list means no restriction. */
export function RoleGate({ roles, children }: { roles: readonly string[] | undefined; children: ReactNode }) {
  return roles ? <Permission roles={roles}>{children}</Permission> : <>{children}</>;
}
