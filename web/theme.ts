import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Proofroom's violet-indigo, from lightest to darkest. */
const brand: MantineColorsTuple = [
  '#f0eefe',
  '#dcd8f9',
  '#b6aef2',
  '#8e81eb',
  '#6c5ce5',
  '#5744e2',
  '#4c3bcf',
  '#3d2fb0',
  '#34289c',
  '#281f85',
];

/*
 * Mantine's palettes with the shades that carry text made dark enough to read at 4.5:1 (WCAG AA):
 * gray 6 is the dimmed (secondary) text, on white and on the light greys, brand and yellow tints;
 * red, orange and teal 6 are the filled buttons and badges under white text and the coloured
 * text on white (errors, 'Suspended', 'New Activity'); their 9 is the text of a light badge on 1.
 * theme.test.ts checks every pair.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#636a72',
  '#495057',
  '#343a40',
  '#212529',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#dc2626',
  '#c81e1e',
  '#b91c1c',
  '#991b1b',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#b4470b',
  '#a3400a',
  '#923a0a',
  '#7c2d12',
];
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#0b7d5e',
  '#087052',
  '#066346',
  '#05553c',
];

/** The colours of initials avatars: those whose light look (9 on 1) reads at 4.5:1. */
export const INITIALS_COLORS = ['blue', 'cyan', 'grape', 'indigo', 'orange', 'pink', 'red', 'teal', 'violet'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, gray, red, orange, teal },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who ask their system for less motion get modals and menus without transitions.
  respectReducedMotion: true,
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.25' },
      h2: { fontSize: '1.375rem', lineHeight: '1.3' },
      h3: { fontSize: '1.125rem', lineHeight: '1.35' },
    },
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Avatar: { defaultProps: { allowedInitialsColors: INITIALS_COLORS } },
    // A menu holds menu items only: no focusable placeholder; opening it focuses its first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Icon-only close buttons get a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
