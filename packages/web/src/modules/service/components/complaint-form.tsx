import {
  complaintCategories,
  complaintCategoryNames,
  complaintChannelNames,
  complaintInput,
  complaintPhotoMessages,
  futureTimeIssue,
  privatePhotoIssue,
  privatePhotoRules,
  servicePhotoLimit,
  staffComplaintChannels,
  type Complaint,
  type ComplaintCategory,
  type ComplaintInput,
} from '@parking/contract';
import { PlusOutlined } from '@ant-design/icons';
import { App, Col, DatePicker, Form, Row, Select, Upload, type UploadFile } from 'antd';
import type { Dayjs } from 'dayjs';
import { PhoneField, phoneText } from '../../../shared/resource/fields/phone-field';
import { PlateField, plateText } from '../../../shared/resource/fields/plate-field';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { lineText, TextField } from '../../../shared/resource/fields/text-field';
import { businessIso, businessToday, dateTimeFormat } from '../../../shared/time/business-time';

const fields = complaintInput.shape;

/** What the 新增投诉 form holds: the names are the body's, so a field the server refuses lands under its input. */
export interface ComplaintFormValues {
  category?: ComplaintCategory;
  channel: ComplaintInput['channel'];
  contactName: string;
  contactPhone: string;
  plateNumber: string;
  content: string;
  /** Shanghai wall time as picked; none means now */
  receivedAt?: Dayjs | null;
  recordId: string;
  /** 投诉照片 picked before saving, sent one by one once the complaint exists */
  photos: UploadFile[];
}

/** A complaint is only ever entered, never edited: the form always starts empty, taken by phone. */
export const complaintToFormValues = (): ComplaintFormValues => ({ channel: 'phone', contactName: '', contactPhone: '', plateNumber: '', content: '', recordId: '', photos: [] });

export const complaintFormBody = (values: ComplaintFormValues): ComplaintInput => ({
  // a missing one is refused by the contract under its field, as the server would
  category: values.category!,
  channel: values.channel,
  content: remarkText(values.content),
  contactName: lineText(values.contactName),
  contactPhone: phoneText(values.contactPhone),
  plateNumber: plateText(values.plateNumber),
  recordId: lineText(values.recordId) || null,
  ...(values.receivedAt ? { receivedAt: businessIso(values.receivedAt) } : {}),
});

const categoryOptions = complaintCategories.map((category) => ({ value: category, label: complaintCategoryNames[category] }));
const channelOptions = staffComplaintChannels.map((channel) => ({ value: channel, label: complaintChannelNames[channel] }));

/** 受理时间 may be a call logged afterwards, never one still to come. */
const notFuture = {
  validator: async (_rule: unknown, picked: Dayjs | null | undefined) => {
    const problem = picked ? futureTimeIssue('受理时间', new Date(businessIso(picked)), new Date()) : undefined;
    if (problem) throw new Error(problem);
  },
};

/** 投诉照片: up to 4 picked and previewed, each checked as the server would before anything is sent. */
function ComplaintPhotoField() {
  const { message } = App.useApp();
  const photos = Form.useWatch<UploadFile[] | undefined>('photos') ?? [];
  return (
    <Form.Item
      label={`投诉照片（${photos.length}/${servicePhotoLimit}）`}
      name="photos"
      valuePropName="fileList"
      getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(0, servicePhotoLimit)}
      extra={`选填，最多${servicePhotoLimit}张；${complaintPhotoMessages.hint}；保存后上传`}
    >
      <Upload
        listType="picture-card"
        // the picked file itself, not a canvas drawing of it
        previewFile={(file) => Promise.resolve(URL.createObjectURL(file))}
        accept={privatePhotoRules.types.join(',')}
        multiple
        beforeUpload={(file) => {
          const issue = privatePhotoIssue(file, complaintPhotoMessages);
          if (issue) message.error(issue);
          return issue ? Upload.LIST_IGNORE : false;
        }}
      >
        {photos.length < servicePhotoLimit && (
          <button type="button" className="complaint-photo-pick" aria-label="选择投诉照片">
            <PlusOutlined />
            <div>选择照片</div>
          </button>
        )}
      </Upload>
    </Form.Item>
  );
}

/** The files picked on the form, in order, as they are to be uploaded. */
export const pickedPhotos = (values: Readonly<Record<string, unknown>>) =>
  ((values.photos ?? []) as UploadFile[]).flatMap((photo) => (photo.originFileObj ? [photo.originFileObj as File] : []));

/** The inputs of 新增投诉: who complained, about what, when it was received, and its photos. */
export function ComplaintFormInputs(_props: { record: Complaint | undefined }) {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="投诉类型" name="category" rules={[{ required: true, message: '请选择投诉类型' }]}>
          <Select options={categoryOptions} placeholder="请选择投诉类型" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="投诉渠道" name="channel" rules={[{ required: true, message: '请选择投诉渠道' }]} extra="车主在手机上提交的投诉会自动进入列表，无需录入">
          <Select options={channelOptions} />
        </Form.Item>
      </Col>
      <TextField span={12} name="contactName" label="联系人" schema={fields.contactName} placeholder="选填，如 孙女士" />
      <Col span={12}>
        <PhoneField name="contactPhone" required="请输入联系电话" />
      </Col>
      <Col span={12}>
        <PlateField extra="选填；填写停车订单号时以该订单的车牌为准" />
      </Col>
      <Col span={12}>
        <Form.Item label="受理时间" name="receivedAt" rules={[notFuture]} extra="不填则为当前时间；事后补录电话投诉时请填写来电时间">
          <DatePicker showTime format={dateTimeFormat} placeholder="不填则为当前时间" disabledDate={(day) => day.isAfter(businessToday(), 'day')} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <RemarkField schema={fields.content} name="content" label="投诉内容" required="请填写投诉内容" rows={4} placeholder="请记录车主反映的问题，如 停车不到1小时被收费10元" />
      </Col>
      <TextField span={24} name="recordId" label="停车订单号" schema={fields.recordId} placeholder="选填，投诉所指停车的订单号（车主手机上停车订单的订单号）" />
      <Col span={24}>
        <ComplaintPhotoField />
      </Col>
    </Row>
  );
}
