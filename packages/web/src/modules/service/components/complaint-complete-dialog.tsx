import { complaintCompleteInput, type Complaint } from '@parking/contract';
import { Alert, App, Form, Modal, Typography } from 'antd';
import { fieldProblemsOf } from '../../../shared/http/api-error';
import { showFieldProblems } from '../../../shared/forms/show-field-problems';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { isClosedMeanwhile, useCompleteComplaint } from '../complaint-api';

/** 办结 with its required 处理结果: the thread closes as 已完成 and takes no more replies. */
export function ComplaintCompleteDialog({ complaint, onClose }: { complaint: Complaint; onClose: () => void }) {
  const [form] = Form.useForm<{ result: string }>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const complete = useCompleteComplaint();

  const submit = async () => {
    const { result } = await form.validateFields();
    let done: string;
    try {
      done = (await complete.mutateAsync({ id: complaint.id, input: remarkText(result) })).msg;
    } catch (error) {
      // completed by someone else meanwhile: the HTTP layer said so and the drawer now shows their result
      if (isClosedMeanwhile(error)) onClose();
      else showFieldProblems(form, fieldProblemsOf(error));
      return;
    }
    message.success(done || '办结成功');
    onClose();
  };

  return (
    <Modal open title="办结投诉" okText="确定办结" cancelText="取消" confirmLoading={complete.isPending} onOk={() => submit().catch(() => undefined)} onCancel={close} destroyOnHidden>
      <Typography.Paragraph>办结后投诉变为已完成，不能再回复，处理结果不能修改{complaint.customerId ? '；车主可在手机上查看处理结果' : ''}。</Typography.Paragraph>
      {complaint.overdue && <Alert className="complaint-alert" type="warning" showIcon title="该投诉已超过处理时限，将记为逾期办结" />}
      <Form form={form} layout="vertical">
        <RemarkField
          schema={complaintCompleteInput.shape.result}
          name="result"
          label="处理结果"
          required="请填写处理结果"
          rows={4}
          placeholder="请填写处理结果，如：已核实计费规则，多收的5元已原路退回"
        />
      </Form>
    </Modal>
  );
}
