import { SettingOutlined, PlusOutlined } from '@ant-design/icons';
import type { ComplaintPage as ComplaintListAnswer } from '@parking/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQuery } from '../../../shared/resource/list-query';
import { ResourceFormModal } from '../../../shared/resource/resource-form-modal';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { useListUrlState } from '../../../shared/resource/use-list-url-state';
import { listQueryOptions } from '../../../shared/resource/use-resource';
import { useComplaint } from '../complaint-api';
import { complaintResource } from '../complaint.resource';
import { ComplaintDrawer } from '../components/complaint-drawer';
import { ComplaintSettingsDialog } from '../components/complaint-settings-dialog';
import '../service.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { complaintResource as openingList } from '../complaint.resource';

/**
 * 逾期未办结, which every list answer carries for the whole tenant whatever its filter: read from the
 * table's own cache entry, never asked for again, and kept while the next page loads.
 */
function useOverdueOpen(query: ListQuery): number {
  const list = useQuery({ ...listQueryOptions(complaintResource, query), enabled: false, placeholderData: keepPreviousData });
  return (list.data as Partial<ComplaintListAnswer> | undefined)?.overdueOpen ?? 0;
}

/**
 * 停车运营 > 客户投诉 (menu address ParkingOperations/customerComplain). A system message opens it with
 * ?id=…, which opens that complaint at once.
 */
export function ComplaintPage() {
  const [search, setSearch] = useSearchParams();
  const { query, setQuery } = useListUrlState(complaintResource);
  const overdueOpen = useOverdueOpen(query);
  const [creating, setCreating] = useState(false);
  const [setting, setSetting] = useState(false);
  const shownId = search.get('id');
  const shown = useComplaint(shownId);

  const show = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('id', id);
    else next.delete('id');
    setSearch(next);
  };
  // the list filters by one status at a time, so open means either of the two
  const showOverdue = (status: 'pending' | 'processing') => setQuery({ filters: { overdue: '1', status }, currentPage: 1 });

  return (
    <>
      {shown.isError && <Alert className="complaint-alert" type="warning" showIcon title="消息所指的客户投诉不存在或已删除" />}
      {overdueOpen > 0 && (
        <Alert
          className="complaint-alert"
          type="error"
          showIcon
          title={`逾期未办结 ${overdueOpen} 件，请尽快处理`}
          action={
            <Space size={0}>
              <Button type="link" size="small" onClick={() => showOverdue('pending')}>
                查看逾期待处理
              </Button>
              <Button type="link" size="small" onClick={() => showOverdue('processing')}>
                查看逾期处理中
              </Button>
            </Space>
          }
        />
      )}
      <ResourceListPage
        descriptor={complaintResource}
        actionsWidth={70}
        toolbarExtra={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              新增投诉
            </Button>
            <Button icon={<SettingOutlined />} onClick={() => setSetting(true)}>
              处理时限设置
            </Button>
          </>
        }
        rowActions={(complaint) => (
          <Button type="link" size="small" onClick={() => show(complaint.id)}>
            {complaint.status === 'done' ? '查看' : '处理'}
          </Button>
        )}
      />
      {creating && <ResourceFormModal descriptor={complaintResource} record={undefined} open onClose={() => setCreating(false)} />}
      {setting && <ComplaintSettingsDialog onClose={() => setSetting(false)} />}
      {shownId && !shown.isError && <ComplaintDrawer id={shownId} onClose={() => show(null)} />}
    </>
  );
}
