import { CloudDownloadOutlined, DatabaseOutlined } from '@ant-design/icons';
import type { KeptBackup } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Skeleton, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useSessionStore } from '../../../shared/session/session-store';
import { formatBusiness } from '../../../shared/time/business-time';
import { backupKeys, downloadBackup, fetchBackupOverview, sizeText, startBackup } from '../backup-api';
import '../backup.css';

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

function DownloadButton({ backup }: { backup: KeptBackup }) {
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const onClick = () => {
    setLoading(true);
    downloadBackup(backup)
      .catch(() => message.error('下载失败，请稍后再试'))
      .finally(() => setLoading(false));
  };
  return (
    <Button type="link" size="small" icon={<CloudDownloadOutlined />} loading={loading} onClick={onClick}>
      下载
    </Button>
  );
}

/**
 * 系统管理 > 备份 (menu address system/backup): the last backup's time and size, the kept ones,
 * 立即备份 and, for administrators, 下载. The server checks every request; hiding 下载 only spares a
 * non-administrator a refusal.
 */
export function BackupPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const isAdministrator = useSessionStore((state) => state.user?.isAdministrator ?? false);
  const overview = useQuery({
    queryKey: backupKeys.overview,
    queryFn: fetchBackupOverview,
    // while one is being taken, look again until it is there
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
  const take = useMutation({
    mutationFn: startBackup,
    onSuccess: async (msg) => {
      message.success(msg);
      await queryClient.invalidateQueries({ queryKey: backupKeys.overview });
    },
  });
  const confirmTake = () =>
    modal.confirm({
      title: '立即备份',
      content: '将备份数据库和上传的照片、附件到数据目录的 backups 文件夹。内置数据库备份期间请求会稍有等待，确定现在备份吗？',
      okText: '备份',
      cancelText: '取消',
      onOk: () => take.mutateAsync(),
    });

  if (overview.isPending) {
    return (
      <Card className="backup-page" title="备份">
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (overview.isError) {
    return <Alert type="error" showIcon title="备份信息加载失败" action={<Button onClick={() => void overview.refetch()}>重试</Button>} />;
  }
  const { list, nightly, running, database } = overview.data;
  const latest = list[0];
  const columns = [
    { title: '备份时间', dataIndex: 'createdAt', key: 'createdAt', render: (value: string) => formatBusiness(value) },
    { title: '大小', dataIndex: 'bytes', key: 'bytes', align: 'right' as const, render: (value: number) => sizeText(value) },
    { title: '文件名', dataIndex: 'name', key: 'name', responsive: ['md' as const], render: (value: string) => <span className="backup-file-name">{value}</span> },
    ...(isAdministrator ? [{ title: '操作', key: 'actions', width: 100, render: (_: unknown, backup: KeptBackup) => <DownloadButton backup={backup} /> }] : []),
  ];
  return (
    <div className="backup-page">
      <Card
        title="最近一次备份"
        extra={
          <Button type="primary" icon={<DatabaseOutlined />} loading={running || take.isPending} onClick={confirmTake}>
            {running ? '正在备份' : '立即备份'}
          </Button>
        }
      >
        {latest ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无备份" />}
        <Descriptions
          column={{ xs: 1, sm: 2, md: 3 }}
          size="small"
          items={[
            ...(latest
              ? [
                  { key: 'createdAt', label: '备份时间', children: formatBusiness(latest.createdAt) },
                  { key: 'bytes', label: '大小', children: sizeText(latest.bytes) },
                ]
              : []),
            {
              key: 'nightly',
              label: '每日备份',
              children: nightly.enabled ? (
                <Tooltip title={`北京时间每天 ${hourText(nightly.hour)} 起自动备份，保留最近 ${nightly.keep} 份`}>
                  <Tag color="green">
                    每天 {hourText(nightly.hour)}，保留 {nightly.keep} 份
                  </Tag>
                </Tooltip>
              ) : (
                <Tag>{database === 'server' ? '由数据库服务器负责' : '未开启'}</Tag>
              ),
            },
          ]}
        />
      </Card>
      <Card title="保留的备份" className="backup-list">
        <Table<KeptBackup>
          rowKey="name"
          size="middle"
          columns={columns}
          dataSource={list}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无备份" /> }}
        />
      </Card>
    </div>
  );
}
