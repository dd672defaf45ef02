// Mantine styles only the statistics page needs (the shell loads its own): they
// travel in this page's chunk, never with sign-in or home.
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/dates/styles.layer.css';
