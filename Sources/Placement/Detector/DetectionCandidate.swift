import SpatialMath

/// One raw box of an object-detector model before non-maximum suppression: a row of a YOLO-style
/// model's `coordinates` and `confidence` outputs (Core ML's `NonMaximumSuppression` inputs),
/// already in Vision's box convention.
///
/// A detector emits many of these per object (neighbouring grid cells and anchors all respond),
/// with jitter in position and size, and sometimes with a different best class than their
/// neighbours. ``NonMaximumSuppression`` thins them to one ``Detection`` per object.
public struct DetectionCandidate: Sendable, Hashable {
  /// The box in Vision normalized coordinates: lower-left origin, 0...1, relative to the model
  /// input (after region of interest and crop/scale), like ``Detection/boundingBox``.
  public var boundingBox: Rect
  /// The per-class confidences (each 0...1), in any order; a class that is not listed has
  /// confidence 0. Following Core ML's NMS specification, their sum is the confidence that some
  /// object is there and should not exceed 1.
  public var classConfidences: [Detection.RankedLabel]

  /// Creates a candidate.
  public init(boundingBox: Rect, classConfidences: [Detection.RankedLabel]) {
    self.boundingBox = boundingBox
    self.classConfidences = classConfidences
  }

  /// The class with the highest confidence (the argmax Core ML's per-class NMS groups by); ties
  /// go to the identifier that sorts first (UTF-8 order), so the choice never depends on the
  /// order of ``classConfidences``. `nil` when there are no classes.
  public var bestClass: Detection.RankedLabel? {
    classConfidences.min(by: Self.isRankedBefore)
  }

  /// Whether `a` ranks before `b`: higher confidence first, then identifier (UTF-8 order).
  static func isRankedBefore(_ a: Detection.RankedLabel, _ b: Detection.RankedLabel) -> Bool {
    if a.confidence != b.confidence { return a.confidence > b.confidence }
    return a.identifier.utf8.lexicographicallyPrecedes(b.identifier.utf8)
  }

  /// The observation Vision makes of a candidate that survives suppression: `label` is the best
  /// class, `rankedLabels` every class with positive confidence sorted best first (ties by
  /// identifier), and `confidence` the sum of the class confidences capped at 1 (the "some
  /// object is there" confidence Core ML's NMS specification says Vision reports). `nil` when
  /// there are no classes.
  public func detection() -> Detection? {
    guard let best = bestClass else { return nil }
    let ranked = classConfidences.filter { $0.confidence > 0 }.sorted(by: Self.isRankedBefore)
    let total = classConfidences.reduce(Float(0)) { $0 + max($1.confidence, 0) }
    return Detection(
      label: best.identifier, confidence: min(total, 1), boundingBox: boundingBox,
      rankedLabels: ranked)
  }
}
