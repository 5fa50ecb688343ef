import type { ParkingLot, ParkingLotBindings } from '@parking/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { deleteConfirmTitle } from '../../../shared/resource/resource-delete-button';
import { lotDeleteQuestion } from '../lot-form-values';
import { fetchLotBindings } from '../parking-api';

/** 删除 a lot: first asks the server what is bound to it, and only offers to delete when nothing is. */
export function LotDeleteButton({ lot, onDelete }: { lot: ParkingLot; onDelete: () => Promise<unknown> }) {
  const { modal } = App.useApp();
  const [asking, setAsking] = useState(false);

  const ask = async () => {
    setAsking(true);
    let bindings: ParkingLotBindings;
    try {
      bindings = await fetchLotBindings(lot.id);
    } catch {
      // reported by the HTTP layer
      return;
    } finally {
      setAsking(false);
    }
    const question = lotDeleteQuestion(lot.name, bindings);
    if (!question.deletable) {
      modal.warning({ title: '不能删除停车场', content: question.text, okText: '知道了' });
      return;
    }
    modal.confirm({
      title: deleteConfirmTitle('停车场', lot.name),
      content: question.text,
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => onDelete().catch(() => undefined),
    });
  };

  return (
    <Button type="link" size="small" danger loading={asking} onClick={() => void ask()}>
      删除
    </Button>
  );
}
