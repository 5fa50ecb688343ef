import { reloadPage } from '../browser/reload-page';
import { getFeedback } from '../feedback/feedback-holder';
import type { HttpAction } from './error-catalogue';

export interface HttpEffectHandlers {
  navigate: (to: string) => void;
  /** "重新登录": log out and reload */
  signInAgain: () => void | Promise<void>;
}

let handlers: HttpEffectHandlers = {
  navigate: (to) => {
    window.location.hash = `#${to}`;
  },
  signInAgain: reloadPage,
};

export const setHttpEffectHandlers = (next: HttpEffectHandlers): void => {
  handlers = next;
};

// Parallel calls failing together must not stack one dialog per call (nor one notice: see notify).
let signInDialogOpen = false;

export function performHttpAction(action: HttpAction): void {
  const feedback = getFeedback();
  switch (action.type) {
    case 'pass':
    case 'ignore':
      return;
    case 'navigate':
      handlers.navigate(action.to);
      return;
    case 'notify':
      // one notice per distinct failure: parallel calls refused alike must not stack a copy per call
      feedback.notification.error({ key: action.key ?? `${action.title}|${action.description ?? ''}`, title: action.title, description: action.description, duration: action.duration });
      return;
    case 'confirm-sign-in':
      if (signInDialogOpen) return;
      signInDialogOpen = true;
      feedback.confirm({
        title: action.title,
        content: action.content,
        okText: '重新登录',
        cancelText: '取消',
        type: 'warning',
        onOk: () => handlers.signInAgain(),
        afterClose: () => {
          signInDialogOpen = false;
        },
      });
      return;
  }
}
