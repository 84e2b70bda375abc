// Short synthesized cues (no audio files): your turn, a die landing, the end, ten seconds left on your clock. Off with one switch, remembered.
const KEY = 'dicehall:muted-sound';
let ctx: AudioContext | null = null;

export const sound = {
  get on(): boolean {
    return localStorage.getItem(KEY) !== '1';
  },
  set on(v: boolean) {
    localStorage.setItem(KEY, v ? '0' : '1');
  },
  play(kind: 'turn' | 'roll' | 'end' | 'low') {
    if (!this.on) return;
    try {
      ctx ??= new AudioContext();
      const notes =
        kind === 'turn'
          ? [660, 880]
          : kind === 'roll'
            ? [220, 180, 240]
            : kind === 'low'
              ? [988, 988]
              : [523, 659, 784];
      notes.forEach((f, i) => {
        const osc = ctx!.createOscillator();
        const gain = ctx!.createGain();
        const t = ctx!.currentTime + i * 0.09;
        osc.frequency.value = f;
        osc.type = kind === 'roll' ? 'square' : 'sine';
        gain.gain.setValueAtTime(0.0001, t);
        gain.gain.exponentialRampToValueAtTime(0.08, t + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.12);
        osc.connect(gain).connect(ctx!.destination);
        osc.start(t);
        osc.stop(t + 0.13);
      });
    } catch {
      // No audio device (or not allowed yet): sound is optional.
    }
  },
};
