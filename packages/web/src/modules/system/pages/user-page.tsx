import type { SystemUserRow } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ChangePasswordDialog } from '../../../shared/password/change-password-dialog';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { useSessionStore } from '../../../shared/session/session-store';
import { ReleaseLoginLimitButton } from '../components/login-limit';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { UserStatusButton } from '../components/user-status-button';
import { userResource } from '../user.resource';
import '../system.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { userResource as openingList } from '../user.resource';

/** 系统管理 > 用户 (menu address system/user). */
export function UserPage() {
  const [resetting, setResetting] = useState<SystemUserRow | null>(null);
  const ownId = useSessionStore((state) => state.user?.userId);
  return (
    <>
      <ResourceListPage
        descriptor={userResource}
        actionsWidth={300}
        rowActions={(user) => (
          <>
            <UserStatusButton user={user} />
            <Button type="link" size="small" onClick={() => setResetting(user)}>
              重置密码
            </Button>
            <ReleaseLoginLimitButton user={user} />
          </>
        )}
      />
      {/* one's own password is changed, not reset: it takes the current one */}
      {resetting && resetting.id === ownId && <ChangePasswordDialog open userId={resetting.id} onClose={() => setResetting(null)} />}
      {resetting && resetting.id !== ownId && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}
