import { Icon, type IconProps } from '../../../components/icons.tsx';
import { IconEye, IconLock, IconPencil } from '../components/editor-icons.tsx';

const IconEyeOff = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 3l18 18M10.6 6.1A9.9 9.9 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3.1 3.7M6.6 6.6A17 17 0 0 0 2 12s3.6 6 10 6a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Icon>
);

/** Optional: a dashed circle (may stay empty); required: an asterisk. */
const IconOptional = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8" strokeDasharray="3 3" />
  </Icon>
);
const IconRequired = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v16M5 8l14 8M19 8 5 16" />
  </Icon>
);

/** The icons of the permission toggles in their on / off states (also the legend's). */
export const PERMISSION_ICONS = {
  optional: { on: IconOptional, off: IconRequired },
  show: { on: IconEye, off: IconEyeOff },
  edit: { on: IconPencil, off: IconLock },
} as const;
