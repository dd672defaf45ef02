// Mantine styles only the dashboard needs (see ../mantine-styles.ts for the rest).
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Affix.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/EmptyState.layer.css';
