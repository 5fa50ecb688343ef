// The public face of messages: the message center's routes, raising and handling system
// messages, and the device offline tasks it shows (devices opens and closes them here).
export { messagesRoutes } from './messages.routes.js';
export { raiseMessage, toDeviceOfflineTask } from './messages.service.js';
export { closeOfflineTasks, markMessagesHandled, openOfflineTask, pageOfflineTaskHistory, type OfflineTaskFilter, type OfflineTaskRow } from './messages.repository.js';
