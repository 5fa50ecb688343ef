import { clockMinutes, clockTimePattern } from '@parking/contract';
import { daySegments, type ScheduleForm, type SegmentForm } from './tariff-form-values';

/** "2.5元/15分钟" and the like from what is typed; "—" for a blank. */
const yuan = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? '—' : `${n}元`);

/** A segment's price in a few words: 按次 5元; 前60分钟 2.5元/15分钟，之后 3.75元/15分钟. */
export const segmentPriceText = (s: SegmentForm): string => {
  const { pricing } = s;
  if (!pricing) return '';
  if (pricing.kind === 'perVisit') return `按次 ${yuan(pricing.priceYuan)}`;
  const tiers = pricing.tiers ?? [];
  return tiers
    .map((t, k) => {
      const each = `${yuan(t?.unitPriceYuan)}/${t?.unitMinutes ?? '—'}分钟`;
      if (tiers.length === 1) return each;
      const name = t?.label?.trim() || (k === tiers.length - 1 ? '之后' : `前${t?.uptoMinutes ?? '—'}分钟`);
      return `${name} ${each}`;
    })
    .join('，');
};

interface Block {
  from: number;
  to: number;
  segment?: SegmentForm;
  colour: number;
}

/** A day's 24 h cut into the segments' spans (one across midnight in two parts) and the free hours between them. */
export const dayBlocks = (segments: readonly SegmentForm[]): Block[] => {
  const charged: Block[] = [];
  segments.forEach((segment, colour) => {
    if (!segment || !clockTimePattern.test(segment.start ?? '') || !clockTimePattern.test(segment.end ?? '')) return;
    const start = clockMinutes(segment.start);
    const end = clockMinutes(segment.end);
    if (end > start) charged.push({ from: start, to: end, segment, colour });
    else {
      charged.push({ from: start, to: 1440, segment, colour });
      if (end > 0) charged.push({ from: 0, to: end, segment, colour });
    }
  });
  charged.sort((a, b) => a.from - b.from);
  const blocks: Block[] = [];
  let at = 0;
  for (const block of charged) {
    if (block.from > at) blocks.push({ from: at, to: block.from, colour: -1 });
    if (block.to > at) blocks.push({ ...block, from: Math.max(block.from, at) });
    at = Math.max(at, block.to);
  }
  if (at < 1440) blocks.push({ from: at, to: 1440, colour: -1 });
  return blocks;
};

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function DayBar({ name, segments }: { name: string; segments: readonly SegmentForm[] }) {
  return (
    <div className="tariff-timeline__day">
      <div className="tariff-timeline__name">{name}</div>
      <div className="tariff-timeline__bar" role="img" aria-label={`${name}收费时段`}>
        {dayBlocks(segments).map((b) => {
          const text = b.segment
            ? `${b.segment.label || '未命名时段'} ${clock(b.from)}-${clock(b.to === 1440 ? 0 : b.to)}：${segmentPriceText(b.segment)}`
            : `${clock(b.from)}-${clock(b.to === 1440 ? 0 : b.to)} 免费`;
          return (
            <div
              key={`${b.from}-${b.colour}`}
              className={b.segment ? `tariff-timeline__block tariff-timeline__block--${b.colour % 4}` : 'tariff-timeline__block tariff-timeline__block--free'}
              style={{ left: `${(b.from / 1440) * 100}%`, width: `${((b.to - b.from) / 1440) * 100}%` }}
              title={text}
            >
              <span className="tariff-timeline__label">{b.segment ? b.segment.label || '未命名' : '免费'}</span>
              {b.segment && <span className="tariff-timeline__price">{segmentPriceText(b.segment)}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The day types of a schedule as 24 h bars; day types charged alike share one bar (工作日、非工作日). */
export function TariffDayTimeline({ schedule, title }: { schedule: ScheduleForm | undefined; title?: string }) {
  if (!schedule) return null;
  const days: { name: string; segments: readonly SegmentForm[] }[] = [{ name: '工作日', segments: daySegments(schedule, 'workday') }];
  if (schedule.nonWorkdayMode === 'sameAsWorkday') days[0]!.name += '、非工作日';
  else days.push({ name: '非工作日', segments: daySegments(schedule, 'nonWorkday') });
  if (schedule.holidayMode === 'own') days.push({ name: '节假日', segments: daySegments(schedule, 'holiday') });
  else days.at(-1)!.name += '、节假日';
  return (
    <div className="tariff-timeline">
      {title && <div className="tariff-timeline__title">{title}</div>}
      {days.map((d) => (
        <DayBar key={d.name} name={d.name} segments={d.segments} />
      ))}
      <div className="tariff-timeline__ticks" aria-hidden>
        {[0, 6, 12, 18, 24].map((h) => (
          <span key={h} style={{ left: `${(h / 24) * 100}%` }}>
            {h}
          </span>
        ))}
      </div>
    </div>
  );
}
