/** A row of pressed/unpressed buttons of which one is on (the blog editor's view modes, a chart's range). */
import { cn } from './cn.ts';
import { FOCUS_RING } from './button.ts';

export function ToggleGroup<T extends string | number>({ label, options, value, onChange, optionLabel }: {
  /** Names the group for screen readers, e.g. 'View mode'. */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  optionLabel: (option: T) => string;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-full border border-black/15 p-0.5">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn('rounded-full px-3 py-1 text-sm font-semibold', FOCUS_RING, value === option ? 'bg-ink text-white' : 'text-muted hover:text-ink')}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>
  );
}
