import { parkingAreaEndpoints, type ParkingArea, type ParkingAreaListQuery } from '@parking/contract';
import { Tag } from 'antd';
import { defineResource } from '../../shared/resource/resource-types';
import { AreaFormInputs } from './area-form';
import { areaFormBody, areaToFormValues, type AreaFormValues } from './area-form-values';
import { enabledColumn } from './enabled-column';
import { parkingAreaResourceKey } from './parking-api';

const coordinates = (area: ParkingArea) => (area.lng === null || area.lat === null ? '' : `${area.lng}, ${area.lat}`);

/** 停车场管理 > 片区: streets or zones that group lots and give inspectors a check-in point. */
export const areaResource = defineResource<ParkingArea, ParkingAreaListQuery>({
  resource: parkingAreaResourceKey,
  name: '片区',
  endpoints: parkingAreaEndpoints,
  rowKey: 'id',
  recordName: (area) => area.name,
  actions: { create: true, update: true, remove: true, export: true },
  columns: [
    { dataIndex: 'name', title: '片区名称', priority: 'key', width: 160, sortable: true },
    { dataIndex: 'address', title: '地址', width: 200, ellipsis: true, hideInSearch: true },
    { dataIndex: 'floor', title: '楼层', priority: 'secondary', width: 80, hideInSearch: true },
    { dataIndex: 'lng', title: '经纬度', priority: 'secondary', width: 190, hideInSearch: true, render: (_value, area) => coordinates(area) },
    {
      dataIndex: 'inspectors',
      title: '巡检员',
      width: 180,
      hideInSearch: true,
      render: (_value, area) => area.inspectors.map((inspector) => <Tag key={inspector.id}>{inspector.name}</Tag>),
    },
    { dataIndex: 'checkInRange', title: '打卡范围(米)', priority: 'secondary', width: 110, hideInSearch: true },
    { dataIndex: 'lotCount', title: '停车场数', width: 90, hideInSearch: true },
    enabledColumn<ParkingArea, ParkingAreaListQuery>(),
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: AreaFormInputs,
    width: 720,
    toValues: areaToFormValues,
    // the form holds exactly the fields toValues gave it, checked by its rules
    toBody: (values) => areaFormBody(values as AreaFormValues),
  },
});
