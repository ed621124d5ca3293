import { Button, Modal, Stack, Text } from '@mantine/core';
import { useSession } from '../../../lib/session';

/**
 * The sign-in modal. Email/password and Google sign-in arrive with the accounts issue; until then it
 * says so plainly rather than offering a form that cannot work.
 */
export default function AuthModal() {
  const { isModalOpen, closeModal, itemToAdd } = useSession();
  return (
    <Modal opened={isModalOpen} onClose={closeModal} title="Sign In" centered>
      <Stack gap="md">
        <Text>
          {itemToAdd
            ? `Sign in to get notified when "${itemToAdd.title}" is released.`
            : 'Sign in to keep a tracking list and get notified the moment a release lands.'}
        </Text>
        <Text c="dimmed" size="sm">
          Accounts are opening soon. Until then you can browse, search and request titles freely.
        </Text>
        <Button onClick={closeModal}>Got it</Button>
      </Stack>
    </Modal>
  );
}
