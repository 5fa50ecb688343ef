import { plateProvinces } from '@parking/contract';
import './driver-pay.css';

const letters = [...'ABCDEFGHJKLMNPQRSTUVWXYZ'];
const digits = [...'0123456789'];
const endings = [...'挂学警港澳'];

/** 7 characters, 8 for a new-energy (新能源) plate. */
export const plateLength = (newEnergy: boolean) => (newEnergy ? 8 : 7);

interface PlateBoxesProps {
  value: string;
  newEnergy: boolean;
  onNewEnergy: (newEnergy: boolean) => void;
  onFocus: () => void;
}

/** The plate as a row of boxes, the next one to fill highlighted; the last box switches to a new-energy plate. */
export function PlateBoxes({ value, newEnergy, onNewEnergy, onFocus }: PlateBoxesProps) {
  const length = plateLength(newEnergy);
  return (
    <div className="plate-boxes" role="group" aria-label="车牌号">
      {Array.from({ length }, (_, i) => (
        <button
          key={i}
          type="button"
          className={`plate-boxes__box${i === value.length ? ' plate-boxes__box--active' : ''}${i === 7 ? ' plate-boxes__box--energy' : ''}`}
          aria-label={`车牌第${i + 1}位`}
          onClick={onFocus}
        >
          {value[i] ?? ''}
        </button>
      ))}
      {!newEnergy && (
        <button type="button" className="plate-boxes__box plate-boxes__box--add" onClick={() => onNewEnergy(true)}>
          +<small>新能源</small>
        </button>
      )}
      {newEnergy && (
        <button type="button" className="plate-boxes__toggle" onClick={() => onNewEnergy(false)}>
          普通车牌
        </button>
      )}
    </div>
  );
}

interface PlateKeyboardProps {
  value: string;
  newEnergy: boolean;
  onChange: (value: string) => void;
  onDone: () => void;
}

/** The plate keyboard: provinces for the first character, then letters and digits (I and O are never on a plate). */
export function PlateKeyboard({ value, newEnergy, onChange, onDone }: PlateKeyboardProps) {
  const full = value.length >= plateLength(newEnergy);
  const keys = value.length === 0 ? plateProvinces : value.length === 1 ? letters : [...digits, ...letters, ...(value.length >= 6 ? endings : [])];
  return (
    <div className="plate-keyboard" role="group" aria-label="车牌键盘">
      <div className={value.length === 0 ? 'plate-keyboard__keys plate-keyboard__keys--provinces' : 'plate-keyboard__keys'}>
        {keys.map((key) => (
          <button key={key} type="button" className="plate-keyboard__key" disabled={full} onClick={() => onChange(value + key)}>
            {key}
          </button>
        ))}
      </div>
      <div className="plate-keyboard__actions">
        <button type="button" className="plate-keyboard__key plate-keyboard__key--wide" disabled={value.length === 0} onClick={() => onChange(value.slice(0, -1))}>
          删除
        </button>
        <button type="button" className="plate-keyboard__key plate-keyboard__key--wide plate-keyboard__key--done" onClick={onDone}>
          完成
        </button>
      </div>
    </div>
  );
}
