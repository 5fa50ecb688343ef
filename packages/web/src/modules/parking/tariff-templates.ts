import {
  beijingOnStreetClass1,
  beijingOnStreetClass2,
  beijingOnStreetClass3,
  hangzhouCoreArea,
  hangzhouZhongshanNorthRoad,
  shenzhenOnStreetClass1,
  type Tariff,
  type TariffRules,
} from '@parking/contract';

const rulesOf = ({ name: _name, version: _version, effectiveFrom: _from, effectiveTo: _to, ...rules }: Tariff): TariffRules => rules;

/** Published city standards to start a tariff from (contract examples); check the figures against the current notice. */
export const tariffTemplates: ReadonlyArray<{ key: string; name: string; rules: TariffRules }> = [
  beijingOnStreetClass1,
  beijingOnStreetClass2,
  beijingOnStreetClass3,
  hangzhouCoreArea,
  hangzhouZhongshanNorthRoad,
  shenzhenOnStreetClass1,
].map((t, i) => ({ key: `template-${i}`, name: t.name, rules: rulesOf(t) }));
