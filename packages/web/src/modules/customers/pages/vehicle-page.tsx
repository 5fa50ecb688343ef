import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { VehicleBindDialog } from '../components/vehicle-bind-dialog';
import { VehicleUnbindButton } from '../components/vehicle-unbind-button';
import { vehicleResource } from '../vehicle.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { vehicleResource as openingList } from '../vehicle.resource';

/** 车主管理 > 车辆 (menu address customer/carList). */
export function VehiclePage() {
  const [binding, setBinding] = useState(false);
  return (
    <>
      <ResourceListPage
        descriptor={vehicleResource}
        actionsWidth={80}
        rowActions={(vehicle) => <VehicleUnbindButton vehicle={vehicle} />}
        toolbarExtra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setBinding(true)}>
            绑定车辆
          </Button>
        }
      />
      {binding && <VehicleBindDialog onClose={() => setBinding(false)} />}
    </>
  );
}
