import type { ReactNode } from 'react';

/**
 * "Who won?": one chip-styled radio button per side, for every form that names a winner (a
 * battle's report and an admin's decision, a match's report, the host's decision and a conflict).
 */
export function WinnerPicker({
  legend,
  name,
  sides,
  value,
  onChange,
  children,
}: {
  legend: string;
  /** The radio group's name, unique on the page. */
  name: string;
  sides: { id: string; label: ReactNode }[];
  value: string | null;
  onChange: (id: string) => void;
  /** Shown under the choices, inside the fieldset. */
  children?: ReactNode;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="chip-row">
        {sides.map((side) => (
          <label key={side.id} className={`chip ${value === side.id ? 'chip-active' : ''}`}>
            <input
              type="radio"
              name={name}
              value={side.id}
              checked={value === side.id}
              onChange={() => onChange(side.id)}
            />
            {side.label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
