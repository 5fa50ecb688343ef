import { Alert, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { defaultAccount, validAccount } from '../../../shared/tenant/account-cookie';
import { fetchBranding } from '../../../shared/tenant/branding-api';

interface TenantSwitchProps {
  /** the tenant the next sign-in goes to */
  account: string;
  /** its title, once the server has named it */
  title: string | undefined;
  /** why the server would not name it (租户「x」不存在, 已停用), if it would not */
  refusal: string | undefined;
  /** the tenant checked and chosen */
  onSwitch: (account: string) => void;
}

/**
 * Which tenant the sign-in goes to, and a way to another one: typed by its code and checked with the
 * server before it is taken, so a wrong or stopped tenant never leaves the login page without a way back.
 */
export function TenantSwitch({ account, title, refusal, onSwitch }: TenantSwitchProps) {
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [checking, setChecking] = useState(false);

  const choose = async (wanted: string) => {
    const valid = validAccount(wanted);
    if (!valid) {
      setProblem(wanted.trim() === '' ? '请输入租户编码' : '租户编码只能是字母、数字、下划线或短横线，最长32位');
      return;
    }
    setChecking(true);
    try {
      await fetchBranding(valid);
      setEditing(false);
      setProblem(undefined);
      onSwitch(valid);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '租户查询失败，请稍后再试');
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="tenant-switch">
      {refusal && (
        <Alert
          type="error"
          showIcon
          className="tenant-switch__refusal"
          title={refusal}
          description={
            <>
              <div>请输入正确的租户编码，或回到默认租户。</div>
              {account !== defaultAccount && (
                <Button size="small" className="tenant-switch__back" onClick={() => void choose(defaultAccount)}>
                  使用默认租户
                </Button>
              )}
            </>
          }
        />
      )}
      {editing ? (
        <Space.Compact className="tenant-switch__form" block>
          <Input
            autoFocus
            aria-label="租户编码"
            placeholder="租户编码，如 demo"
            maxLength={32}
            value={code}
            status={problem ? 'error' : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setProblem(undefined);
            }}
            onPressEnter={() => void choose(code)}
          />
          <Button type="primary" loading={checking} onClick={() => void choose(code)}>
            确定
          </Button>
          <Button
            onClick={() => {
              setEditing(false);
              setProblem(undefined);
            }}
          >
            取消
          </Button>
        </Space.Compact>
      ) : (
        <Typography.Text type="secondary" className="tenant-switch__current">
          租户：{title ?? account}
          {title && title !== account ? `（${account}）` : ''}
          <Button type="link" size="small" onClick={() => setEditing(true)}>
            切换租户
          </Button>
        </Typography.Text>
      )}
      {editing && problem && (
        <Typography.Text type="danger" className="tenant-switch__problem" role="alert">
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
