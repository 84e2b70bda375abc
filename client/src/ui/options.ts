// Form fields for a game's room options, from a small declarative list each client game provides.
import { h } from 'preact';

export type OptionField =
  | {
      key: string;
      label: string;
      kind: 'choice';
      choices: { value: string | number; label: string }[];
      initial: string | number;
    }
  | { key: string; label: string; kind: 'toggle'; initial: boolean };

/**
 * The fieldset of a game's options. Give it `key` = the game, so a game change starts from that game's defaults
 * rather than reusing the last game's fields.
 */
export function OptionFields({ fields }: { fields: OptionField[] }) {
  return h(
    'fieldset',
    { class: 'options', hidden: fields.length === 0 },
    fields.map((f) => {
      const id = `opt-${f.key}`;
      if (f.kind === 'choice') {
        return [
          h('label', { for: id }, f.label),
          h(
            'select',
            { id, name: f.key },
            f.choices.map((c) => h('option', { value: String(c.value), selected: c.value === f.initial }, c.label)),
          ),
        ];
      }
      return h(
        'label',
        { class: 'check' },
        h('input', { type: 'checkbox', id, name: f.key, defaultChecked: f.initial }),
        ` ${f.label}`,
      );
    }),
  );
}

/** The options chosen in `form`'s fields (as `OptionFields` drew them), in their own types. */
export function readOptions(form: HTMLElement, fields: OptionField[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const el = form.querySelector<HTMLInputElement | HTMLSelectElement>(`#opt-${f.key}`);
      if (f.kind === 'toggle') return [f.key, (el as HTMLInputElement | null)?.checked ?? f.initial];
      return [f.key, f.choices.find((x) => String(x.value) === el?.value)?.value ?? f.initial];
    }),
  );
}

/** The chosen options in words, for lobby lists ("Best of three, Resurrection variant"). */
export function describeOptions(fields: OptionField[], options: Record<string, unknown>): string {
  return fields
    .map((f) => {
      const v = options?.[f.key] ?? f.initial;
      if (f.kind === 'toggle') return v ? f.label : null;
      return f.choices.find((c) => c.value === v)?.label ?? null;
    })
    .filter((x): x is string => x !== null)
    .join(', ');
}
