import SceneFormat

/// A metric to rank sweep combinations by, with its direction.
public enum SweepMetric: String, CaseIterable, Sendable, Hashable {
  /// MOTA (CLEAR-MOT accuracy, at most 1): higher is better.
  case mota
  /// IDF1 (0...1): higher is better.
  case idf1
  /// RMS placement error of the markers shown at the end, millimetres: lower is better.
  case placementErrorMm
  /// RMS frame-to-frame motion of shown markers, millimetres: lower is better.
  case jitterMm

  /// The member of the `ReplayMetrics` JSON object that holds the metric.
  public var metricsKey: String {
    switch self {
    case .mota: return "mota"
    case .idf1: return "idf1"
    case .placementErrorMm: return "placementErrorRMSMillimeters"
    case .jitterMm: return "jitterRMSMillimeters"
    }
  }

  /// Whether larger values rank first.
  public var higherIsBetter: Bool { self == .mota || self == .idf1 }

  /// Whether `a` ranks strictly before `b`.
  func isBetter(_ a: Double, than b: Double) -> Bool { higherIsBetter ? a > b : a < b }
}
