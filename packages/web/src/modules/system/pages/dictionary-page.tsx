import { useUrlSyncedForm } from '../../../shared/resource/use-url-synced-form';
import { PlusOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { dictDetailInput, type DictDetail } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Form, Grid, Input, Menu, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dictionaryKey, fetchDictionary } from '../../../shared/dictionary/dictionary-api';
import { deleteConfirmText } from '../../../shared/resource/resource-list-page';
import { emptyText, loadingText, totalText } from '../../../shared/resource/resource-table';
import { DictDetailFormModal } from '../components/dict-detail-form-modal';
import { useDictDetailRemove } from '../dictionary-api';
import { defaultDictName, dictionaryTitle, knownDictionaries } from '../dictionary-catalogue';
import '../system.css';

type Editing = { entry: DictDetail | undefined } | null;

/** The open dictionary and the label search live in the URL, so a reload or a link shows the same list. */
function useDictionaryUrlState() {
  const [params, setParams] = useSearchParams();
  const dictName = params.get('dictName')?.trim() || defaultDictName;
  const label = params.get('label') ?? '';
  const open = (next: { dictName?: string; label?: string }) => {
    const search = new URLSearchParams({ dictName: next.dictName ?? dictName });
    const nextLabel = next.label ?? (next.dictName ? '' : label);
    if (nextLabel.trim()) search.set('label', nextLabel.trim());
    setParams(search);
  };
  return { dictName, label, open };
}

/** 系统管理 > 字典 (system/dictionary): the dictionaries on the left, the open one's entries on the right. */
export function DictionaryPage() {
  const { message } = App.useApp();
  const { dictName, label, open } = useDictionaryUrlState();
  const [searchForm] = Form.useForm<{ label: string }>();
  const markSearched = useUrlSyncedForm(searchForm, { label });
  const entries = useQuery({ queryKey: dictionaryKey({ dictName, label }), queryFn: () => fetchDictionary({ dictName, label }) });
  const remove = useDictDetailRemove();
  const [editing, setEditing] = useState<Editing>(null);
  const [otherName, setOtherName] = useState('');
  const [otherError, setOtherError] = useState<string>();

  const names = knownDictionaries.some((d) => d.dictName === dictName) ? knownDictionaries : [...knownDictionaries, { dictName, title: dictionaryTitle(dictName) }];
  const rows = entries.data ?? [];
  const nextSort = rows.reduce((max, row) => Math.max(max, row.sort + 1), 0);

  const openOther = (typed: string) => {
    const parsed = dictDetailInput.shape.dictName.safeParse(typed);
    if (!parsed.success) {
      setOtherError(parsed.error.issues[0]?.message);
      return;
    }
    setOtherError(undefined);
    setOtherName('');
    open({ dictName: parsed.data });
  };

  const phone = Grid.useBreakpoint().xs === true;

  const removeEntry = async (entry: DictDetail) => {
    const msg = await remove.mutateAsync(entry.id);
    message.success(msg || '删除成功');
  };

  const columns: TableColumnType<DictDetail>[] = [
    // 序号 counts through the whole dictionary, not from 1 on every client-side page; a phone shows
    // 字典标签 and 字典值 side by side instead
    ...(phone ? [] : [{ key: 'serial', title: '序号', width: 70, align: 'center' as const, render: (_value: unknown, entry: DictDetail) => rows.indexOf(entry) + 1 }]),
    { key: 'label', dataIndex: 'label', title: '字典标签', width: phone ? 120 : 200 },
    { key: 'value', dataIndex: 'value', title: '字典值', width: phone ? 110 : 160 },
    { key: 'sort', dataIndex: 'sort', title: '排序', width: 100 },
    {
      key: 'actions',
      title: '操作',
      width: 130,
      render: (_value, entry) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing({ entry })}>
            编辑
          </Button>
          <Popconfirm
            placement="topRight"
            title={`确定删除字典项「${entry.label}」吗？`}
            description={deleteConfirmText}
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            // a failed call was reported by the HTTP layer; the row simply stays
            onConfirm={() => removeEntry(entry).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="page-card dictionary-page">
      <aside className="dictionary-names" aria-label="字典列表">
        <Typography.Title level={5}>字典</Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={[dictName]}
          items={names.map((d) => ({
            key: d.dictName,
            label: (
              <span className="dictionary-name">
                {d.title}
                <span className="dictionary-code">{d.dictName}</span>
              </span>
            ),
          }))}
          onClick={({ key }) => open({ dictName: key })}
        />
        <Form.Item label="其他字典" validateStatus={otherError ? 'error' : undefined} help={otherError} layout="vertical">
          <Input.Search value={otherName} placeholder="输入字典名称，如 lane_type" enterButton="打开" onChange={(event) => setOtherName(event.target.value)} onSearch={openOther} />
        </Form.Item>
      </aside>

      <section className="dictionary-entries resource-page">
        <Typography.Title level={5}>
          {dictionaryTitle(dictName)} <span className="dictionary-code">{dictName}</span>
        </Typography.Title>
        <Form
          key={dictName}
          form={searchForm}
          name="dictionary-search"
          layout="inline"
          className="resource-search"
          initialValues={{ label }}
          onFinish={(values: { label?: string }) => {
            // the same search again changes no URL, so it asks the server afresh instead
            if ((values.label ?? '').trim() === label) void entries.refetch();
            else {
              markSearched({ label: (values.label ?? '').trim() });
              open({ label: values.label ?? '' });
            }
          }}
        >
          <Form.Item name="label" label="字典标签">
            <Input allowClear placeholder="请输入字典标签" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button
                icon={<UndoOutlined />}
                onClick={() => {
                  searchForm.setFieldValue('label', '');
                  markSearched({ label: '' });
                  open({ label: '' });
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <div className="resource-toolbar">
          <span />
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ entry: undefined })}>
              新增
            </Button>
            <Tooltip title="刷新">
              <Button aria-label="刷新" icon={<ReloadOutlined />} loading={entries.isFetching} onClick={() => void entries.refetch()} />
            </Tooltip>
          </Space>
        </div>
        <Table<DictDetail>
          className="resource-table"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={{ spinning: entries.isFetching, description: loadingText }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
          scroll={{ x: 'max-content' }}
          // a dictionary is read whole, so it pages on the client
          pagination={{ defaultPageSize: 10, showSizeChanger: true, showTotal: totalText }}
        />
      </section>

      {editing && (
        <DictDetailFormModal
          key={editing.entry?.id ?? 'new'}
          entry={editing.entry}
          dictName={dictName}
          nextSort={nextSort}
          onClose={() => setEditing(null)}
          onSaved={(savedIn) => {
            setEditing(null);
            if (savedIn !== dictName) open({ dictName: savedIn });
          }}
        />
      )}
    </div>
  );
}
