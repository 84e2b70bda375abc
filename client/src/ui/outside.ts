// An element whose inside belongs to code outside preact (the Pixi board's canvas, a game's own controls).
import { Component, createRef, h } from 'preact';

interface OutsideProps {
  tag: 'div';
  attrs: Record<string, string>;
  /** Called once with the element, when it is in the page. */
  made(el: HTMLElement): void;
}

/**
 * Preact makes the element once, with its attributes, and never diffs it again: whatever its owner appends
 * inside stays, and a re-render of the screen around it never reaches it.
 */
export class Outside extends Component<OutsideProps> {
  private el = createRef<HTMLElement>();

  override shouldComponentUpdate() {
    return false;
  }

  override componentDidMount() {
    this.props.made(this.el.current!);
  }

  render() {
    return h(this.props.tag, { ...this.props.attrs, ref: this.el });
  }
}
