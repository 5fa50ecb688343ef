/**
 * The auth module's public face: the sign-in page, which the router mounts at /login. The signed-in
 * session itself is shared/session, since every module, the shell and shared components read it.
 */
export { LoginPage } from './pages/login-page';
