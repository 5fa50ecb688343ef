import { checkMobile } from '@parking/contract';
import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { listQueryShape, searchColumns, searchParamOf } from './list-query';
import { formColumns, renderValue, serialColumnTitle, tableColumns } from './resource-columns';
import { defineResource } from './resource-types';
import { filtersToFormValues, formValuesToFilters } from './search-values';

interface Car {
  id: string;
  plate: string;
  mobile: string;
  colour: number;
  balance: number;
  enteredAt: string;
  enabled: number;
  secret: string;
}
interface CarQuery {
  plate?: string;
  colourList?: string;
  enteredOn?: string;
  enabled?: number;
}

const cars = defineResource<Car, CarQuery>({
  resource: 'car',
  name: '车辆',
  listPath: '/api/system/Car',
  rowKey: 'id',
  actions: { create: true, update: true, remove: true },
  columns: [
    { dataIndex: 'plate', title: '车牌', rules: [{ required: true }] },
    { dataIndex: 'mobile', title: '手机号', hideInSearch: true, rules: [{ check: checkMobile }] },
    {
      dataIndex: 'colour',
      title: '颜色',
      valueType: 'select',
      valueEnum: { '1': { text: '白色' }, '2': { text: '黄色', status: 'warning' } },
      search: { param: 'colourList', multiple: true },
    },
    { dataIndex: 'balance', title: '余额', valueType: 'money', hideInSearch: true },
    { dataIndex: 'enteredAt', title: '入场时间', valueType: 'date', search: { param: 'enteredOn' }, hideInForm: true, sortable: true },
    { dataIndex: 'enabled', title: '启用', valueType: 'switch' },
    { dataIndex: 'secret', title: '密钥', hideInTable: true, hideInSearch: true },
  ],
});

const query = { currentPage: 2, pageSize: 10, filters: {} };

describe('one descriptor drives the table, the search form and the form', () => {
  it('table: 序号 first, hidden columns left out, the actions column last', () => {
    const columns = tableColumns(cars.columns, query, { key: '__actions', title: '操作' });
    expect(columns.map((c) => c.title)).toEqual([serialColumnTitle, '车牌', '手机号', '颜色', '余额', '入场时间', '启用', '操作']);
    expect(columns.find((c) => c.title === '入场时间')?.sorter).toBe(true);
    expect(columns.find((c) => c.title === '车牌')?.sorter).toBe(false);
  });

  it('序号 renders the running number of the page', () => {
    const serial = tableColumns(cars.columns, query)[0]!;
    const row = { id: 'x' } as Car;
    expect(serial.render?.(undefined, row, 0)).toBe(11);
    expect(serial.render?.(undefined, row, 9)).toBe(20);
  });

  it('序号 follows the page of the rows on screen, not the one still loading', () => {
    const serial = tableColumns(cars.columns, { ...query, currentPage: 1 }, undefined, { currentPage: 3, pageSize: 4 })[0]!;
    expect(serial.render?.(undefined, { id: 'x' } as Car, 0)).toBe(9);
  });

  it('search: the columns not hidden in search, under their query parameter', () => {
    expect(searchColumns(cars.columns).map(searchParamOf)).toEqual(['plate', 'colourList', 'enteredOn', 'enabled']);
    expect(listQueryShape(cars).sortFields).toEqual(['enteredAt']);
  });

  it('form: the columns not hidden in the form', () => {
    expect(formColumns(cars.columns).map((c) => c.dataIndex)).toEqual(['plate', 'mobile', 'colour', 'balance', 'enabled', 'secret']);
  });
});

describe('cells by valueType and valueEnum', () => {
  const column = (index: string) => cars.columns.find((c) => c.dataIndex === index)!;

  it('shows a valueEnum entry with a status as a badge, and one without as text', () => {
    render(<div>{renderValue(column('colour'), 2)}</div>);
    expect(screen.getByText('黄色')).toBeTruthy();
    expect(document.querySelector('.ant-badge-status-warning')).not.toBeNull();
    expect(renderValue(column('colour'), 1)).toBe('白色');
    expect(renderValue(column('colour'), 9)).toBe('9');
  });

  it('money in fen reads as yuan, dates in Shanghai time, switches as 是/否', () => {
    expect(renderValue(column('balance'), 1250)).toBe('12.50');
    expect(renderValue(column('enteredAt'), '2026-11-19T16:05:09.000Z')).toBe('2026-11-20 00:05:09');
    expect(renderValue(column('enabled'), 1)).toBe('是');
    expect(renderValue(column('enabled'), 0)).toBe('否');
    expect(renderValue(column('plate'), null)).toBe('');
  });
});

describe('search form values ↔ URL filters', () => {
  it('splits a multiple select and parses a date, and joins them back', () => {
    const values = filtersToFormValues(cars.columns, { colourList: '1,2', enteredOn: '2026-11-19', plate: '粤B' });
    expect(values.colourList).toEqual(['1', '2']);
    expect(dayjs.isDayjs(values.enteredOn)).toBe(true);
    expect(formValuesToFilters(cars.columns, values)).toEqual({ plate: '粤B', colourList: '1,2', enteredOn: '2026-11-19' });
  });

  it('leaves out cleared and blank fields', () => {
    expect(formValuesToFilters(cars.columns, { plate: '  ', colourList: [], enteredOn: null, enabled: undefined })).toEqual({});
  });
});
