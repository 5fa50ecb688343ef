import { activityLevelNames, type DataViewLot } from '@parking/contract';
import { useEffect, useRef, useState } from 'react';
import { loadAMap, type AMapKeys } from '../../../shared/map/amap-loader';
import type { AMapMap, AMapMarker, AMapNamespace } from '../../../shared/map/amap-types';
import { getRuntimeConfig } from '../../../shared/runtime-config';
import { LevelLegend, LotPlan, levelColours, symbolSize } from './lot-plan';

const located = (lot: DataViewLot): lot is DataViewLot & { lng: number; lat: number } => lot.lng !== null && lot.lat !== null;

/** A lot's mark on the map: a dot sized by its spaces in its level's colour, and its name when the lots are few. */
export function lotMarker(lot: DataViewLot, named: boolean): HTMLElement {
  const mark = document.createElement('div');
  mark.className = `data-view-map-marker data-view-map-marker--${lot.level}`;
  mark.dataset.lotId = lot.id;
  const dot = document.createElement('i');
  const size = Math.round(symbolSize(lot.totalSpaces));
  Object.assign(dot.style, { width: `${size}px`, height: `${size}px`, background: levelColours[lot.level], boxShadow: `0 0 12px ${levelColours[lot.level]}` });
  mark.append(dot);
  if (named) {
    const name = document.createElement('span');
    name.textContent = lot.name;
    mark.append(name);
  }
  mark.title = `${lot.name} · 空闲/总数 ${lot.freeSpaces}/${lot.totalSpaces} · 占用率 ${lot.occupancyPercent}% · ${activityLevelNames[lot.level]}`;
  return mark;
}

function AMapLots({ lots, keys, onFailed }: { lots: readonly DataViewLot[]; keys: AMapKeys; onFailed: () => void }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<{ amap: AMapNamespace; map: AMapMap } | null>(null);
  const markers = useRef<AMapMarker[]>([]);
  const fitted = useRef(false);
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });

  useEffect(() => {
    let map: AMapMap | undefined;
    let gone = false;
    loadAMap(keys).then(
      (amap) => {
        if (gone || !boxRef.current) return;
        map = new amap.Map(boxRef.current, { zoom: 11, mapStyle: 'amap://styles/darkblue' });
        setShown({ amap, map });
      },
      () => {
        if (!gone) failed.current();
      },
    );
    return () => {
      gone = true;
      map?.destroy();
    };
  }, [keys]);

  useEffect(() => {
    if (!shown) return;
    for (const marker of markers.current) marker.setMap(null);
    const onMap = lots.filter(located);
    markers.current = onMap.map((lot) => {
      const marker = new shown.amap.Marker({ position: [lot.lng, lot.lat], content: lotMarker(lot, onMap.length <= 24), anchor: 'center', title: lot.name });
      marker.setMap(shown.map);
      return marker;
    });
    // the wall frames its lots once; a refresh recolours them where they are
    if (!fitted.current && onMap.length > 0) {
      shown.map.setFitView();
      fitted.current = true;
    }
  }, [shown, lots]);

  return <div ref={boxRef} className="data-view-map" role="img" aria-label="停车场地图" />;
}

/**
 * 停车场分布 on an AMap map when the deployment has a key (AMAP_KEY) and some lot has coordinates;
 * otherwise, and whenever the map cannot load, the drawn plan: never a blank panel. Lots without
 * coordinates cannot be put on a map; the panel says how many.
 */
export function LotMap({ lots, scale }: { lots: readonly DataViewLot[]; scale: number }) {
  const { amapKey, amapSecurityCode } = getRuntimeConfig();
  const [keys] = useState<AMapKeys>(() => ({ key: amapKey, securityCode: amapSecurityCode }));
  const [failed, setFailed] = useState(false);
  const unplaced = lots.filter((lot) => !located(lot)).length;
  if (lots.length === 0 || keys.key === '' || unplaced === lots.length) return <LotPlan lots={lots} scale={scale} />;
  if (failed) return <LotPlan lots={lots} scale={scale} note="地图加载失败，显示示意图" />;
  return (
    <div className="data-view-plan">
      <AMapLots lots={lots} keys={keys} onFailed={() => setFailed(true)} />
      <LevelLegend />
      {unplaced > 0 && <p className="data-view-plan__note">{unplaced} 个停车场未标注位置</p>}
    </div>
  );
}
