import { Button, Result } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ScreenRouteEntry } from './screen-route-table';
import './screens.css';

export function ScreenPlaceholderPage({ entry }: { entry: ScreenRouteEntry }) {
  const navigate = useNavigate();
  return (
    <main className="screen-page">
      <h1 className="screen-page__title">{entry.title}</h1>
      <Result
        icon={<DesktopOutlined className="screen-page__icon" />}
        title={<span className="screen-page__text">建设中</span>}
        subTitle={<span className="screen-page__text">{`「${entry.title}」页面建设中，敬请期待`}</span>}
        extra={
          <Button ghost onClick={() => navigate('/')}>
            返回首页
          </Button>
        }
      />
    </main>
  );
}
