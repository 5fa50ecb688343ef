import { playerTileCounts, type PlayerTileCount } from '@parking/contract';

/** 1 / 4 / 9 / 16 tiles, in the header's corner. */
export function PlayerTileCounts({ value, onChange }: { value: PlayerTileCount; onChange: (count: PlayerTileCount) => void }) {
  return (
    <div className="player-counts" role="group" aria-label="分屏">
      {playerTileCounts.map((count) => (
        <button
          key={count}
          type="button"
          className={count === value ? 'player-counts__button player-counts__button--on' : 'player-counts__button'}
          aria-pressed={count === value}
          onClick={() => onChange(count)}
        >
          {count}
        </button>
      ))}
    </div>
  );
}
