import { dictionaryNames } from '@parking/contract';

/** The seeded dictionaries as the 字典 page lists them; any other name can still be opened by typing it. */
export const knownDictionaries: ReadonlyArray<{ dictName: string; title: string }> = [
  { dictName: dictionaryNames.plateColour, title: '车牌颜色' },
  { dictName: dictionaryNames.lotType, title: '停车场类型' },
  { dictName: dictionaryNames.deviceType, title: '设备类型' },
];

export const defaultDictName = dictionaryNames.plateColour;

export const dictionaryTitle = (dictName: string): string => knownDictionaries.find((d) => d.dictName === dictName)?.title ?? '自定义字典';
