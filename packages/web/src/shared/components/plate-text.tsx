import { plateColourName, plateCopiedMessage } from '@parking/contract';
import { App, Tooltip } from 'antd';
import { copyText } from './copy-text';
import './plate-text.css';

/** Plate colour codes → the chip's look; anything unknown is a blue plate. */
const plateTone: Readonly<Record<string, string>> = {
  白色: 'white',
  黄色: 'yellow',
  绿色: 'green',
  黑色: 'black',
  蓝色: 'blue',
};

interface PlateTextProps {
  plate: string;
  /** plate colour code: 1 white, 2 yellow, 3 green, 4 black, otherwise blue */
  colour?: number | string | null;
}

/** A plate as a coloured chip; a click copies it and says so. */
export function PlateText({ plate, colour }: PlateTextProps) {
  const { message } = App.useApp();
  const colourName = plateColourName(colour);
  if (!plate) return null;

  const copy = () => {
    copyText(plate).then(
      () => message.success(plateCopiedMessage(plate)),
      () => message.error('复制失败，请手动复制'),
    );
  };

  return (
    <Tooltip title={`${colourName}车牌，点击复制`}>
      <button type="button" className={`plate-text plate-text--${plateTone[colourName] ?? 'blue'}`} aria-label={`${plate}（${colourName}），点击复制`} onClick={copy}>
        {plate}
      </button>
    </Tooltip>
  );
}
