// The Pixi stage: one WebGL renderer sized to its host element, drawn on change (never an idle 60 fps loop).
import {
  autoDetectRenderer,
  type Bounds,
  Container,
  ExtensionType,
  extensions,
  GlLimitsSystem,
  Graphics,
  type Renderer,
  Ticker,
  UPDATE_PRIORITY,
  WebGLRenderer,
} from 'pixi.js';
// Register the renderers' pipes for what the views draw, eagerly: with the board code split into its own
// chunk, relying on Pixi's lazy environment import left the text pipe unregistered (text never drew).
import 'pixi.js/text';
import 'pixi.js/graphics';
// The server's Content-Security-Policy forbids eval; this swaps Pixi's generated shader code for eval-free versions.
import 'pixi.js/unsafe-eval';
// Pointer events on the board (taps on dice and squares). With `skipExtensionImports` below, this is all of Pixi's
// browser extensions the client loads: not 'pixi.js/browser', whose accessibility layer, DOM overlay and filters
// no view uses (the accessible layer is our own HTML): 7.1 KiB (brotli) instead of 10.5 + 4.9 on a room link.
import 'pixi.js/events';
import { exposeGeometry, mirror, type Rect } from './geometry';
import { density } from './layout';
import { Tweens, type Tween, type TweenSpec } from './tween';

export { density };

/** At most this many textures in one batch (one draw call); Pixi's default is the GPU's limit, 16 here. */
const BATCH_TEXTURES = 2;

/**
 * Pixi's WebGL limits, with fewer textures per batch. Pixi's batch shader picks a batch's texture per pixel with a
 * chain of one `if` per texture, and a software renderer (headless Chromium's SwiftShader) pays for the whole chain
 * at every pixel: at ratio 3, paired cold links (one build, the limit from the link) drew the board 0.1–0.2 s sooner
 * with 4 than with 16, and 0.3–0.5 s sooner with 2 than with 4; 1 was no better than 2
 * (bench/client-load.results.md). A board's ~50 texts then take a few dozen draw calls instead of ~4, nothing to a
 * phone's GPU. This also skips Pixi's probe of how many `if`s a shader may hold (one more shader compiled at
 * start-up): two are within every WebGL implementation's limits.
 */
class BatchLimits extends GlLimitsSystem {
  // Replacing Pixi's by name appends it to the renderer's systems; a priority above theirs (-1) puts it first, so
  // its limits are known before the systems that read them on a new context (buffers, textures, shapes).
  static override extension = { type: [ExtensionType.WebGLSystem], name: 'limits', priority: 0 } as const;
  private readonly owner: WebGLRenderer;

  constructor(renderer: WebGLRenderer) {
    super(renderer);
    this.owner = renderer;
  }

  // The new context comes as the argument: this system runs before the context system has stored it.
  override contextChange(gl: WebGL2RenderingContext = this.owner.gl) {
    this.maxTextures = gl.getParameter(gl.MAX_TEXTURE_IMAGE_UNITS);
    this.maxBatchableTextures = Math.min(BATCH_TEXTURES, this.maxTextures);
    this.maxUniformBindings =
      this.owner.context.webGLVersion === 2 ? gl.getParameter(gl.MAX_UNIFORM_BUFFER_BINDINGS) : 0;
  }
}
extensions.remove(GlLimitsSystem);
extensions.add(BatchLimits);

let spare: Stage | null = null;
/** The stage a board screen is using, until the screen destroys it. */
let live: Stage | null = null;

/**
 * Starts a renderer for the next board screen (see `Stage.prepare`); at most one waits, and none while a board
 * screen has one. The router asks more than once per room link, and a late ask (the board screen may take its
 * stage first) started a second WebGL context nobody used: ~0.2–0.4 s of a throttled phone's main thread on the
 * way to the first board (bench/client-load.results.md).
 */
export function warmUp() {
  if (!spare && !live) {
    spare = new Stage();
    spare.prepare().catch(() => (spare = null));
  }
}

/** The warmed-up stage if there is one, else a new one. */
export function takeStage(): Stage {
  const s = spare ?? new Stage();
  spare = null;
  live = s;
  return s;
}

/**
 * What Pixi's Application gives the stage (a renderer, a root container, a ticker that renders on each tick), with
 * the WebGL renderer made directly. Application.init detects a renderer first: it creates and throws away a test
 * WebGL context, then imports the renderer's module dynamically, which on a throttled phone resolved only after the
 * game's last chunks had arrived and been evaluated, so the renderer started ~0.2 s late, on the way to the first
 * board (bench/client-load.results.md). Without WebGL it falls back to Pixi's detection (WebGPU, then Canvas).
 */
class Surface {
  renderer!: Renderer;
  readonly stage = new Container();
  readonly ticker = new Ticker();

  async init(options: Parameters<WebGLRenderer['init']>[0]) {
    try {
      const gl = new WebGLRenderer();
      await gl.init(options);
      this.renderer = gl;
    } catch {
      this.renderer = await autoDetectRenderer({ ...options, preference: 'webgl' });
    }
    // As Application's ticker plugin: while the ticker runs (a tween), each tick ends with a render.
    this.ticker.add(this.render, this, UPDATE_PRIORITY.LOW);
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas as HTMLCanvasElement;
  }

  get screen() {
    return this.renderer.screen;
  }

  render() {
    this.renderer.render({ container: this.stage });
  }

  destroy() {
    this.ticker.destroy();
    this.stage.destroy({ children: true });
    // `true`: the canvas leaves the page too.
    this.renderer?.destroy(true);
  }
}

export class Stage {
  readonly app = new Surface();
  readonly root = new Container();
  private frame = 0;
  private tweens: Tweens | null = null;
  /** Display objects a redraw replaced, destroyed once the next frame has drawn their successors. */
  private retired: Container[] = [];
  private observer: ResizeObserver | null = null;
  private resizeListeners = new Set<(w: number, h: number) => void>();
  private host: HTMLElement | null = null;
  private densityQuery: MediaQueryList | null = null;
  private facts: Record<string, unknown> = {};
  private unexpose: (() => void) | null = null;

  private ready: Promise<void> | null = null;
  /** How many times the backing store was resized (each costs a software-GL page hundreds of ms at ratio 3). */
  private resizes = 0;

  /**
   * Starts the renderer without a host: creating a WebGL context and compiling its shaders takes seconds on a
   * slow phone, so the router starts it while the room is still being looked up and joined.
   */
  prepare(): Promise<void> {
    this.ready ??= this.app
      .init({
        // Multisampling only where pixels are big enough to show jagged edges. At ratio 2 and above an edge's step
        // is half a CSS pixel or less, and four samples of a ratio-3 backing store cost a phone's GPU (and
        // headless Chromium's software GL) memory and fill. Six cold Dice Chess links each way, same machine,
        // interleaved: board drawn median 3.9 s without, 4.4 s with; its first frame's task 0.8 s against 1.0 s.
        antialias: density() < 2,
        backgroundAlpha: 0,
        resolution: density(),
        // The canvas's CSS size follows the screen size; its backing store is `resolution` times larger.
        autoDensity: true,
        // The extensions are the ones imported above, not Pixi's whole browser bundle fetched inside init().
        skipExtensionImports: true,
        width: 1,
        height: 1,
      })
      .then(() => {
        this.app.ticker.stop();
        this.tweens = new Tweens(this.app.ticker, () => this.invalidate());
        this.warmShaders();
        this.app.stage.addChild(this.root);
      });
    return this.ready;
  }

  /**
   * Draws two 1 × 1 shapes before the canvas has a host: compiling and linking the two shader programs every
   * board draws with (the batcher's, for texts and small shapes, and the one for shapes too big to batch, such as
   * a board's squares) then happens here, while the room's last chunks may still be arriving, not inside the
   * board's first frame.
   */
  private warmShaders() {
    const batched = new Graphics().rect(0, 0, 1, 1).fill(0xffffff);
    const unbatched = new Graphics().rect(0, 0, 1, 1).fill(0xffffff);
    unbatched.context.batchMode = 'no-batch';
    const shapes = new Container();
    shapes.addChild(batched, unbatched);
    this.app.renderer.render({ container: shapes });
    shapes.destroy({ children: true });
  }

  async init(host: HTMLElement) {
    await this.prepare();
    this.host = host;
    // The canvas joins the page with its first frame (see `tick`), not before.
    this.fit(density());
    this.app.canvas.setAttribute('aria-hidden', 'true');
    // Resizes, rotations and the page's layout settling all reach the host element's size.
    this.observer = new ResizeObserver(() => this.fit());
    this.observer.observe(host);
    this.watchDensity();
    this.unexpose = exposeGeometry(() => this.geometry());
  }

  /**
   * The size the views lay out in, in CSS pixels. `renderer.width` is already in CSS pixels (the frame of a
   * texture whose source carries the resolution); dividing it by the resolution again is what drew every board
   * at a quarter of its area on phones and HiDPI screens.
   */
  get width() {
    return this.app.screen.width;
  }
  get height() {
    return this.app.screen.height;
  }

  private fit(resolution?: number) {
    if (!this.host) return;
    const w = Math.max(1, this.host.clientWidth);
    const h = Math.max(1, this.host.clientHeight);
    const sameSize = w === this.width && h === this.height;
    if (sameSize && (resolution === undefined || resolution === this.app.renderer.resolution)) return;
    this.app.renderer.resize(w, h, resolution);
    this.resizes++;
    this.resizeListeners.forEach((fn) => {
      fn(w, h);
    });
    this.invalidate();
  }

  /**
   * A window dragged to another screen, or a page zoom, changes devicePixelRatio without always resizing the
   * host: a media query on the current ratio fires once when it stops matching, then watches the new one.
   */
  private watchDensity() {
    const query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    const onChange = () => {
      query.removeEventListener('change', onChange);
      if (this.densityQuery !== query) return;
      this.fit(density());
      this.watchDensity();
    };
    query.addEventListener('change', onChange);
    this.densityQuery = query;
  }

  onResize(fn: (w: number, h: number) => void): () => void {
    this.resizeListeners.add(fn);
    return () => this.resizeListeners.delete(fn);
  }

  /** A view states facts about its drawing (square size, …) for the geometry the browser tests read. */
  report(facts: Record<string, unknown>) {
    Object.assign(this.facts, facts);
  }

  /**
   * The one place a view publishes a test hook: the fact goes into `window.__dicehall.geometry().facts` and onto
   * the canvas as `data-<name>` (what the browser tests' selectors wait on, e.g. `canvas:not([data-rolling])`).
   * `undefined` removes it.
   */
  hook(name: string, value: unknown) {
    if (value === undefined) delete this.facts[name];
    else this.facts[name] = value;
    mirror(this.app.canvas, name, value);
  }

  /** Asks for one redraw on the next frame. */
  invalidate() {
    if (this.frame) return;
    this.frame = requestAnimationFrame((t) => this.tick(t));
  }

  /** Runs a timed animation (see `Tweens`); it ends on time even when the page draws no frames. */
  tween(spec: TweenSpec): Tween {
    if (!this.tweens) {
      // Not started yet: there is nothing to draw, so the end state is all there is.
      spec.step?.(1, spec.ms);
      spec.end?.();
      return { finish() {}, cancel() {}, running: false };
    }
    return this.tweens.run(spec);
  }

  /**
   * Kept for views written against the first engine: runs `step(dtMs)` every frame until it returns false, at
   * most `ms` milliseconds (the tween's timer ends it then).
   */
  animate(step: (dt: number) => boolean, ms = 2000) {
    let last = 0;
    const t = this.tween({
      ms,
      step: (_k, elapsed) => {
        const go = step(elapsed - last);
        last = elapsed;
        if (!go) queueMicrotask(() => t.cancel());
      },
    });
  }

  private tick(_t: number) {
    this.frame = 0;
    // Nothing to show yet (the table has sized the canvas, its board view is still on its way): no frame, and no
    // canvas in the page. Headless Chromium composites a WebGL canvas in software, reading its 1170 × 1350 backing
    // store back at ratio 3 as soon as it is on the page and sized, drawn or not: the empty frame cost the
    // throttled phone ~0.1–0.3 s before the board's (bench/client-load.results.md). An absent canvas shows the
    // board's background, as a cleared transparent one does.
    if (this.root.children.length > 0) {
      if (this.host && !this.app.canvas.isConnected) this.host.append(this.app.canvas);
      this.app.render();
    }
    this.destroyRetired();
  }

  /**
   * Destroys what a redraw replaced after the next frame, not before: a new text with the same words and look
   * then finds its texture still alive in Pixi's text cache and shares it, instead of drawing and uploading it again.
   */
  retire(objects: Container[]) {
    this.retired.push(...objects);
    this.invalidate();
  }

  private destroyRetired() {
    for (const c of this.retired.splice(0)) if (!c.destroyed) c.destroy({ children: true });
  }

  /** Where the board's box is and what is drawn in it, in page CSS pixels. */
  private geometry() {
    const canvas = this.app.canvas.getBoundingClientRect();
    const box = this.host!.getBoundingClientRect();
    const page = (b: Bounds): Rect => ({ x: canvas.x + b.x, y: canvas.y + b.y, w: b.width, h: b.height });
    const labels: { text: string; size: number; rect: Rect }[] = [];
    const walk = (c: Container) => {
      if (!c.visible || c.alpha === 0) return;
      // Texts name themselves `text:<css px size>:<words>`; badges drawn over a die on purpose say `overlay:`.
      if (c.label?.startsWith('text:')) {
        const [, size, ...words] = c.label.split(':');
        labels.push({ text: words.join(':'), size: Number(size), rect: page(c.getBounds()) });
      }
      for (const child of c.children) walk(child);
    };
    walk(this.root);
    return {
      resolution: this.app.renderer.resolution,
      devicePixelRatio: window.devicePixelRatio,
      screen: { w: this.width, h: this.height },
      canvas: { x: canvas.x, y: canvas.y, w: canvas.width, h: canvas.height },
      backing: { w: this.app.canvas.width, h: this.app.canvas.height },
      resizes: this.resizes,
      box: { x: box.x, y: box.y, w: box.width, h: box.height },
      drawn: page(this.root.getBounds()),
      labels,
      facts: { ...this.facts },
    };
  }

  destroy() {
    if (live === this) live = null;
    this.observer?.disconnect();
    this.densityQuery = null;
    this.unexpose?.();
    this.tweens?.destroy();
    this.destroyRetired();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.app.destroy();
  }
}
