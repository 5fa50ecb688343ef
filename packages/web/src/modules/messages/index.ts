/** The messages module's public face: the navbar's bell that raises and lists a user's messages. */
export { MessageBell } from './components/message-bell';
