import { parkingSpaceStateNames, parkingSpaceStates, type NewDataViewSnapshot } from '@parking/contract';
import { countText } from '../data-view-format';

type Spaces = NewDataViewSnapshot['spaces'];

/** The grid's room on the 1920×1080 stage (stage pixels), under the scope's name and the legend. */
export const spaceGridBox = { width: 1060, height: 640 } as const;
const gap = 4;
const largestCell = 120;

export interface GridLayout {
  columns: number;
  /** a cell's side in stage pixels */
  size: number;
  /** a cell's number in pixels; 0 when the cells are too small to hold one legibly */
  fontSize: number;
}

/** Square cells as large as `count` of them fit the box, at most largestCell: 12 spaces read from across the room, 400 still fit. */
export function gridLayout(count: number, box: { width: number; height: number } = spaceGridBox): GridLayout {
  const fits = (size: number) => Math.floor((box.width + gap) / (size + gap)) * Math.floor((box.height + gap) / (size + gap)) >= count;
  let size = largestCell;
  while (size > 4 && !fits(size)) size -= 1;
  const columns = Math.max(1, Math.min(count, Math.floor((box.width + gap) / (size + gap))));
  return { columns, size, fontSize: size >= 32 ? Math.min(20, Math.max(10, Math.round(size * 0.27))) : 0 };
}

/** A lot counted at its lanes: how full it is, in one bar, instead of cells it does not have. */
function LaneCounted({ totalSpaces, freeSpaces }: { totalSpaces: number; freeSpaces: number }) {
  const occupied = Math.max(0, totalSpaces - freeSpaces);
  const percent = totalSpaces > 0 ? Math.min(100, Math.round((occupied / totalSpaces) * 100)) : 0;
  return (
    <div className="space-summary" aria-label="车道计数">
      <p className="space-summary__figure">
        <span className="space-summary__occupied">{countText(occupied)}</span>
        <span className="space-summary__total"> / {countText(totalSpaces)} 已占用</span>
      </p>
      <div className="space-summary__bar" role="meter" aria-label="占用" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="space-summary__note">按车道进出计数，未逐个登记泊位</p>
    </div>
  );
}

/**
 * 泊位状态: every drawn space as a cell coloured by its state, with a legend that counts them. A scope
 * counted at its lanes shows how full it is instead; a bigger one says how many spaces are not drawn.
 */
export function SpaceGrid({ spaces, moreSpaces, totalSpaces, freeSpaces }: { spaces: Spaces; moreSpaces: number; totalSpaces: number; freeSpaces: number }) {
  if (spaces.length === 0) return totalSpaces > 0 ? <LaneCounted totalSpaces={totalSpaces} freeSpaces={freeSpaces} /> : <p className="data-view-empty">未登记泊位</p>;
  const counts = Object.fromEntries(parkingSpaceStates.map((state) => [state, spaces.filter((space) => space.state === state).length]));
  const layout = gridLayout(spaces.length);
  return (
    <div className="space-grid">
      <ul className="space-grid__legend" aria-label="泊位图例">
        {parkingSpaceStates.map((state) => (
          <li key={state}>
            <i className={`space-grid__swatch space-grid__cell--${state}`} />
            {parkingSpaceStateNames[state]} {countText(counts[state] ?? 0)}
          </li>
        ))}
        {moreSpaces > 0 && <li className="space-grid__more">另有 {countText(moreSpaces)} 个泊位未显示</li>}
      </ul>
      <ol
        className="space-grid__cells"
        aria-label="泊位"
        style={{ gridTemplateColumns: `repeat(${layout.columns}, ${layout.size}px)`, gridAutoRows: `${layout.size}px`, fontSize: layout.fontSize || undefined }}
      >
        {spaces.map((space, index) => (
          <li
            // a number can repeat across the lots of an area
            key={`${index}-${space.number}`}
            className={`space-grid__cell space-grid__cell--${space.state}`}
            title={`${space.number} ${parkingSpaceStateNames[space.state]}`}
            aria-label={`${space.number} ${parkingSpaceStateNames[space.state]}`}
          >
            {layout.fontSize > 0 && <span className="space-grid__number">{space.number}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}
