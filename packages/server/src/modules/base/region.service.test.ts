import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/app-error.js';
import { shortName } from './region-data.js';
import { codeByAddress, regionChildren } from './region.service.js';

const codes = (address: string) => {
  const match = codeByAddress(address);
  return [match.provinceCode, match.cityCode, match.districtCode];
};

const failure = (address: string) => {
  try {
    codeByAddress(address);
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, msg: error.message };
    throw error;
  }
  throw new Error(`${address} was resolved`);
};

describe('codes of an address (GB/T 2260)', () => {
  it('reads a full province/city/district address', () => {
    expect(codeByAddress('广东省深圳市南山区科技园')).toEqual({
      provinceCode: '440000',
      provinceName: '广东省',
      cityCode: '440300',
      cityName: '深圳市',
      districtCode: '440305',
      districtName: '南山区',
    });
    expect(codes('浙江省杭州市西湖区文三路90号')).toEqual(['330000', '330100', '330106']);
  });

  it('gives a 直辖市 its 市辖区 city under the province name', () => {
    expect(codeByAddress('北京市朝阳区建国路88号')).toMatchObject({ provinceCode: '110000', cityCode: '110100', cityName: '北京市', districtCode: '110105' });
    expect(codes('上海浦东新区世纪大道100号')).toEqual(['310000', '310100', '310115']);
    expect(codes('重庆市渝中区解放碑')).toEqual(['500000', '500100', '500103']);
    expect(codes('北京市')).toEqual(['110000', '110100', null]);
  });

  it('reads abbreviations and addresses that leave the province out', () => {
    expect(codes('深圳南山区科技园')).toEqual(['440000', '440300', '440305']);
    expect(codes('广东深圳南山')).toEqual(['440000', '440300', '440305']);
    expect(codes('杭州市西湖区')).toEqual(['330000', '330100', '330106']);
    expect(codes('中国 广东省 广州市 天河区')).toEqual(['440000', '440100', '440106']);
  });

  it('infers the city from a district named straight after the province', () => {
    expect(codes('广东省南山区科技园')).toEqual(['440000', '440300', '440305']);
  });

  it('tells the city 吉林市 from the province 吉林', () => {
    expect(codes('吉林市船营区')).toEqual(['220000', '220200', '220204']);
    expect(codes('吉林省长春市朝阳区')).toEqual(['220000', '220100', '220104']);
  });

  it('reads autonomous prefectures and directly administered counties by their short names', () => {
    expect(codes('延边延吉市')).toEqual(['220000', '222400', '222401']);
    expect(codes('四川省阿坝州马尔康市')).toEqual(['510000', '513200', '513201']);
    expect(codes('四川省阿坝州')).toEqual(['510000', '513200', null]);
    expect(codeByAddress('海南省琼海市嘉积镇')).toMatchObject({ provinceCode: '460000', cityCode: '469000', cityName: '省直辖县级行政区划', districtCode: '469002' });
  });

  it('prefers the reading that accounts for more of the address', () => {
    // 天津 has a 河北区, but 河北省 names the province
    expect(codes('河北省石家庄市')).toEqual(['130000', '130100', null]);
    expect(codes('河北省')).toEqual(['130000', null, null]);
    expect(codes('天津市河北区')).toEqual(['120000', '120100', '120105']);
  });

  it('stops at the city when the city has no districts', () => {
    expect(codes('广东省东莞市松山湖')).toEqual(['440000', '441900', null]);
  });

  it('names the candidates when a district name alone fits several places', () => {
    const { status, msg } = failure('朝阳区建国路');
    expect(status).toBe(400);
    expect(msg).toContain('北京市朝阳区');
    expect(msg).toContain('吉林省长春市朝阳区');
    expect(msg).toContain('请写明省市');
  });

  it('does not take a street named after a place for the place', () => {
    expect(failure('新华路10号').status).toBe(404);
  });

  it('refuses an address that names no division with a Chinese msg', () => {
    expect(failure('科技园南区8栋')).toEqual({ status: 404, msg: '未能从地址“科技园南区8栋”中识别出省市区，请以省或市开头填写' });
  });
});

describe('short names', () => {
  it('drop the level word and the ethnic names of autonomous areas', () => {
    expect(shortName('广西壮族自治区', 1)).toBe('广西');
    expect(shortName('延边朝鲜族自治州', 2)).toBe('延边');
    expect(shortName('海西蒙古族藏族自治州', 2)).toBe('海西');
    expect(shortName('积石山保安族东乡族撒拉族自治县', 3)).toBe('积石山');
    expect(shortName('东区', 3)).toBeNull();
  });
});

describe('the cascader tree', () => {
  it('lists 34 provinces, then one level at a time', () => {
    const provinces = regionChildren(undefined);
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ value: '110000', label: '北京市', isLeaf: false });
    expect(regionChildren('110000')).toEqual([{ value: '110100', label: '北京市', isLeaf: false }]);
    expect(regionChildren('440300')).toContainEqual({ value: '440305', label: '南山区', isLeaf: true });
    expect(regionChildren('440000')).toContainEqual({ value: '441900', label: '东莞市', isLeaf: true });
    // the package's 市辖区 placeholders are no division of their own
    expect(regionChildren('440300').some((node) => node.label === '市辖区')).toBe(false);
  });

  it('refuses an unknown parent code', () => {
    expect(() => regionChildren('999999')).toThrow('未找到行政区划代码 999999');
  });
});
