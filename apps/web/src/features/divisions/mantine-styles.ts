// Mantine styles the divisions console needs beyond the shell's and the admin lists'.
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/ColorInput.layer.css';
import '@mantine/core/styles/ColorPicker.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
