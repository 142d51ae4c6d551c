import { useEffect } from 'react';
import { Modal, type ModalFuncProps } from '@backoffice/ui-kit/antd-on-demand';

/** antd's Modal, fetched with this module: its confirm, rendered where the ThemeProvider put it. */
export default function DialogHost({
  attach,
}: {
  attach: (confirm: (config: ModalFuncProps) => { destroy(): void }) => () => void;
}) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => attach((config) => modal.confirm(config)), [attach, modal]);
  return holder;
}
