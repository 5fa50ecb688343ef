import type { NewDataViewQuery, NewDataViewSnapshot } from '@parking/contract';

/** The select's value for a scope: lot:<id> or area:<id>. */
export const scopeValue = (scope: NewDataViewSnapshot['scope']): string => (scope.kind === 'none' ? '' : `${scope.kind}:${scope.id}`);

/** The query for a select value; anything else is the default scope (the first lot). */
export const scopeQuery = (value: string): NewDataViewQuery => {
  const [kind, id] = value.split(':');
  if (!id) return {};
  return kind === 'area' ? { areaId: id } : kind === 'lot' ? { lotId: id } : {};
};

/**
 * 新版数据大屏's choice of lot or area, in the header's corner. A plain select: it opens the same on a
 * wall's touch screen, a kiosk's keyboard and a mouse, and its list is not scaled with the stage.
 */
export function ScopePicker({ choices, scope, onChange }: { choices: NewDataViewSnapshot['choices']; scope: NewDataViewSnapshot['scope']; onChange: (query: NewDataViewQuery) => void }) {
  if (choices.lots.length === 0) return <span className="scope-picker scope-picker--none">暂无停车场</span>;
  return (
    <label className="scope-picker">
      <span className="scope-picker__label">范围</span>
      <select className="scope-picker__select" aria-label="选择停车场或区域" value={scopeValue(scope)} onChange={(event) => onChange(scopeQuery(event.target.value))}>
        <optgroup label="停车场">
          {choices.lots.map((lot) => (
            <option key={lot.id} value={`lot:${lot.id}`}>
              {lot.name}
            </option>
          ))}
        </optgroup>
        {choices.areas.length > 0 && (
          <optgroup label="区域">
            {choices.areas.map((area) => (
              <option key={area.id} value={`area:${area.id}`}>
                {area.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}
