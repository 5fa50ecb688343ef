import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { checkEmail, checkMobile, profilePaths, type OwnSession, type Profile, type ProfileInput } from '@parking/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Popconfirm, Result, Skeleton, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { signOutAndReload, useSessionStore } from '../../../shared/session/session-store';
import { checkRule } from '../../../shared/resource/schema-check';
import { formatDateTime } from '../../../shared/resource/value-format';
import { ImageUpload } from '../../../shared/upload/image-upload';
import { ChangePasswordDialog } from '../../../shared/password/change-password-dialog';
import { endOwnSession, fetchOwnSessions, fetchProfile, profileKeys, saveProfile } from '../profile-api';
import { userAgentLabel } from '../user-agent-label';
import '../tenant-profile.css';

/** Keeps the navbar's name and avatar in step with what was just saved. */
const refreshSignedInUser = () =>
  useSessionStore
    .getState()
    .loadCurrentUser()
    .catch(() => undefined);

function ProfileCard({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  return (
    <Card className="user-center__card">
      <div className="user-center__identity">
        <Avatar size={96} src={profile.avatar || undefined} icon={<UserOutlined />} alt={`${profile.realName}的头像`} />
        <ImageUpload
          purpose="avatar"
          path={profilePaths.avatar}
          label="更换头像"
          onUploaded={() => {
            void queryClient.invalidateQueries({ queryKey: profileKeys.profile });
            void refreshSignedInUser();
          }}
        />
        <div className="user-center__name">{profile.realName}</div>
        <div className="user-center__account">{profile.account}</div>
      </div>
      <Descriptions column={1} size="small" className="user-center__facts">
        <Descriptions.Item label="所属租户">{profile.tenantName}</Descriptions.Item>
        <Descriptions.Item label="所属组织">{profile.organizationName || '—'}</Descriptions.Item>
        <Descriptions.Item label="岗位">{profile.positionNames.join('、') || '—'}</Descriptions.Item>
        <Descriptions.Item label="角色">
          {profile.isAdministrator && <Tag color="gold">管理员</Tag>}
          {profile.roleNames.join('、') || (profile.isAdministrator ? '' : '—')}
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">{formatDateTime(profile.createdAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<ProfileInput>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ProfileInput) => {
    setSaving(true);
    try {
      void message.success(await saveProfile(values));
      await queryClient.invalidateQueries({ queryKey: profileKeys.profile });
      void refreshSignedInUser();
    } catch {
      // the HTTP layer showed the server's msg; what was typed stays
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      name="profile"
      layout="vertical"
      className="user-center__form"
      initialValues={{ realName: profile.realName, mobile: profile.mobile, email: profile.email }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="realName"
        label="姓名"
        rules={[
          { required: true, whitespace: true, message: '请输入姓名' },
          { max: 32, message: '姓名最长32个字' },
        ]}
      >
        <Input count={{ show: true, max: 32 }} />
      </Form.Item>
      <Form.Item name="mobile" label="手机号" rules={[checkRule((v) => (v ? checkMobile(v) : undefined))]}>
        <Input inputMode="numeric" placeholder="用于接收短信验证码" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={[checkRule((v) => (v ? checkEmail(v) : undefined)), { max: 64, message: '邮箱最长64位' }]}>
        <Input count={{ show: true, max: 64 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}

function SessionsTable() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: profileKeys.sessions, queryFn: fetchOwnSessions });

  const end = async (session: OwnSession) => {
    try {
      const { current } = await endOwnSession(session.id);
      if (current) {
        await signOutAndReload();
        return;
      }
      void message.success('已下线');
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
    } catch {
      // reported by the HTTP layer
    }
  };

  return (
    <Table<OwnSession>
      rowKey="id"
      size="middle"
      className="user-center__sessions"
      loading={sessions.isFetching}
      dataSource={sessions.data ?? []}
      pagination={false}
      locale={{ emptyText: '暂无登录记录' }}
      scroll={{ x: 760 }}
      columns={[
        {
          title: '设备',
          dataIndex: 'userAgent',
          width: 220,
          render: (value: string, record) => (
            <span title={value}>
              {userAgentLabel(value)}
              {record.current && (
                <Tag color="processing" style={{ marginInlineStart: 8 }}>
                  当前
                </Tag>
              )}
            </span>
          ),
        },
        { title: 'IP地址', dataIndex: 'ip', width: 140, render: (value: string) => value || '—' },
        { title: '登录时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
        { title: '最近活动', dataIndex: 'lastSeenAt', width: 170, render: formatDateTime },
        { title: '过期时间', dataIndex: 'expiresAt', width: 170, render: formatDateTime },
        {
          title: '操作',
          key: 'actions',
          width: 90,
          fixed: 'right',
          render: (_value, record) => (
            <Popconfirm
              placement="topRight"
              title={record.current ? '退出当前登录？' : '下线这个登录？'}
              description={record.current ? '将返回登录页。' : '该设备需要重新登录才能继续使用。'}
              okText={record.current ? '退出' : '下线'}
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => end(record)}
            >
              <Button type="link" size="small" danger>
                {record.current ? '退出' : '下线'}
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}

/** /user/center: one's own profile, avatar, password and the places one is signed in. */
export function UserCenterPage() {
  const profile = useQuery({ queryKey: profileKeys.profile, queryFn: fetchProfile });
  const [changingPassword, setChangingPassword] = useState(false);

  if (profile.isError) {
    return (
      <div className="page-card">
        <Result status="warning" title="个人资料加载失败" extra={<Button onClick={() => void profile.refetch()}>重试</Button>} />
      </div>
    );
  }
  if (!profile.data) {
    return (
      <div className="page-card">
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </div>
    );
  }

  return (
    <div className="user-center">
      <ProfileCard profile={profile.data} />
      <Card className="user-center__card user-center__main">
        <Tabs
          items={[
            { key: 'profile', label: '基本资料', children: <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} /> },
            {
              key: 'security',
              label: '安全设置',
              children: (
                <div className="user-center__security">
                  <div>
                    <div className="user-center__security-title">登录密码</div>
                    <div className="muted">修改后其他设备上的登录将全部失效。</div>
                  </div>
                  <Button icon={<LockOutlined />} onClick={() => setChangingPassword(true)}>
                    修改密码
                  </Button>
                </div>
              ),
            },
            { key: 'sessions', label: '登录设备', children: <SessionsTable /> },
          ]}
        />
      </Card>
      <ChangePasswordDialog open={changingPassword} userId={profile.data.userId} onClose={() => setChangingPassword(false)} />
    </div>
  );
}
