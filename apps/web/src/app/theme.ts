import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A warm amber accent (the bell) over deep blue-grey surfaces.
const bell: MantineColorsTuple = [
  '#fff8e6',
  '#ffefcc',
  '#fddd9b',
  '#fbc964',
  '#f6ad55',
  '#f5a33a',
  '#f49a28',
  '#d9851a',
  '#c17513',
  '#a86305',
];

const surface: MantineColorsTuple = [
  '#e4e6ef',
  '#c1c5d6',
  '#9da3bd',
  '#7a82a4',
  '#5d6588',
  '#3c4260',
  '#2a2f45',
  '#1f2233',
  '#171923',
  '#101119',
];

export const theme = createTheme({
  primaryColor: 'bell',
  primaryShade: { light: 7, dark: 4 },
  colors: { bell, dark: surface },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  autoContrast: true,
  components: {
    // Close buttons carry only an icon: name them for screen readers. Plain objects, not
    // Modal.extend(), so the theme does not pull those components into the first screen's JS.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
