import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MediaItem } from '@releasebell/contract';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MediaDetail } from './media-detail';
import classes from './media-detail-modal.module.css';

export interface MediaDetailModalProps {
  item: MediaItem;
  opened: boolean;
  onClose: () => void;
}

/** The item's details over the current screen, with long UTC dates and a way to its full page. */
export function MediaDetailModal({ item, opened, onClose }: MediaDetailModalProps) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);

  // Following a link inside (the full page, a recommendation) leaves this screen: the modal goes with it.
  useEffect(() => {
    if (!opened) {
      openedAt.current = pathname;
      return;
    }
    if (pathname !== openedAt.current) onClose();
  }, [opened, pathname, onClose]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={item.title}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      fullScreen={phone}
      radius={phone ? 0 : 'lg'}
      transitionProps={{ transition: phone ? 'fade' : 'pop', duration: 150 }}
      classNames={{
        title: classes.title,
        header: classes.header,
        body: classes.body,
        content: classes.content,
      }}
    >
      <MediaDetail item={item} variant="modal" />
    </Modal>
  );
}

export default MediaDetailModal;
