import { cityTemplates, tariffSourceText, type Tariff, type TariffRules } from '@parking/contract';

const rulesOf = ({ name: _name, version: _version, effectiveFrom: _from, effectiveTo: _to, ...rules }: Tariff): TariffRules => rules;

/**
 * Published city standards to start a tariff from (the contract's cityTemplates), each with the
 * document it follows: `source` names its 文号, date, issuer and title, for the form to show. Check
 * the figures against the current notice before a lot uses one.
 */
export const tariffTemplates: ReadonlyArray<{ key: string; name: string; rules: TariffRules; source?: string }> = cityTemplates.map(({ key, tariff, source }) => ({
  key,
  name: tariff.name,
  rules: rulesOf(tariff),
  source: tariffSourceText(source),
}));
