import { reconciliationGlossary } from '@parking/contract';
import { Collapse, Descriptions } from 'antd';

/** 名词解释: what each mistake kind and resolution means, in the product's money words. */
export function ReconciliationGlossary() {
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 12 }}
      items={[
        {
          key: 'glossary',
          label: '名词解释',
          children: <Descriptions size="small" column={1} bordered items={reconciliationGlossary.map((entry) => ({ key: entry.term, label: entry.term, children: entry.meaning }))} />,
        },
      ]}
    />
  );
}
