import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '../../components/dashboard-icons.tsx';

/** Spec §9: the scroll-to-top control appears after 500 px. */
const SCROLL_TO_TOP_AFTER = 500;

export function ScrollToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    // Above a page's sticky action bar, when it has one (root-layout.module.css), so it never covers Save.
    <Affix position={{ bottom: 'calc(24px + var(--ph-sticky-actions, 0px))', right: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TO_TOP_AFTER}>
        {(styles) => (
          <ActionIcon style={styles} size={48} radius="xl" variant="filled" aria-label="Scroll to top" onClick={() => scrollTo({ y: 0 })}>
            <IconArrowUp size={22} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
