import Foundation

/// A progress line for long work (replay, sweep, synth, import) on standard error: a bar, the
/// percentage, the count and the estimated time left, redrawn in place. Shown only when
/// standard error is a terminal, `--quiet` is not given and the work has run for a second; at
/// most ten redraws a second. It reads the clock, but nothing it does reaches standard output
/// or any output file.
struct ProgressLine {
  /// The command's name, in front of the line.
  let label: String
  /// What is counted (`frames`, `jobs`), or empty when only a fraction is known.
  let unit: String
  /// Whether anything is written.
  let enabled: Bool
  /// Writes to standard error.
  let write: @Sendable (String) -> Void
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var lastDrawn: ContinuousClock.Instant?

  init(label: String, unit: String, enabled: Bool, write: @escaping @Sendable (String) -> Void) {
    self.label = label
    self.unit = unit
    self.enabled = enabled
    self.write = write
    start = clock.now
  }

  /// Redraws after `done` of `total` units (`total` `nil` when unknown: no bar, percent or ETA).
  mutating func update(done: Int, total: Int?) {
    let fraction = total.map { $0 > 0 ? Double(done) / Double($0) : 1 }
    update(fraction: fraction, count: unit.isEmpty ? nil : done, total: total)
  }

  /// Redraws at `fraction` (0...1) of the work, with an optional count of `total` units.
  mutating func update(fraction: Double?, count: Int? = nil, total: Int? = nil) {
    guard enabled else { return }
    let now = clock.now
    guard now - start >= .seconds(1) else { return }
    if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
    lastDrawn = now
    let elapsed = (now - start) / .seconds(1)
    let text = Self.text(
      label: label, fraction: fraction, count: count, total: total, unit: unit,
      elapsedSeconds: elapsed)
    write("\r" + text + "\u{1B}[K")
  }

  /// Clears the line if it was drawn.
  func finish() {
    if lastDrawn != nil { write("\r\u{1B}[K") }
  }

  /// The line's text: `replay: [#########.....................]  30%  300/1000 frames  ETA 0:07`.
  /// The ETA assumes the rest goes at the average pace so far: elapsed × (1 − f) / f.
  static func text(
    label: String, fraction: Double?, count: Int?, total: Int?, unit: String,
    elapsedSeconds: Double
  ) -> String {
    var parts = ["\(label):"]
    if let fraction {
      let f = min(1, max(0, fraction))
      let filled = Int((f * 30).rounded(.down))
      parts.append(
        "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
          + "]")
      let percent = Int((f * 100).rounded(.down))
      parts.append(String(repeating: " ", count: 3 - min(3, "\(percent)".count)) + "\(percent)%")
    }
    if let count {
      parts.append(total.map { "\(count)/\($0) \(unit)" } ?? "\(count) \(unit)")
    }
    if let fraction, fraction > 0, fraction < 1 {
      parts.append("ETA " + duration(elapsedSeconds * (1 - fraction) / fraction))
    } else {
      parts.append("elapsed " + duration(elapsedSeconds))
    }
    return parts.joined(separator: "  ")
  }

  /// `m:ss`, or `h:mm:ss` from an hour.
  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
    let ss = s < 10 ? "0\(s)" : "\(s)"
    if h > 0 { return "\(h):" + (m < 10 ? "0\(m)" : "\(m)") + ":" + ss }
    return "\(m):" + ss
  }
}
