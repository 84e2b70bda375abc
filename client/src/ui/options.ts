// Form fields for a game's room options, from a small declarative list each client game provides.
import { h } from './dom';

export type OptionField =
  | { key: string; label: string; kind: 'choice'; choices: { value: string | number; label: string }[]; initial: string | number }
  | { key: string; label: string; kind: 'toggle'; initial: boolean };

/** Fills `el` with inputs and returns a reader of the chosen options. */
export function optionFields(el: HTMLElement, fields: OptionField[]): () => Record<string, unknown> {
  const readers: (() => [string, unknown])[] = [];
  for (const f of fields) {
    const id = `opt-${f.key}`;
    if (f.kind === 'choice') {
      const select = h('select', { id, name: f.key }, ...f.choices.map((c) => h('option', { value: String(c.value), selected: c.value === f.initial }, c.label)));
      el.append(h('label', { for: id }, f.label), select);
      readers.push(() => {
        const c = f.choices.find((x) => String(x.value) === select.value)!;
        return [f.key, c.value];
      });
    } else {
      const box = h('input', { type: 'checkbox', id, name: f.key, checked: f.initial });
      el.append(h('label', { class: 'check' }, box, ` ${f.label}`));
      readers.push(() => [f.key, box.checked]);
    }
  }
  el.hidden = fields.length === 0;
  return () => Object.fromEntries(readers.map((r) => r()));
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
