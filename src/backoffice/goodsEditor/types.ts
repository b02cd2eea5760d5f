import type { GoodsEditorContext, GoodsEditorEvent } from '../../../machines/goodsEditor.machine';

export interface StepProps {
  context: GoodsEditorContext;
  send: (event: GoodsEditorEvent) => void;
}
