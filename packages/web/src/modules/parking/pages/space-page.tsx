import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { LotSelect } from '../components/parking-selects';
import { spaceBatchPath } from '../space-batch-values';
import { spaceResource } from '../space.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { spaceResource as openingList } from '../space.resource';

/** 停车场管理 > 泊位 (menu address parkingAdmin/parkingSpace); 批量新增 leads to the lot's batch page. */
export function SpacePage() {
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <ResourceListPage
        descriptor={spaceResource}
        toolbarExtra={
          <Button icon={<AppstoreAddOutlined />} onClick={() => setChoosing(true)}>
            批量新增
          </Button>
        }
      />
      {choosing && <ChooseLotDialog onClose={() => setChoosing(false)} />}
    </>
  );
}

/** Which lot the batch is for, before going to its page. */
function ChooseLotDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ lotId: string | null }>();
  const navigate = useNavigate();
  const next = async () => {
    const { lotId } = await form.validateFields();
    if (!lotId) return;
    onClose();
    navigate(spaceBatchPath(lotId));
  };
  return (
    <Modal open title="批量新增泊位" okText="下一步" cancelText="取消" onOk={() => next().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ lotId: null }}>
        <Form.Item label="停车场" name="lotId" rules={[{ required: true, message: '请选择停车场' }]}>
          <LotSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
