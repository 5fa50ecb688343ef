import type { SystemUser } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { UserStatusButton } from '../components/user-status-button';
import { userResource } from '../user.resource';
import '../system.css';

/** 系统管理 > 用户 (menu address system/user). */
export function UserPage() {
  const [resetting, setResetting] = useState<SystemUser | null>(null);
  return (
    <>
      <ResourceListPage
        descriptor={userResource}
        actionsWidth={230}
        rowActions={(user) => (
          <>
            <UserStatusButton user={user} />
            <Button type="link" size="small" onClick={() => setResetting(user)}>
              重置密码
            </Button>
          </>
        )}
      />
      {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}
