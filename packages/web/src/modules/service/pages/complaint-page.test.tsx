import type { ComplaintDetail } from '@parking/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store';
import { installFakeApi, ok, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, bodyRows, failure, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { complainedRecordId, complaintDetail, completedLateComplaint, processingComplaint } from '../complaint-fixtures';
import { complaintResource } from '../complaint.resource';
import { ComplaintPage } from './complaint-page';

const page = '/ParkingOperations/customerComplain';
const api = '/api/system/CustomerComplain';
const asRow = ({ replies: _replies, record: _record, photos: _photos, ...row }: ComplaintDetail) => row;

let calls: RecordedCall[];
/** c-2 as the server now holds it: a reply or 办结 changes what its detail answers afterwards */
let shownAgain: ComplaintDetail;
const callsTo = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const listCalls = () => callsTo('GET', api).map((c) => c.params);

const fakeServer = (replies: Record<string, FakeReply | ((call: RecordedCall) => FakeReply)> = {}) => {
  shownAgain = processingComplaint();
  calls = installFakeApi({
    [`GET ${api}`]: ok({ list: [complaintDetail(), processingComplaint(), completedLateComplaint()].map(asRow), pagination: { currentPage: 1, pageSize: 10, total: 3 }, overdueOpen: 1 }),
    [`GET ${api}/c-2`]: () => ok(shownAgain),
    [`GET ${api}/c-gone`]: failure(404, '投诉不存在'),
    [`GET ${api}/Settings`]: ok({ deadlineHours: 48 }),
    [`PUT ${api}/Settings`]: (call) => saved('保存成功', bodyOf(call)),
    [`POST ${api}/c-2/Actions/Reply`]: (call) => {
      const { content } = bodyOf(call) as { content: string };
      const reply = { id: 'r-3', author: 'staff' as const, authorName: '管理员', content, createdAt: '2026-03-05T01:00:00.000Z' };
      shownAgain = { ...shownAgain, replies: [...shownAgain.replies, reply], replyCount: 3 };
      return saved('回复成功', shownAgain);
    },
    [`POST ${api}/c-2/Actions/Complete`]: (call) => {
      const { result } = bodyOf(call) as { result: string };
      shownAgain = { ...shownAgain, status: 'done', result, completedAt: '2026-03-05T02:00:00.000Z', completedByName: '管理员' };
      return saved('办结成功', shownAgain);
    },
    [`POST ${api}`]: saved('新增成功', asRow(complaintDetail({ id: 'c-9' }))),
    ...replies,
  });
};

const openDrawer = async (id: string) => {
  renderAt(`${page}?id=${id}`, page, <ComplaintPage />);
  const drawer = (await screen.findAllByRole('dialog')).find((d) => d.closest('.ant-drawer'))!;
  await within(drawer).findByText('投诉内容');
  return drawer;
};
const openCreate = async () => {
  renderAt(page, page, <ComplaintPage />);
  await waitFor(() => expect(bodyRows()).toHaveLength(3));
  await user.click(screen.getByRole('button', { name: /新增投诉/ }));
  return (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText('新增客户投诉'))!;
};
const pickOption = async (dialog: HTMLElement, label: string, option: string) => {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await user.click(options.find((o) => o.closest('.ant-select-dropdown'))!);
};

beforeAll(quietComputedStyle);
beforeEach(() => {
  fakeServer();
  useSessionStore.setState({ permissions: ['ParkingRecordOrder'] });
});
afterEach(() => useSessionStore.setState({ permissions: [] }));

describe('客户投诉', () => {
  it('lists complaints with the phones masked, the overdue ones marked and counted', { timeout: 60_000 }, async () => {
    const router = renderAt(page, page, <ComplaintPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [overdue, processing, late] = bodyRows().map((row) => within(row as HTMLElement));
    expect(overdue!.getByText('139****0002')).toBeTruthy();
    expect(overdue!.getByText('待处理')).toBeTruthy();
    expect(overdue!.getByText('2026-03-01 10:00:00')).toBeTruthy();
    expect(overdue!.getByText('2026-03-03 10:00:00')).toBeTruthy();
    expect(overdue!.getByText('已逾期')).toBeTruthy();
    expect(overdue!.getByRole('button', { name: '处理' })).toBeTruthy();
    expect(processing!.getByText('139****0003')).toBeTruthy();
    expect(processing!.queryByText('已逾期')).toBeNull();
    expect(processing!.getByRole('button', { name: '浙A2P618（蓝色），点击复制' })).toBeTruthy();
    expect(late!.getByText('逾期办结')).toBeTruthy();
    expect(late!.getByText('已完成')).toBeTruthy();
    expect(late!.getByRole('button', { name: '查看' })).toBeTruthy();
    // a plate typed from a call has no colour, and is not shown as a blue one
    expect(late!.getByText('浙A6C725').tagName).toBe('SPAN');
    for (const whole of ['13912340002', '13912340003', '13912340005']) expect(screen.queryByText(whole)).toBeNull();

    const alert = screen.getByText('逾期未办结 1 件，请尽快处理').closest<HTMLElement>('.ant-alert')!;
    await user.click(within(alert).getByRole('button', { name: '查看逾期处理中' }));
    await waitFor(() => expect(router.state.location.search).toBe('?currentPage=1&pageSize=10&overdue=1&status=processing'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ currentPage: 1, pageSize: 10, overdue: '1', status: 'processing' }));
  });

  it('shows no overdue count when nothing is open past its deadline', { timeout: 60_000 }, async () => {
    fakeServer({ [`GET ${api}`]: ok({ list: [asRow(processingComplaint())], pagination: { currentPage: 1, pageSize: 10, total: 1 }, overdueOpen: 0 }) });
    renderAt(page, page, <ComplaintPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.queryByText(/逾期未办结/)).toBeNull();
  });

  it('keeps its key columns within a 1440 px screen, beside 序号 and 操作', () => {
    // 1440 less the menu (220), the content's and the card's padding (32 + 48) and a scrollbar (15), 序号 (60) and 操作 (70)
    const room = 1440 - 220 - 32 - 48 - 15 - 60 - 70;
    const keyWidths = complaintResource.columns.filter((c) => c.priority === 'key' && !c.hideInTable).reduce((sum, c) => sum + (c.width ?? 120), 0);
    expect(keyWidths).toBeLessThanOrEqual(room);
  });

  it('?id= from a message opens the complaint with the stay and the thread, times on the Shanghai clock', { timeout: 60_000 }, async () => {
    const drawer = await openDrawer('c-2');
    expect(within(drawer).getByText('客户投诉 · 支付 · 139****0003')).toBeTruthy();
    expect(within(drawer).getByText('车主页面')).toBeTruthy();
    expect(within(drawer).getByText('车主自行提交')).toBeTruthy();
    expect(within(drawer).getByText('东门停车场')).toBeTruthy();
    expect(within(drawer).getByText('2026-03-04 08:10:00')).toBeTruthy();
    expect(within(drawer).getByText('2026-03-04 09:40:00')).toBeTruthy();
    expect(within(drawer).getByText('10.00 元')).toBeTruthy();
    expect(within(drawer).getByText('6.00 元')).toBeTruthy();
    expect(within(drawer).getByText('4.00 元')).toBeTruthy();
    expect(
      within(drawer)
        .getAllByText('欠费')
        .some((text) => text.closest('.ant-tag')),
    ).toBe(true);
    expect(within(drawer).getByRole('link', { name: '查看停车订单' }).getAttribute('href')).toBe(
      `/OrderManagement/parkingRecordOrderInfo/${complainedRecordId}?restBack=${encodeURIComponent(`${page}?id=c-2`)}`,
    );
    expect(within(drawer).getByText('处理记录（2）')).toBeTruthy();

    // without the orders pages (客服 only) the link is not offered: the record's detail would refuse them
    act(() => useSessionStore.setState({ permissions: [] }));
    await waitFor(() => expect(within(drawer).queryByRole('link', { name: '查看停车订单' })).toBeNull());
    expect(within(drawer).getByText('李客服')).toBeTruthy();
    expect(within(drawer).getByText('2026-03-04 14:00:00')).toBeTruthy();
    expect(within(drawer).getByText('车主补充')).toBeTruthy();
    expect(within(drawer).getByText('付款截图已经发到公众号了。')).toBeTruthy();
    // the whole number only on asking, to call the driver back
    expect(within(drawer).queryByText('13912340003')).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: '显示完整号码' }));
    expect(within(drawer).getByText('13912340003')).toBeTruthy();
  });

  it('?id= of a complaint that is gone says so on the page', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=c-gone`, page, <ComplaintPage />);
    expect(await screen.findByText('消息所指的客户投诉不存在或已删除')).toBeTruthy();
    expect(document.querySelector('.ant-drawer')).toBeNull();
  });

  it('回复 needs a content, sends it and adds it to the thread', { timeout: 60_000 }, async () => {
    const drawer = await openDrawer('c-2');
    await user.click(within(drawer).getByRole('button', { name: /回\s*复/ }));
    expect(await within(drawer).findByText('请填写回复内容')).toBeTruthy();
    expect(callsTo('POST', `${api}/c-2/Actions/Reply`)).toHaveLength(0);
    fireEvent.change(within(drawer).getByLabelText('回复内容'), { target: { value: ' 已核实，款项将在1个工作日内退回。 ' } });
    await user.click(within(drawer).getByRole('button', { name: /回\s*复/ }));
    await waitFor(() => expect(bodyOf(callsTo('POST', `${api}/c-2/Actions/Reply`)[0])).toEqual({ content: '已核实，款项将在1个工作日内退回。' }));
    expect(await within(drawer).findByText('已核实，款项将在1个工作日内退回。')).toBeTruthy();
    expect(within(drawer).getByText('处理记录（3）')).toBeTruthy();
    expect(await screen.findByText('回复成功')).toBeTruthy();
    expect(within(drawer).getByLabelText<HTMLTextAreaElement>('回复内容').value).toBe('');
  });

  it('办结 asks for the 处理结果, sends it and shows the complaint as 已完成', { timeout: 60_000 }, async () => {
    const drawer = await openDrawer('c-2');
    await user.click(within(drawer).getByRole('button', { name: /办\s*结/ }));
    const dialog = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText('办结投诉'))!;
    fireEvent.click(within(dialog).getByRole('button', { name: '确定办结' }));
    expect(await within(dialog).findByText('请填写处理结果')).toBeTruthy();
    expect(callsTo('POST', `${api}/c-2/Actions/Complete`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('处理结果'), { target: { value: '支付回调延迟，已人工补登，车主认可。' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定办结' }));
    await waitFor(() => expect(bodyOf(callsTo('POST', `${api}/c-2/Actions/Complete`)[0])).toEqual({ result: '支付回调延迟，已人工补登，车主认可。' }));
    expect(await within(drawer).findByText('支付回调延迟，已人工补登，车主认可。')).toBeTruthy();
    expect(within(drawer).getByText('已完成')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /办\s*结/ })).toBeNull();
    expect(within(drawer).queryByLabelText('回复内容')).toBeNull();
  });

  it('新增投诉 refuses a bad phone under its field before sending, then sends the complaint', { timeout: 60_000 }, async () => {
    const dialog = await openCreate();
    await pickOption(dialog, '投诉类型', '计费错误');
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '1391234' } });
    fireEvent.change(within(dialog).getByLabelText('车牌号'), { target: { value: '浙a6c725' } });
    fireEvent.change(within(dialog).getByLabelText('投诉内容'), { target: { value: '停了不到1小时，出场扣了10元。' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入正确的电话号码')).toBeTruthy();
    expect(callsTo('POST', api)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '13912340001' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo('POST', api)).toHaveLength(1));
    expect(bodyOf(callsTo('POST', api)[0])).toEqual({
      category: 'billing',
      channel: 'phone',
      content: '停了不到1小时，出场扣了10元。',
      contactName: '',
      contactPhone: '13912340001',
      plateNumber: '浙A6C725',
      recordId: null,
    });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it('新增投诉 takes up to 4 photos, refuses another type before sending, and uploads them once the complaint is saved', { timeout: 60_000 }, async () => {
    let tries = 0;
    fakeServer({
      [`POST ${api}/c-9/Photos`]: () => {
        tries += 1;
        return tries === 2 ? failure(400, '投诉照片只能是 JPG、PNG 或 WebP 格式的图片') : ok([]);
      },
    });
    // jsdom makes no object URLs: a preview needs only one to exist
    URL.createObjectURL = () => 'blob:preview';
    const dialog = await openCreate();
    const input = () => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = (name: string, type = 'image/png') => new File([new Uint8Array(10)], name, { type });
    expect(within(dialog).getByText('投诉照片（0/4）')).toBeTruthy();
    fireEvent.change(input(), { target: { files: [file('a.gif', 'image/gif')] } });
    expect(await screen.findByText('投诉照片只能是 JPG、PNG 或 WebP 格式的图片')).toBeTruthy();
    fireEvent.change(input(), { target: { files: [file('岗亭.png'), file('收据.jpg', 'image/jpeg')] } });
    expect(await within(dialog).findByText('投诉照片（2/4）')).toBeTruthy();
    await pickOption(dialog, '投诉类型', '服务态度');
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '13912340001' } });
    fireEvent.change(within(dialog).getByLabelText('投诉内容'), { target: { value: '收费员不给收据。' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo('POST', `${api}/c-9/Photos`)).toHaveLength(2));
    // the body is the complaint alone; the photos follow it
    expect(bodyOf(callsTo('POST', api)[0])).not.toHaveProperty('photos');
    expect(callsTo('POST', `${api}/c-9/Photos`).map((c) => ((c.data as FormData).get('file') as File).name)).toEqual(['岗亭.png', '收据.jpg']);
    expect(await screen.findByText('1张照片未上传（投诉照片只能是 JPG、PNG 或 WebP 格式的图片），可在投诉详情中补传')).toBeTruthy();
  });

  it('the detail shows the photos as thumbnails and, on a complaint entered here, an upload control with the count', { timeout: 60_000 }, async () => {
    URL.createObjectURL = () => 'blob:thumb';
    URL.revokeObjectURL = () => undefined;
    const photo = { id: '00000000-0000-4000-8000-000000000301', addedBy: 'staff' as const, createdAt: '2026-03-01T02:10:00.000Z' };
    let photos = [photo];
    fakeServer({
      [`GET ${api}/c-1`]: () => ok(complaintDetail({ photos })),
      [`GET ${api}/c-1/Photos/${photo.id}`]: { status: 200, body: new Blob(['png'], { type: 'image/png' }) },
      [`POST ${api}/c-1/Photos`]: () => {
        photos = [photo, { ...photo, id: '00000000-0000-4000-8000-000000000302' }];
        return saved('照片已上传', photos);
      },
    });
    renderAt(`${page}?id=c-1`, page, <ComplaintPage />);
    const drawer = (await screen.findAllByRole('dialog')).find((d) => d.closest('.ant-drawer'))!;
    expect(await within(drawer).findByText('投诉照片（1/4）')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getAllByRole('img', { name: /^投诉照片/ })).toHaveLength(1));
    expect(callsTo('GET', `${api}/c-1/Photos/${photo.id}`)).toHaveLength(1);
    fireEvent.change(drawer.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File(['png'], '补拍.png', { type: 'image/png' })] } });
    expect(await within(drawer).findByText('投诉照片（2/4）')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /上传照片（2\/4）/ })).toBeTruthy();
  });

  it('新增投诉 shows the server refusing the stay under its field', { timeout: 60_000 }, async () => {
    const refused = { status: 400, body: { code: 400, msg: '停车记录不存在', data: { fields: [{ in: 'body', field: 'recordId', message: '停车记录不存在' }] } } };
    fakeServer({ [`POST ${api}`]: refused });
    const dialog = await openCreate();
    await pickOption(dialog, '投诉类型', '道闸');
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '13912340004' } });
    fireEvent.change(within(dialog).getByLabelText('投诉内容'), { target: { value: '出口道闸落杆过快。' } });
    fireEvent.change(within(dialog).getByLabelText('停车订单号'), { target: { value: 'not-a-uuid' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('停车记录编号格式不正确')).toBeTruthy();
    expect(callsTo('POST', api)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('停车订单号'), { target: { value: complainedRecordId } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo('POST', api)).toHaveLength(1));
    expect(await within(dialog).findByText('停车记录不存在')).toBeTruthy();
  });

  it('处理时限设置 shows the hours, refuses what the contract refuses and saves', { timeout: 60_000 }, async () => {
    renderAt(page, page, <ComplaintPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: /处理时限设置/ }));
    const dialog = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText(/修改只对此后受理的投诉生效/))!;
    const hours = await within(dialog).findByLabelText('处理时限');
    expect((hours as HTMLInputElement).value).toBe('48');
    fireEvent.change(hours, { target: { value: '0' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('处理时限最少1小时')).toBeTruthy();
    expect(callsTo('PUT', `${api}/Settings`)).toHaveLength(0);
    fireEvent.change(hours, { target: { value: '24' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodyOf(callsTo('PUT', `${api}/Settings`)[0])).toEqual({ deadlineHours: 24 }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });
});
