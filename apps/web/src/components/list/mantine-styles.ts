// Mantine styles of the admin lists (users, templates, approvals); the shell brings the rest.
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
// SegmentedControl's moving indicator is a FloatingIndicator: without its styles the pill sits off its label.
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
