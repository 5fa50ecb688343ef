import { describe, expect, it } from 'vitest';
import { auditField, auditModuleName, auditTargetName } from '../system/operation-log.catalogue.js';
import { customerInput, customerListQuery, customerSourceNames, vehicleBindInput, vehicleBindingStateNames, vehicleListQuery } from './customer.schema.js';

const customerId = '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01';
const issues = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error!.issues.map((i) => i.message);
};

describe('owner input', () => {
  it('takes a mobile number and an optional nickname, trimmed', () => {
    expect(customerInput.parse({ phone: ' 13812345678 ', nickname: ' 张三 ' })).toEqual({ phone: '13812345678', nickname: '张三' });
    expect(customerInput.parse({ phone: '13812345678' })).toEqual({ phone: '13812345678', nickname: '' });
  });

  it('names what is wrong in Chinese, and refuses a source staff cannot choose', () => {
    expect(issues(customerInput, {})).toEqual(['请输入手机号']);
    expect(issues(customerInput, { phone: '12345' })).toEqual(['请输入正确的电话号码']);
    expect(issues(customerInput, { phone: '13812345678', nickname: '长'.repeat(33) })).toEqual(['昵称最长32位']);
    expect(customerInput.safeParse({ phone: '13812345678', source: 'h5' }).success).toBe(false);
  });
});

describe('owner list query', () => {
  it('takes Shanghai days for the registered range, and refuses an end before the start', () => {
    expect(customerListQuery.parse({ registeredFrom: '2026-03-01', registeredTo: '2026-03-01', enabled: '1', plateNumber: ' 粤b1 ' })).toMatchObject({
      registeredFrom: '2026-03-01',
      registeredTo: '2026-03-01',
      enabled: 1,
      plateNumber: '粤B1',
    });
    expect(issues(customerListQuery, { registeredFrom: '2026-03-02', registeredTo: '2026-03-01' })).toEqual(['注册结束日期不能早于开始日期']);
    expect(issues(customerListQuery, { registeredFrom: '2026/03/01' })).toEqual(['注册开始日期格式应为YYYY-MM-DD']);
    expect(customerListQuery.safeParse({ source: 'h5' }).success).toBe(false);
  });
});

describe('vehicle binding', () => {
  it('takes a mainland plate, upper-cased, on one of the five plate colours (blue by default)', () => {
    expect(vehicleBindInput.parse({ customerId, plateNumber: ' 粤b12345 ' })).toEqual({ customerId, plateNumber: '粤B12345', plateColour: 0 });
    expect(vehicleBindInput.parse({ customerId, plateNumber: '粤BD12345', plateColour: 3 }).plateColour).toBe(3);
  });

  it('names what is wrong in Chinese', () => {
    expect(issues(vehicleBindInput, { customerId, plateNumber: 'ABC123' })).toEqual(['请输入正确的车牌号，如 粤B12345']);
    expect(issues(vehicleBindInput, { customerId, plateNumber: '粤B12345', plateColour: 5 })).toEqual(['请选择车牌颜色']);
    expect(issues(vehicleBindInput, { plateNumber: '粤B12345' })).toEqual(['请选择车主']);
    expect(issues(vehicleListQuery, { state: 'gone' })).toEqual(['绑定状态只能是未认证、认证中、已认证、认证失败或已解绑']);
  });

  it('names every source and state', () => {
    expect(Object.values(customerSourceNames)).toEqual(['小程序', '公众号', 'H5', '后台']);
    expect(Object.values(vehicleBindingStateNames)).toEqual(['未认证', '认证中', '已认证', '认证失败', '已解绑']);
  });
});

describe('operation log catalogue', () => {
  it('names the module and its kinds, and masks the phones', () => {
    expect(auditModuleName('customers')).toBe('车主管理');
    expect(auditTargetName('customer')).toBe('车主');
    expect(auditTargetName('customerVehicle')).toBe('车辆');
    expect(auditField('customer', 'phone')).toEqual({ label: '手机号', phone: true });
    expect(auditField('customerVehicle', 'customerPhone')).toEqual({ label: '车主手机号', phone: true });
    expect(auditField('customerVehicle', 'state').values).toBe(vehicleBindingStateNames);
  });
});
