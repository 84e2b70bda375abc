// The Pixi stage: one Application sized to its host element, drawn on change (never an idle 60 fps loop).
import { Application, Container } from 'pixi.js';
// Register the renderers' pipes for what the views draw, eagerly: with the board code split into its own
// chunk, relying on Pixi's lazy environment import left the text pipe unregistered (text never drew).
import 'pixi.js/text';
import 'pixi.js/graphics';
// The server's Content-Security-Policy forbids eval; this swaps Pixi's generated shader code for eval-free versions.
import 'pixi.js/unsafe-eval';

export class Stage {
  readonly app = new Application();
  readonly root = new Container();
  private frame = 0;
  private animating = new Set<(dt: number) => boolean>();
  private observer: ResizeObserver | null = null;
  private resizeListeners = new Set<(w: number, h: number) => void>();

  async init(host: HTMLElement) {
    await this.app.init({
      autoStart: false,
      antialias: true,
      backgroundAlpha: 0,
      resolution: Math.min(2, window.devicePixelRatio || 1),
      autoDensity: true,
      preference: 'webgl',
      width: Math.max(1, host.clientWidth),
      height: Math.max(1, host.clientHeight),
    });
    this.app.ticker.stop();
    this.app.stage.addChild(this.root);
    host.append(this.app.canvas);
    this.app.canvas.setAttribute('aria-hidden', 'true');
    this.observer = new ResizeObserver(() => {
      const w = Math.max(1, host.clientWidth);
      const h = Math.max(1, host.clientHeight);
      this.app.renderer.resize(w, h);
      this.resizeListeners.forEach((fn) => fn(w, h));
      this.invalidate();
    });
    this.observer.observe(host);
  }

  get width() {
    return this.app.renderer.width / this.app.renderer.resolution;
  }
  get height() {
    return this.app.renderer.height / this.app.renderer.resolution;
  }

  onResize(fn: (w: number, h: number) => void): () => void {
    this.resizeListeners.add(fn);
    return () => this.resizeListeners.delete(fn);
  }

  /** Asks for one redraw on the next frame. */
  invalidate() {
    if (this.frame) return;
    this.frame = requestAnimationFrame((t) => this.tick(t));
  }

  /** Runs `step(dtMs)` every frame until it returns false; frames stop when nothing animates. */
  animate(step: (dt: number) => boolean) {
    this.animating.add(step);
    this.invalidate();
  }

  private last = 0;
  private tick(t: number) {
    this.frame = 0;
    const dt = this.last ? Math.min(100, t - this.last) : 16;
    this.last = t;
    for (const step of [...this.animating]) if (!step(dt)) this.animating.delete(step);
    this.app.render();
    if (this.animating.size > 0) this.invalidate();
    else this.last = 0;
  }

  destroy() {
    this.observer?.disconnect();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.app.destroy(true, { children: true });
  }
}
