import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import './refusal-hint.css';

interface RefusalHintProps {
  /** why the action inside is disabled; without one the action is shown as it is */
  refusal: string | undefined;
  children: ReactNode;
}

/**
 * A disabled action says why on hover. A disabled button receives no mouse events, so a span around
 * it takes the hover for the tooltip (the button lets the pointer through to it).
 */
export function RefusalHint({ refusal, children }: RefusalHintProps) {
  if (!refusal) return <>{children}</>;
  return (
    <Tooltip title={refusal}>
      <span className="refusal-hint">{children}</span>
    </Tooltip>
  );
}
