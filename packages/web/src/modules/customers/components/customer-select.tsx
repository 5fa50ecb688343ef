import { Select } from 'antd';
import { useState } from 'react';
import type { PickerProps } from '../../../shared/components/picker';
import { useCustomerPhoneOptions } from '../customers-api';

/** One owner, found by typing part of the phone; the picker shows the whole number, as a form does. */
export function CustomerSelect({ value, onChange, id }: PickerProps<string | undefined>) {
  const [phone, setPhone] = useState('');
  // only digits are searched: the list refuses more than a phone's 11
  const owners = useCustomerPhoneOptions(phone.replace(/\D/g, '').slice(0, 11));
  const options = owners.data?.map((owner) => ({ value: owner.id, label: owner.nickname ? `${owner.phone}（${owner.nickname}）` : owner.phone }));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={owners.isFetching}
      placeholder="输入手机号查找车主"
      notFoundContent={owners.isFetching ? '查找中…' : owners.isError ? '车主查找失败，请重试' : '没有该手机号的车主'}
      showSearch={{ filterOption: false, onSearch: setPhone }}
      allowClear
    />
  );
}
