import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../shared/session/session-store';
import { menuPages } from '../menu/menu-pages';
import { createMenuSearch, searchLabel } from './menu-search-index';

/** 搜索菜单: every permitted page, found by fuzzy title or path; choosing one opens it. */
export function MenuSearch() {
  const menuList = useSessionStore((state) => state.menuList);
  const navigate = useNavigate();
  const search = useMemo(() => createMenuSearch(menuPages(menuList)), [menuList]);
  const [query, setQuery] = useState('');
  const options = useMemo(() => search(query).map((entry) => ({ value: entry.path, label: searchLabel(entry) })), [search, query]);

  return (
    <Select
      className="app-navbar__search"
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder="搜索菜单"
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- antd's Select documents suffixIcon; the deprecation is rc-select's, beneath it
      suffixIcon={<SearchOutlined />}
      options={options}
      notFoundContent={null}
      popupMatchSelectWidth={260}
      aria-label="搜索菜单"
      onChange={(path: string) => {
        setQuery('');
        navigate(path);
      }}
    />
  );
}
