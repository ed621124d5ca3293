import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconFileImport, IconList, IconLogout, IconUser, IconUsers } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../lib/i18n';
import { type CurrentUser, useSession } from '../lib/session';
import classes from './layout.module.css';

const MESSAGES = {
  menu: /*i18n*/ { id: 'app.accountMenu.menu', message: 'Account menu' },
  profile: /*i18n*/ { id: 'app.accountMenu.profile', message: 'View Profile' },
  watchlist: /*i18n*/ { id: 'app.accountMenu.watchlist', message: 'View Watchlist' },
  following: /*i18n*/ { id: 'app.accountMenu.following', message: 'Following' },
  import: /*i18n*/ { id: 'app.accountMenu.import', message: 'Import your lists' },
  signOut: /*i18n*/ { id: 'app.accountMenu.signOut', message: 'Logout' },
};

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
  const t = useT();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t(MESSAGES.menu)} className={classes.avatarButton}>
          <Avatar src={user.image} alt="" color="violet" radius="xl">
            {initialsOf(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={() => navigate('/profile')}>
          {t(MESSAGES.profile)}
        </Menu.Item>
        <Menu.Item leftSection={<IconList size={16} aria-hidden />} onClick={() => navigate('/watchlist')}>
          {t(MESSAGES.watchlist)}
        </Menu.Item>
        <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={() => navigate('/following')}>
          {t(MESSAGES.following)}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => navigate('/import')}>
          {t(MESSAGES.import)}
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
          {t(MESSAGES.signOut)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
