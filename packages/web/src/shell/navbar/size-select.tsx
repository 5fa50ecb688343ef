import { FontSizeOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { useAppStore } from '../app-store';
import { isUiSize, sizeLabels, sizeSavedMessage, uiSizes } from '../size-options';

/** Default / Medium / Small / Mini, kept in the `size` cookie; antd follows through ConfigProvider. */
export function SizeSelect() {
  const size = useAppStore((state) => state.size);
  const setSize = useAppStore((state) => state.setSize);
  const { message } = App.useApp();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottom"
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: uiSizes.map((key) => ({ key, label: sizeLabels[key] })),
        onClick: ({ key }) => {
          if (!isUiSize(key)) return;
          setSize(key);
          void message.success(sizeSavedMessage);
        },
      }}
    >
      {/* a native title: an antd tooltip would sit over the open menu */}
      <button type="button" className="app-navbar__action" aria-label="布局大小" title="布局大小">
        <FontSizeOutlined />
      </button>
    </Dropdown>
  );
}
