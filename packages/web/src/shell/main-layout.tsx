import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import './shell.css';

/** The shell around every signed-in page; later issues add the tags view, settings drawer and messages. */
export function MainLayout() {
  return (
    <Layout className="app-shell" hasSider>
      <Sidebar />
      <Layout className="app-shell__body">
        <Navbar />
        <Layout.Content className="app-main">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
