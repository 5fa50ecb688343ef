import { Alert, Button } from 'antd';
import { useSearchParams } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { useAppeal } from '../appeal-api';
import { appealResource } from '../appeal.resource';
import { AppealDrawer } from '../components/appeal-drawer';
import '../service.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { appealResource as openingList } from '../appeal.resource';

/**
 * 停车运营 > 申诉审核 (menu address ParkingOperations/appeal). A link with ?id=… opens that appeal's
 * review at once. The bell's 申诉 message opens the record's 详情, which lists the record's appeals
 * (the list filtered by recordId) and links each here with its ?id=….
 */
export function AppealPage() {
  const [search, setSearch] = useSearchParams();
  const shownId = search.get('id');
  const shown = useAppeal(shownId);

  const show = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('id', id);
    else next.delete('id');
    setSearch(next);
  };

  return (
    <>
      {shown.isError && <Alert className="complaint-alert" type="warning" showIcon title="所指的申诉不存在或已删除" />}
      <ResourceListPage
        descriptor={appealResource}
        actionsWidth={70}
        rowActions={(appeal) => (
          <Button type="link" size="small" onClick={() => show(appeal.id)}>
            {appeal.status === 'pending' ? '审核' : '查看'}
          </Button>
        )}
      />
      {shownId && !shown.isError && <AppealDrawer id={shownId} onClose={() => show(null)} />}
    </>
  );
}
