import { App } from 'antd';
import { useEffect } from 'react';
import { setFeedback } from './feedback-holder';

/** Lets non-React code use the App-context instances, which follow ConfigProvider's locale and theme. */
export function FeedbackBridge() {
  const { modal, notification, message } = App.useApp();
  useEffect(() => {
    setFeedback({
      confirm: (props) => {
        modal.confirm(props);
      },
      notification,
      message,
    });
  }, [modal, notification, message]);
  return null;
}
