import SpatialMath

/// Places short text labels next to points so that no two labels overlap, no label covers a
/// registered obstacle (a marker's disc, a legend) and every label stays inside its bounds (the
/// viewport for things drawn in it): greedy, in the order asked, trying positions around the
/// point at growing distances (a leader line is drawn for the farther ones). A label with no free
/// position is not placed; the caller says so in its legend.
///
/// Text boxes are estimated from the characters (`estimatedWidth`) with the ascent and descent
/// of common sans-serif fonts, slightly generously, so the browser's real boxes (DejaVu Sans,
/// Liberation Sans, Arial) fit inside them.
struct LabelPlacer {
  /// A placed label: where its text starts (baseline, `text-anchor="start"`), its box and
  /// whether it sits far enough from its point to need a leader line.
  struct Placement: Equatable {
    var origin: Point
    var box: Rect
    var needsLeader: Bool
  }

  /// The boxes taken so far (labels and obstacles).
  private(set) var taken: [Rect] = []

  /// Creates a placer with `obstacles` already taken.
  init(obstacles: [Rect] = []) { taken = obstacles }

  /// Marks `rect` as taken (a drawn mark that labels must not cover).
  mutating func addObstacle(_ rect: Rect) { taken.append(rect) }

  /// Places `text` of `size` px near `point` (the mark's centre, whose radius is `clearance`)
  /// inside `bounds`; `nil` when no candidate position is free.
  mutating func place(
    _ text: String, size: Double, near point: Point, clearance: Double, inside bounds: Rect
  ) -> Placement? {
    let width = Self.estimatedWidth(text, size: size)
    let ascent = Self.ascent * size
    let descent = Self.descent * size
    let height = ascent + descent
    for ring in 0..<3 {
      let gap = clearance + 3 + Double(ring) * (height + 4)
      // Right, left, above, below, then the four diagonals.
      let candidates: [Point] = [
        Point(x: point.x + gap, y: point.y - height / 2),
        Point(x: point.x - gap - width, y: point.y - height / 2),
        Point(x: point.x - width / 2, y: point.y - gap - height),
        Point(x: point.x - width / 2, y: point.y + gap),
        Point(x: point.x + gap * 0.7, y: point.y - gap * 0.7 - height),
        Point(x: point.x - gap * 0.7 - width, y: point.y - gap * 0.7 - height),
        Point(x: point.x + gap * 0.7, y: point.y + gap * 0.7),
        Point(x: point.x - gap * 0.7 - width, y: point.y + gap * 0.7),
      ]
      for topLeft in candidates {
        let box = Rect(x: topLeft.x, y: topLeft.y, width: width, height: height)
        guard Self.contains(bounds, box), !taken.contains(where: { Self.overlaps($0, box) })
        else { continue }
        taken.append(box)
        return Placement(
          origin: Point(x: box.minX, y: box.minY + ascent), box: box, needsLeader: ring > 0)
      }
    }
    return nil
  }

  /// Places `text` with its box at a fixed spot (`origin` is the start of the baseline) if that
  /// box is inside `bounds` and free; `nil` otherwise.
  mutating func placeExactly(
    _ text: String, size: Double, at origin: Point, anchor: TextAnchor = .start,
    inside bounds: Rect
  ) -> Placement? {
    let box = Self.box(of: text, size: size, at: origin, anchor: anchor)
    guard Self.contains(bounds, box), !taken.contains(where: { Self.overlaps($0, box) }) else {
      return nil
    }
    taken.append(box)
    return Placement(origin: origin, box: box, needsLeader: false)
  }

  /// How `text-anchor` aligns the text with its origin.
  enum TextAnchor: String {
    case start, middle, end
  }

  /// The estimated box of `text` drawn at `origin` (baseline) with `anchor`.
  static func box(of text: String, size: Double, at origin: Point, anchor: TextAnchor) -> Rect {
    let width = estimatedWidth(text, size: size)
    let x: Double
    switch anchor {
    case .start: x = origin.x
    case .middle: x = origin.x - width / 2
    case .end: x = origin.x - width
    }
    return Rect(
      x: x, y: origin.y - ascent * size, width: width, height: (ascent + descent) * size)
  }

  /// The font's ascent and descent in ems, rounded up from DejaVu Sans (0.928, 0.236) and
  /// Liberation Sans (0.905, 0.212).
  static let ascent = 0.95
  static let descent = 0.26

  /// The advance width of `text` at `size` px, estimated per character from DejaVu Sans (the
  /// widest of the usual sans-serif fonts): narrow punctuation and i/l 0.3 em, f/j/r/t 0.42,
  /// digits and most lowercase 0.64, m and w 0.98, capitals 0.76, other characters 0.7.
  static func estimatedWidth(_ text: String, size: Double) -> Double {
    var ems = 0.0
    for scalar in text.unicodeScalars {
      switch scalar {
      case "i", "l", ".", ",", ":", ";", "'", "|", "!", "I", "j": ems += 0.3
      case " ", "(", ")", "[", "]", "-", "f", "r", "t", "/": ems += 0.42
      case "m", "w", "M", "W", "#", "%", "@": ems += 0.98
      case "0"..."9", "a"..."z", "_", "=", "+", "<", ">", "~", "?", "$": ems += 0.64
      case "A"..."Z", "&": ems += 0.76
      default: ems += 0.7
      }
    }
    return ems * size
  }

  /// Whether `box` lies inside `bounds`.
  static func contains(_ bounds: Rect, _ box: Rect) -> Bool {
    box.minX >= bounds.minX && box.minY >= bounds.minY && box.maxX <= bounds.maxX
      && box.maxY <= bounds.maxY
  }

  /// Whether two boxes overlap by more than a hair (touching edges do not count).
  static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX - 0.01 && b.minX < a.maxX - 0.01 && a.minY < b.maxY - 0.01
      && b.minY < a.maxY - 0.01
  }
}
