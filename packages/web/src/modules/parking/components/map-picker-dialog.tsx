import { Alert, AutoComplete, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { loadAMap, type AMapKeys } from '../../../shared/map/amap-loader';
import type { AMapAutoComplete, AMapGeocoder, AMapMap, AMapMarker, AMapNamespace, AMapPlaceSearch, AMapPosition, AMapTip } from '../../../shared/map/amap-types';

/** What the picker hands the form: coordinates to 6 decimals, and the address ('' when AMap had none). */
export interface PickedPlace {
  lng: number;
  lat: number;
  address: string;
}

type MapStatus = 'loading' | 'ready' | 'failed';

interface MapServices {
  amap: AMapNamespace;
  map: AMapMap;
  marker: AMapMarker | undefined;
  autoComplete: AMapAutoComplete;
  placeSearch: AMapPlaceSearch;
  geocoder: AMapGeocoder;
}

export const mapLoadFailedText = '地图加载失败，请检查网络或高德地图 Key 配置，可直接输入经纬度';

const sixDecimals = (value: number) => Number(value.toFixed(6));

/** 地图选点: search a place or click the map; the marker's address comes from reverse geocoding. */
export function MapPickerDialog({
  keys,
  initial,
  onCancel,
  onPick,
}: {
  keys: AMapKeys;
  /** the form's coordinates, if it has both */
  initial: AMapPosition | undefined;
  onCancel: () => void;
  onPick: (place: PickedPlace) => void;
}) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [status, setStatus] = useState<MapStatus>('loading');
  const [keyword, setKeyword] = useState('');
  const [tips, setTips] = useState<AMapTip[]>([]);
  const [picked, setPicked] = useState<PickedPlace>();
  const [notice, setNotice] = useState('');
  const services = useRef<MapServices | null>(null);

  const place = (position: AMapPosition, fallbackAddress: string) => {
    const current = services.current;
    if (!current) return;
    if (current.marker) current.marker.setPosition(position);
    else {
      current.marker = new current.amap.Marker({ position });
      current.marker.setMap(current.map);
    }
    const [lng, lat] = position;
    setPicked({ lng: sixDecimals(lng), lat: sixDecimals(lat), address: fallbackAddress });
    current.geocoder.getAddress(position, (geocoded, result) => {
      const address = geocoded === 'complete' && typeof result !== 'string' ? result.regeocode?.formattedAddress : undefined;
      if (address) setPicked({ lng: sixDecimals(lng), lat: sixDecimals(lat), address });
    });
  };

  // the map is an outside system: it lives as long as the dialog and its container
  useEffect(() => {
    if (!container) return undefined;
    let closed = false;
    loadAMap(keys).then(
      (amap) => {
        if (closed) return;
        const map = new amap.Map(container, { zoom: initial ? 16 : 11, ...(initial ? { center: initial } : {}) });
        services.current = {
          amap,
          map,
          marker: undefined,
          autoComplete: new amap.AutoComplete({}),
          placeSearch: new amap.PlaceSearch({ pageSize: 1 }),
          geocoder: new amap.Geocoder({ radius: 500 }),
        };
        map.on('click', (event) => place([event.lnglat.getLng(), event.lnglat.getLat()], ''));
        if (initial) place(initial, '');
        setStatus('ready');
      },
      () => {
        if (!closed) setStatus('failed');
      },
    );
    return () => {
      closed = true;
      services.current?.map.destroy();
      services.current = null;
    };
    // keys and initial are fixed for one opening of the dialog
  }, [container]);

  const suggest = (text: string) => {
    setKeyword(text);
    setNotice('');
    if (text.trim() === '') {
      setTips([]);
      return;
    }
    services.current?.autoComplete.search(text, (found, result) => {
      setTips(found === 'complete' && typeof result !== 'string' ? (result.tips ?? []).filter((tip) => tip.id !== '') : []);
    });
  };

  const choose = (id: string) => {
    const tip = tips.find((candidate) => candidate.id === id);
    if (!tip || !services.current) return;
    // the box shows the place's name, not the option's value (its AMap id)
    setKeyword(tip.name);
    services.current.placeSearch.search(`${tip.district}${tip.name}`, (found, result) => {
      const poi = found === 'complete' && typeof result !== 'string' ? result.poiList?.pois[0] : undefined;
      const location = poi?.location ?? (tip.location === '' ? undefined : tip.location);
      if (!location || !services.current) {
        setNotice(`未找到「${tip.name}」的位置，请在地图上点选`);
        return;
      }
      const position: AMapPosition = [location.getLng(), location.getLat()];
      services.current.map.setZoomAndCenter(17, position);
      place(position, `${tip.district}${poi?.address ?? ''}${tip.name}`);
    });
  };

  const options = tips.map((tip) => ({
    value: tip.id,
    label: (
      <div className="map-picker-tip">
        <span>{tip.name}</span>
        <Typography.Text type="secondary">{tip.district}</Typography.Text>
      </div>
    ),
  }));

  return (
    <Modal open title="地图选点" width={860} okText="确定" okButtonProps={{ disabled: picked === undefined }} onOk={() => picked && onPick(picked)} onCancel={onCancel}>
      {status === 'failed' ? (
        <Alert type="error" showIcon title={mapLoadFailedText} />
      ) : (
        <div className="map-picker">
          <AutoComplete
            value={keyword}
            options={options}
            onSearch={suggest}
            onSelect={choose}
            disabled={status !== 'ready'}
            placeholder="搜索地点，如 深圳湾体育中心"
            aria-label="搜索地点"
            style={{ width: '100%' }}
            notFoundContent={null}
          />
          <Spin spinning={status === 'loading'} description="地图加载中…">
            <div ref={setContainer} className="map-picker-map" data-testid="map-picker-map" />
          </Spin>
          {notice !== '' && <Alert type="warning" showIcon title={notice} />}
          <div className="map-picker-picked" aria-live="polite">
            {picked ? (
              <>
                <Typography.Text strong>{picked.address || '（无地址）'}</Typography.Text>
                <Typography.Text type="secondary">
                  经度 {picked.lng.toFixed(6)}，纬度 {picked.lat.toFixed(6)}
                </Typography.Text>
              </>
            ) : (
              <Typography.Text type="secondary">搜索地点或在地图上点击选择位置</Typography.Text>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
