import { CopyOutlined, DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import type { TariffRules } from '@parking/contract';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { copyText } from '../../shared/components/copy-text';
import { checkRulesJson } from './tariff-form-issues';

/** Saves text as a file the browser downloads. */
const download = (fileName: string, text: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
};

/**
 * The rules as JSON, for keeping or moving elsewhere: 导出 downloads or copies the form's rules
 * (amounts in 分, as stored) once they are valid; 导入 fills the form from pasted JSON checked with the same schema.
 */
export function TariffJsonTools({ rules, fileName, onImport }: { rules: () => TariffRules | undefined; fileName: string; onImport: (rules: TariffRules) => void }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  const exported = () => {
    const valid = rules();
    if (!valid) void message.error('规则有误，请先按提示修正再导出');
    return valid && JSON.stringify(valid, null, 2);
  };
  const importText = () => {
    const checked = checkRulesJson(text);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    onImport(checked.rules);
    setOpen(false);
    void message.success('已导入，请检查后保存');
  };

  return (
    <Space size="small">
      <Button
        icon={<ImportOutlined />}
        onClick={() => {
          setText('');
          setErrors([]);
          setOpen(true);
        }}
      >
        导入 JSON
      </Button>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => {
          const json = exported();
          if (json) download(`${fileName}.json`, json);
        }}
      >
        导出 JSON
      </Button>
      <Button
        icon={<CopyOutlined />}
        onClick={() => {
          const json = exported();
          if (json)
            copyText(json).then(
              () => void message.success('已复制规则 JSON'),
              () => void message.error('复制失败，请改用导出 JSON'),
            );
        }}
      >
        复制 JSON
      </Button>
      <Modal title="导入规则 JSON" open={open} okText="导入" onOk={importText} onCancel={() => setOpen(false)} width={640} destroyOnHidden>
        <p className="tariff-json-hint">粘贴导出的规则 JSON（金额以分计），导入后会替换表单中的收费时段、车型、封顶等规则。</p>
        <Input.TextArea
          aria-label="规则 JSON"
          rows={14}
          value={text}
          spellCheck={false}
          className="tariff-json-text"
          onChange={(e) => {
            setText(e.target.value);
            setErrors([]);
          }}
        />
        {errors.length > 0 && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            title="规则有误，未导入"
            description={
              <ul className="tariff-problems">
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            }
          />
        )}
      </Modal>
    </Space>
  );
}
