import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

const variants = {
  notFound: { status: '404', title: '404', subTitle: '抱歉，您访问的页面不存在' },
  forbidden: { status: '403', title: '401', subTitle: '抱歉，您无权访问该页面' },
  crashed: { status: '500', title: '页面出错了', subTitle: '页面加载失败，请刷新后重试' },
} as const;

export type ErrorPageVariant = keyof typeof variants;

export function ErrorPage({ variant }: { variant: ErrorPageVariant }) {
  const navigate = useNavigate();
  const { status, title, subTitle } = variants[variant];
  return (
    <div className="error-page">
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}

export const NotFoundPage = () => <ErrorPage variant="notFound" />;
export const ForbiddenPage = () => <ErrorPage variant="forbidden" />;
