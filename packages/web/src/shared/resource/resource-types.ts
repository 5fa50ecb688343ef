import type { Endpoint } from '@parking/contract';
import type { ComponentType, ReactNode } from 'react';
import type { ColumnPriority } from './column-settings';

/** How a field is shown in the table, edited in the form and typed in the search form. */
export type ValueType = 'text' | 'textarea' | 'select' | 'number' | 'money' | 'date' | 'switch';

export type BadgeStatus = 'success' | 'processing' | 'error' | 'warning' | 'default';

/** One option of a select; `status` turns the table cell into a coloured badge. */
export interface ValueEnumEntry {
  text: string;
  status?: BadgeStatus;
}

/** Keys are the API values as strings ('0', '1'…): URLs and selects speak strings. */
export type ValueEnum = Readonly<Record<string, ValueEnumEntry>>;

/** A code list's value enum from the contract's names, each with its badge when `badges` gives one. */
export const valueEnumOf = <K extends string>(codes: readonly K[], names: Readonly<Record<K, string>>, badges?: Readonly<Record<K, BadgeStatus>>): ValueEnum =>
  Object.fromEntries(codes.map((code) => [code, badges ? { text: names[code], status: badges[code] } : { text: names[code] }]));

/** A form rule; `check` is one of the contract's checkers (checkMobile, checkEmail…): message or undefined. */
export interface FieldRule {
  required?: boolean;
  max?: number;
  message?: string;
  check?: (value: string | null | undefined) => string | undefined;
}

export interface SearchOptions<Q> {
  /** the query parameter, when it differs from the field (messageType → messageTypeList) */
  param?: keyof Q & string;
  /** several values, sent comma-joined ("1,8") */
  multiple?: boolean;
  /** a time range picked as Shanghai wall-clock times, sent as two ISO parameters: ['startTime', 'endTime'] */
  range?: readonly [keyof Q & string, keyof Q & string];
  placeholder?: string;
}

export interface ResourceColumn<T, Q = Record<string, unknown>> {
  dataIndex: keyof T & string;
  /** the table column's own key, when two shown columns read one field (出场时间 and 停车时长) */
  key?: string;
  title: string;
  valueType?: ValueType;
  valueEnum?: ValueEnum;
  /** the switch's API values, [off, on]; 0/1 unless said otherwise */
  switchValues?: readonly [unknown, unknown];
  /** the table column's width in pixels; a column without one counts as 120 */
  width?: number;
  /** key: always shown, even on a phone; secondary: hidden first when the table has no room for it; otherwise shown while there is room */
  priority?: ColumnPriority;
  /** a text too long for the column ends in … and shows whole on hover; on unless said false (a cell of buttons or tags) */
  ellipsis?: boolean;
  sortable?: boolean;
  hideInSearch?: boolean;
  hideInForm?: boolean;
  hideInTable?: boolean;
  search?: SearchOptions<Q>;
  rules?: readonly FieldRule[];
  render?: (value: T[keyof T], record: T) => ReactNode;
  /** an input of its own (a tree select of organizations…) instead of the one valueType picks; the form passes the row being edited */
  input?: (where: 'form' | 'search', record?: T) => ReactNode;
}

/**
 * A create/edit form of its own, for a resource whose form is not simply its columns
 * (relations picked by id, a field only on create). Values are what the inputs hold.
 */
export interface ResourceForm<T> {
  Inputs: ComponentType<{ record: T | undefined }>;
  toValues: (record: T | undefined) => Record<string, unknown>;
  toBody: (values: Readonly<Record<string, unknown>>, record: T | undefined) => Record<string, unknown>;
  width?: number;
  /**
   * Runs once the row is saved, with what the server answered and the form's values (photos sent
   * after the row they belong to exists); a text it answers is shown as a warning, the save stands.
   */
  afterSave?: (saved: unknown, values: Readonly<Record<string, unknown>>) => Promise<string | undefined>;
}

/** Role names an action needs; absent means anyone who sees the page may use it. */
export interface ResourceRoles {
  create?: readonly string[];
  update?: readonly string[];
  remove?: readonly string[];
  export?: readonly string[];
}

/** A resource's endpoints as the generic table uses them: `list` answers a page; update and remove take `:id`. */
export interface ResourceEndpoints {
  list: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  remove?: Endpoint;
  export?: Endpoint;
}

/**
 * One module's resource, as the generic table, search form, toolbar, export and form read it.
 * T is the list item (from the contract), Q the list query it accepts (from the contract).
 */
export interface ResourceDescriptor<T, Q = Record<string, unknown>> {
  /** the query-key root and the word used in confirmations, e.g. 'systemMessage' */
  resource: string;
  /** what one row is called in Chinese messages ("系统消息") */
  name: string;
  /** where the list, the writes and the export go */
  endpoints?: ResourceEndpoints;
  /** the path-only form ({listPath}/{id}, {listPath}/Actions/Export) of descriptors that do not name their endpoints yet */
  listPath?: string;
  /** parameters every list and export call of this descriptor carries (路内设备 is the device list with parkingType 0) */
  fixedParams?: Readonly<Record<string, string | number>>;
  rowKey: keyof T & string;
  columns: ReadonlyArray<ResourceColumn<T, Q>>;
  defaultPageSize?: number;
  selectable?: boolean;
  actions: { create?: boolean; update?: boolean; remove?: boolean; export?: boolean };
  roles?: ResourceRoles;
  /** what names one row in a confirmation (its name, number or plate): 确定删除集团卡「JT0001」吗？ */
  recordName?: (record: T) => string;
  /** why a row may not be deleted (a system row…): 删除 is shown disabled with this as its hint */
  removeRefusal?: (record: T) => string | undefined;
  /** replaces the form built from the columns */
  form?: ResourceForm<T>;
}

export const defineResource = <T, Q = Record<string, unknown>>(descriptor: ResourceDescriptor<T, Q>) => descriptor;
