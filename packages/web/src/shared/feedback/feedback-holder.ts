import { message, Modal, notification } from 'antd';
import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** Dialogs and toasts for code outside React (the HTTP layer); the bridge swaps in themed instances. */
export interface Feedback {
  confirm: (props: ModalFuncProps) => void;
  notification: NotificationInstance;
  message: MessageInstance;
}

let current: Feedback = {
  confirm: (props) => {
    Modal.confirm(props);
  },
  notification,
  message,
};

export const getFeedback = (): Feedback => current;

export const setFeedback = (next: Feedback): void => {
  current = next;
};
