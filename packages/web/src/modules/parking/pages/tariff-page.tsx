import type { TariffDetail, TariffSummary, TariffVersion } from '@parking/contract';
import { App, Button, Card, Drawer, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatBusiness } from '../../../shared/time/business-time';
import { fetchTariff, useTariffList, useTariffOptions, useTariffRemove, useTariffVersions } from '../tariff-api';
import { TariffFormModal } from '../tariff-form-modal';
import { TariffTrialPanel } from '../tariff-trial-panel';
import { RefusalHint } from '../../../shared/components/refusal-hint';

/** "2025/01/01 00:00" on the Shanghai clock */
const shanghaiText = (iso: string | null | undefined) => (iso ? formatBusiness(iso, 'YYYY/MM/DD HH:mm') : '—');

function VersionsDrawer({ tariff, onClose }: { tariff: TariffSummary | null; onClose: () => void }) {
  const versions = useTariffVersions(tariff?.id);
  const columns: ColumnsType<TariffVersion> = [
    { title: '版本', dataIndex: 'versionNo', key: 'versionNo', width: 70, render: (n: number) => `第${n}版` },
    { title: '生效时间', dataIndex: 'effectiveFrom', key: 'effectiveFrom', render: shanghaiText },
    { title: '失效时间', dataIndex: 'effectiveTo', key: 'effectiveTo', render: (v: string | null) => (v ? shanghaiText(v) : '长期有效') },
    { title: '车型', key: 'classes', ellipsis: true, responsive: ['md'], render: (_v, row) => row.rules.vehicleClasses.map((c) => c.name).join('、') },
  ];
  return (
    <Drawer title={tariff ? `「${tariff.name}」的版本` : ''} open={tariff !== null} onClose={onClose} size={640}>
      <Table<TariffVersion>
        size="small"
        rowKey="id"
        loading={versions.isLoading}
        columns={columns}
        dataSource={versions.data ?? []}
        pagination={false}
        expandable={{ expandedRowRender: (row) => <pre className="tariff-rules-json">{JSON.stringify(row.rules, null, 2)}</pre> }}
      />
    </Drawer>
  );
}

/** 停车场管理 > 计费规则 (menu address parkingAdmin/tariff): tariffs, their versions and the 计费试算. */
export function TariffPage() {
  const { message } = App.useApp();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [name, setName] = useState('');
  const list = useTariffList({ ...page, ...(name ? { name } : {}) });
  const options = useTariffOptions();
  const remove = useTariffRemove();
  const [editing, setEditing] = useState<TariffDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [versionsOf, setVersionsOf] = useState<TariffSummary | null>(null);
  const [trialId, setTrialId] = useState<string>();

  const edit = async (id: string) => {
    setEditing(await fetchTariff(id));
    setFormOpen(true);
  };

  // on a phone the name and 操作 stay; the version, times, classes and lots wait for a wider screen
  const columns: ColumnsType<TariffSummary> = [
    { title: '名称', dataIndex: 'name', key: 'name', ellipsis: true },
    { title: '当前版本', key: 'version', width: 90, responsive: ['md'], render: (_v, row) => (row.currentVersion ? `第${row.currentVersion.versionNo}版` : '—') },
    { title: '生效时间', key: 'from', width: 160, responsive: ['md'], render: (_v, row) => shanghaiText(row.currentVersion?.effectiveFrom) },
    { title: '车型', key: 'classes', ellipsis: true, responsive: ['md'], render: (_v, row) => row.vehicleClasses.map((c) => c.name).join('、') },
    { title: '使用停车场', dataIndex: 'lotCount', key: 'lotCount', width: 100, align: 'right', responsive: ['md'] },
    { title: '状态', dataIndex: 'enabled', key: 'enabled', width: 80, responsive: ['sm'], render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void edit(row.id)}>
            修改
          </Button>
          <Button type="link" size="small" onClick={() => setVersionsOf(row)}>
            版本
          </Button>
          <Button type="link" size="small" onClick={() => setTrialId(row.id)}>
            试算
          </Button>
          <RefusalHint refusal={row.lotCount > 0 ? `有${row.lotCount}个停车场使用该计费规则，不能删除` : undefined}>
            <Popconfirm title={`确定删除计费规则「${row.name}」吗？`} onConfirm={async () => void message.success(await remove.mutateAsync(row.id))}>
              <Button type="link" size="small" danger disabled={row.lotCount > 0}>
                删除
              </Button>
            </Popconfirm>
          </RefusalHint>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="tariff-page">
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Input.Search
            aria-label="名称"
            placeholder="按名称搜索"
            allowClear
            style={{ width: 260 }}
            onSearch={(value) => {
              setName(value.trim());
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
          />
          <Button
            type="primary"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            新增计费规则
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          修改规则会自生效时间起新增版本，订单按入场时生效的版本计费。
        </Typography.Paragraph>
      </Card>
      <Card size="small">
        <Table<TariffSummary>
          size="middle"
          rowKey="id"
          loading={list.isLoading}
          columns={columns}
          dataSource={list.data?.list ?? []}
          pagination={{
            current: page.currentPage,
            pageSize: page.pageSize,
            total: list.data?.pagination.total ?? 0,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
          }}
        />
      </Card>
      <TariffTrialPanel tariffs={options.data?.list ?? []} initialTariffId={trialId} />
      <TariffFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
      <VersionsDrawer tariff={versionsOf} onClose={() => setVersionsOf(null)} />
    </Space>
  );
}
