import type { PlateListEntry } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceFormModal } from '../../../shared/resource/resource-form-modal';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { PlateListRemoveButton } from '../components/plate-list-remove-button';
import { plateListResource } from '../plate-list.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { plateListResource as openingList } from '../plate-list.resource';

/** 车主管理 > 黑白名单 (menu address customer/blackWhiteList); a removed entry is history, neither edited nor removed again. */
export function BlackWhiteListPage() {
  const [editing, setEditing] = useState<PlateListEntry | null>(null);
  return (
    <>
      <ResourceListPage
        descriptor={plateListResource}
        actionsWidth={120}
        rowActions={(entry) =>
          entry.state === 'removed' ? null : (
            <>
              <Button type="link" size="small" onClick={() => setEditing(entry)}>
                编辑
              </Button>
              <PlateListRemoveButton entry={entry} />
            </>
          )
        }
      />
      {editing && <ResourceFormModal key={editing.id} descriptor={plateListResource} record={editing} open onClose={() => setEditing(null)} />}
    </>
  );
}
