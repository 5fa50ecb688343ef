import type { OrderWarning, OrderWarningCategory } from '@parking/contract';
import { Alert, Button, Space, Tabs } from 'antd';
import type { TableColumnType } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { actionsColumnTitle } from '../../../shared/resource/resource-list-page';
import { ResourceSearchForm } from '../../../shared/resource/resource-search-form';
import { ResourceTable } from '../../../shared/resource/resource-table';
import { ResourceToolbar } from '../../../shared/resource/resource-toolbar';
import { useResourceList } from '../../../shared/resource/use-resource';
import '../../../shared/resource/resource.css';
import { OrderWarningHandleDialog } from '../components/order-warning-handle-dialog';
import { useOrderWarning } from '../order-warning-api';
import { orderWarningResources } from '../order-warning.resource';
import { parkingRecordDetailPath } from '../record-paths';
import { useKeptListState } from '../use-kept-list-state';
import '../orders.css';

type TabKey = '1' | '2';
/** a type-1 message opens type=1 (订单异常), a type-8 message type=2 (车辆布控) */
const tabOf = (type: string | null): TabKey => (type === '2' ? type : '1');

const missingWarningText = '消息所指的订单预警不存在或已删除';
/** where the plates 车辆布控 watches for are kept: 车主管理 > 黑白名单 */
export const blackWhiteListPath = '/customer/blackWhiteList';

/** 订单管理 > 订单预警 (menu OrderManagement/OrderWarning): 订单异常 and 车辆布控; the plates watched for are on 黑白名单. */
export function OrderWarningPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  // the old 黑名单 tab is 黑白名单 now
  if (params.get('type') === 'blacklist') return <Navigate to={blackWhiteListPath} replace />;
  const tab = tabOf(params.get('type'));
  return (
    <div className="page-card resource-page order-warning-page">
      <Tabs
        activeKey={tab}
        // another tab starts from its own first page, without the previous tab's filters
        onChange={(key) => setParams({ type: key })}
        items={[
          { key: '1', label: '订单异常' },
          { key: '2', label: '车辆布控' },
        ]}
        tabBarExtraContent={
          <Button type="link" onClick={() => navigate(blackWhiteListPath)}>
            黑白名单
          </Button>
        }
      />
      <WarningList key={tab} category={Number(tab) as OrderWarningCategory} />
    </div>
  );
}

function WarningList({ category }: { category: OrderWarningCategory }) {
  const descriptor = orderWarningResources[category];
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const focusId = params.get('id');
  const { query, setQuery } = useKeptListState(descriptor, ['type', 'id']);
  const list = useResourceList(descriptor, query);
  const focused = useOrderWarning(focusId);
  const [handling, setHandling] = useState<OrderWarning | null>(null);
  // the warning a message pointed at opens by itself, until its dialog is closed once
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const shown = handling ?? (focused.data && focused.data.id !== dismissedId ? focused.data : null);

  const openRecord = (recordId: string) => navigate(parkingRecordDetailPath(recordId, `${location.pathname}${location.search}`));
  const close = () => {
    if (shown?.id === focusId) setDismissedId(focusId);
    setHandling(null);
  };

  const actions: TableColumnType<OrderWarning> = {
    key: '__actions',
    title: actionsColumnTitle,
    fixed: 'right',
    width: 150,
    render: (_value, warning) => (
      <Space size={4}>
        <Button type="link" size="small" onClick={() => setHandling(warning)}>
          {warning.state === 'open' ? '处理' : '查看'}
        </Button>
        {warning.recordId && (
          <Button type="link" size="small" onClick={() => openRecord(warning.recordId!)}>
            订单详情
          </Button>
        )}
      </Space>
    ),
  };

  return (
    <>
      {focused.isError && <Alert className="order-warning-missing" type="warning" showIcon title={missingWarningText} />}
      <ResourceSearchForm
        columns={descriptor.columns}
        filters={query.filters}
        formName={`${descriptor.resource}-${category}-search`}
        querySchema={descriptor.endpoints?.list.query}
        onSearch={(filters) => {
          if (JSON.stringify(filters) === JSON.stringify(query.filters) && query.currentPage === 1) void list.refetch();
          else setQuery({ filters, currentPage: 1 });
        }}
      />
      <ResourceToolbar descriptor={descriptor} query={query} selectedCount={0} reloading={list.isFetching} onReload={() => void list.refetch()} onCreate={() => undefined} />
      <ResourceTable
        descriptor={descriptor}
        query={query}
        page={list.data}
        loading={list.isFetching}
        actions={actions}
        onQueryChange={setQuery}
        rowClassName={(warning) => (warning.id === focusId ? 'order-warning-row--focused' : '')}
      />
      {shown && <OrderWarningHandleDialog key={shown.id} warning={shown} onClose={close} onOpenRecord={openRecord} />}
    </>
  );
}
