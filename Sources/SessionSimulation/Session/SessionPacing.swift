/// How fast ``SimulatedSession/nextFrame()`` hands out frames. The frames themselves never depend
/// on it: the same recording gives the same frames, bit for bit, at any pacing.
public enum SessionPacing: Sendable, Hashable {
  /// Each frame as soon as it is asked for (the default; tests and CI).
  case asFastAsPossible
  /// Frame `i` no earlier than `(timestamp[i] - timestamp[0]) / speed` seconds of wall time after
  /// the first frame was handed out (`speed` 1 is real time, 2 twice as fast; values that are
  /// not positive and finite mean as fast as possible). For demos and for code that measures
  /// its own latency.
  case realTime(speed: Double)
}
