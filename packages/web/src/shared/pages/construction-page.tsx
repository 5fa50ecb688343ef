import { Result, Tag } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';

/** Stands in for a page nobody has built yet, and says so. */
export function ConstructionPage({ title, path }: { title: string; path?: string }) {
  const { pathname } = useLocation();
  return (
    <div className="page-card">
      <Result
        icon={<ToolOutlined style={{ color: '#1890ff' }} />}
        title={
          <span>
            {title} <Tag color="processing">建设中</Tag>
          </span>
        }
        subTitle={`「${title}」页面建设中，敬请期待`}
        extra={<code className="construction-page__path">{path ?? pathname}</code>}
      />
    </div>
  );
}
