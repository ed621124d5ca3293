import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconFileImport, IconList, IconLogout, IconUser, IconUsers } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { type CurrentUser, useSession } from '../lib/session';
import classes from './layout.module.css';

const initialsOf = (user: CurrentUser) =>
  (user.name.trim() || user.email)
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export function AccountMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut } = useSession();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" className={classes.avatarButton}>
          <Avatar src={user.image} alt="" color="violet" radius="xl">
            {initialsOf(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={() => navigate('/profile')}>
          View Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconList size={16} aria-hidden />} onClick={() => navigate('/watchlist')}>
          View Watchlist
        </Menu.Item>
        <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={() => navigate('/following')}>
          Following
        </Menu.Item>
        <Menu.Item leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => navigate('/import')}>
          Import your lists
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() =>
            void signOut().finally(() => {
              if (['/profile', '/watchlist', '/following', '/import'].includes(location.pathname))
                navigate('/homepage');
            })
          }
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
