// Mantine styles only the profile editor needs (the shell brings the rest).
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/ColorInput.layer.css';
import '@mantine/core/styles/ColorPicker.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Rating.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
// SegmentedControl's moving indicator is a FloatingIndicator: without its styles the pill sits off its label.
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/core/styles/AspectRatio.layer.css';
