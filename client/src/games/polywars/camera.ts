// The battlefield camera: fits the field into a box, turned a quarter on a portrait screen, zooms with the wheel and
// with two fingers, pans by dragging, and tells taps and drags apart, all from the canvas's own pointer events
// (screen pixels in CSS units).
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Pt {
  x: number;
  y: number;
}

export interface CameraHandlers {
  /** A press on a point: return true to own the gesture (a die drag) instead of panning. */
  press(world: Pt): boolean;
  /** The owned drag moved, or ended (`end`), at a world point. */
  drag(world: Pt, end: boolean): void;
  tap(world: Pt): void;
  changed(): void;
}

const TAP_SLOP = 8;

/**
 * How the field lies on screen: 0 as it is (north up); 1 turned a quarter anticlockwise (west at the bottom, north
 * on the left); 3 turned a quarter clockwise (east at the bottom, north on the right). A portrait phone turns the
 * landscape field so it fills the screen, with the viewer's own side at the bottom.
 */
export type Turn = 0 | 1 | 3;

export class Camera {
  /** Screen pixels per unit (a hundredth of R), and where the turned field's top left corner lands. */
  scale = 1;
  ox = 0;
  oy = 0;
  turn: Turn = 0;
  private zoom = 1;
  private box: Box = { x: 0, y: 0, w: 1, h: 1 };
  private field = { width: 1, height: 1 };
  /** The part of the field the default fit frames (the forces and objectives); the whole field by default. */
  private frame: Box = { x: 0, y: 0, w: 1, h: 1 };
  /** Whether the player zoomed or panned since the last fit: then a new frame no longer moves the view. */
  private free = false;
  private pointers = new Map<number, Pt>();
  private start: { p: Pt; ox: number; oy: number; moved: boolean; owned: boolean } | null = null;
  private pinch: { d: number; zoom: number; mid: Pt; world: Pt } | null = null;

  /** `stageWidth` is the stage's width in its own units, which may differ from the canvas's CSS width. */
  constructor(
    private canvas: HTMLCanvasElement,
    private on: CameraHandlers,
    private stageWidth: () => number,
  ) {
    canvas.style.touchAction = 'none';
    canvas.addEventListener('wheel', this.onWheel, { passive: false });
    canvas.addEventListener('pointerdown', this.onDown);
    window.addEventListener('pointermove', this.onMove);
    window.addEventListener('pointerup', this.onUp);
    window.addEventListener('pointercancel', this.onUp);
  }

  /**
   * Fits `frame` (a world rectangle inside the field: the forces and objectives) into `box`. Until the player
   * zooms or pans, each fit frames it afresh; after, the zoom and the point at the box's centre stay.
   */
  fit(box: Box, field: { width: number; height: number }, frame?: Box, turn: Turn = 0) {
    const centre =
      this.box.w > 1 && turn === this.turn
        ? this.toWorld({ x: this.box.x + this.box.w / 2, y: this.box.y + this.box.h / 2 })
        : null;
    this.box = box;
    this.field = field;
    this.turn = turn;
    this.frame = frame ?? { x: 0, y: 0, w: field.width, h: field.height };
    if (this.free && centre) this.apply(centre);
    else this.reset();
  }

  /** A world point on the turned field's plane (still in units, its top left corner at 0, 0). */
  plane(w: Pt): Pt {
    if (this.turn === 1) return { x: w.y, y: this.field.width - w.x };
    if (this.turn === 3) return { x: this.field.height - w.y, y: w.x };
    return { x: w.x, y: w.y };
  }

  private unplane(p: Pt): Pt {
    if (this.turn === 1) return { x: this.field.width - p.y, y: p.x };
    if (this.turn === 3) return { x: p.y, y: this.field.height - p.x };
    return p;
  }

  /** The field's and the frame's sizes as they lie on screen. */
  private get planeField() {
    const f = this.field;
    return this.turn ? { width: f.height, height: f.width } : f;
  }
  private get planeFrame(): Box {
    const f = this.frame;
    return this.turn ? { x: 0, y: 0, w: f.h, h: f.w } : f;
  }

  toScreen(w: Pt): Pt {
    const p = this.plane(w);
    return { x: this.ox + p.x * this.scale, y: this.oy + p.y * this.scale };
  }

  /** Back to the default fit: the frame, centred. */
  reset() {
    this.zoom = 1;
    this.free = false;
    this.apply({ x: this.frame.x + this.frame.w / 2, y: this.frame.y + this.frame.h / 2 });
  }

  get zoomed() {
    return this.zoom > 1.001;
  }

  toWorld(p: Pt): Pt {
    return this.unplane({ x: (p.x - this.ox) / this.scale, y: (p.y - this.oy) / this.scale });
  }

  /** Puts world point `w` at the box's centre (or at screen point `at`), clamped so the field never leaves the box. */
  private apply(w: Pt, at?: Pt) {
    const frame = this.planeFrame;
    const base = Math.min(this.box.w / Math.max(1, frame.w), this.box.h / Math.max(1, frame.h));
    this.scale = base * this.zoom;
    const sx = at?.x ?? this.box.x + this.box.w / 2;
    const sy = at?.y ?? this.box.y + this.box.h / 2;
    const p = this.plane(w);
    const field = this.planeField;
    this.ox = this.clampAxis(sx - p.x * this.scale, this.box.x, this.box.w, field.width * this.scale);
    this.oy = this.clampAxis(sy - p.y * this.scale, this.box.y, this.box.h, field.height * this.scale);
  }

  private clampAxis(o: number, lo: number, size: number, extent: number): number {
    if (extent <= size) return lo + (size - extent) / 2;
    return Math.min(lo, Math.max(lo + size - extent, o));
  }

  private local(e: PointerEvent | WheelEvent): Pt {
    const r = this.canvas.getBoundingClientRect();
    // Pointer positions come in CSS pixels; drawing is in stage units (the same once the stage's density is right).
    const k = r.width > 0 ? this.stageWidth() / r.width : 1;
    return { x: (e.clientX - r.left) * k, y: (e.clientY - r.top) * k };
  }

  private zoomAt(zoom: number, screen: Pt, world: Pt) {
    this.free = true;
    // Out as far as the whole field, in as far as eight times the frame's fit.
    const frame = this.planeFrame;
    const field = this.planeField;
    const base = Math.min(this.box.w / Math.max(1, frame.w), this.box.h / Math.max(1, frame.h));
    const whole = Math.min(this.box.w / field.width, this.box.h / field.height);
    this.zoom = Math.max(Math.min(1, whole / base), Math.min(8, zoom));
    this.apply(world, screen);
    this.on.changed();
  }

  private onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = this.local(e);
    this.zoomAt(this.zoom * Math.exp(-e.deltaY * 0.0015), p, this.toWorld(p));
  };

  private onDown = (e: PointerEvent) => {
    const p = this.local(e);
    this.pointers.set(e.pointerId, p);
    const [a, b] = [...this.pointers.values()];
    if (this.pointers.size === 2 && a && b) {
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, zoom: this.zoom, mid, world: this.toWorld(mid) };
      if (this.start?.owned) this.on.drag(this.toWorld(this.start.p), true);
      this.start = null;
      return;
    }
    if (this.pointers.size > 2) return;
    this.start = { p, ox: this.ox, oy: this.oy, moved: false, owned: this.on.press(this.toWorld(p)) };
  };

  private onMove = (e: PointerEvent) => {
    if (!this.pointers.has(e.pointerId)) return;
    const p = this.local(e);
    this.pointers.set(e.pointerId, p);
    const [a, b] = [...this.pointers.values()];
    if (this.pinch && this.pointers.size === 2 && a && b) {
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.zoomAt(this.pinch.zoom * (Math.hypot(a.x - b.x, a.y - b.y) / this.pinch.d), mid, this.pinch.world);
      return;
    }
    const s = this.start;
    if (!s) return;
    if (!s.moved && Math.hypot(p.x - s.p.x, p.y - s.p.y) < TAP_SLOP) return;
    s.moved = true;
    if (!s.owned) this.free = true;
    if (s.owned) {
      this.on.drag(this.toWorld(p), false);
      return;
    }
    const field = this.planeField;
    this.ox = this.clampAxis(s.ox + p.x - s.p.x, this.box.x, this.box.w, field.width * this.scale);
    this.oy = this.clampAxis(s.oy + p.y - s.p.y, this.box.y, this.box.h, field.height * this.scale);
    this.on.changed();
  };

  private onUp = (e: PointerEvent) => {
    if (!this.pointers.delete(e.pointerId)) return;
    if (this.pinch) {
      if (this.pointers.size === 0) this.pinch = null;
      return;
    }
    const s = this.start;
    this.start = null;
    if (!s) return;
    const p = this.local(e);
    if (s.owned && s.moved) this.on.drag(this.toWorld(p), true);
    else if (!s.moved) this.on.tap(this.toWorld(p));
  };

  destroy() {
    this.canvas.removeEventListener('wheel', this.onWheel);
    this.canvas.removeEventListener('pointerdown', this.onDown);
    window.removeEventListener('pointermove', this.onMove);
    window.removeEventListener('pointerup', this.onUp);
    window.removeEventListener('pointercancel', this.onUp);
  }
}
