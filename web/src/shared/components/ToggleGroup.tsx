/** Multi-select shown as toggle buttons (skills, cuisine types): each is a button with aria-pressed. */
export function ToggleGroup({
  legend,
  options,
  selected,
  onChange,
  labelOf,
}: {
  legend: string;
  options: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  labelOf?: (option: string) => string;
}) {
  const toggle = (option: string) =>
    onChange(selected.includes(option) ? selected.filter((o) => o !== option) : [...selected, option]);
  return (
    <fieldset className="toggle-group">
      <legend>{legend}</legend>
      <div className="chips">
        {options.map((option) => (
          <button
            type="button"
            key={option}
            className={selected.includes(option) ? 'chip chip-on' : 'chip'}
            aria-pressed={selected.includes(option)}
            onClick={() => toggle(option)}
          >
            {labelOf ? labelOf(option) : option}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
