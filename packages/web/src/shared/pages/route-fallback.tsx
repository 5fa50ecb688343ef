import { Spin } from 'antd';

/** Shown while the first navigation resolves (runtime config, session) or a lazy page loads. */
export function RouteFallback() {
  return (
    <div className="route-fallback">
      <Spin size="large" />
    </div>
  );
}
