/// Counters a `MarkerTracker` keeps over its lifetime (diagnostics; they never affect tracking).
public struct MarkerTrackerStatistics: Sendable, Hashable, Codable {
  /// Frames processed by `update`.
  public var frameCount = 0
  /// Frames ignored because their timestamp was not finite or did not increase.
  public var rejectedFrameCount = 0
  /// Measurements ignored because a coordinate or the confidence was NaN or infinite.
  public var nonFiniteMeasurementCount = 0
  /// Measurements ignored because of low confidence.
  public var lowConfidenceMeasurementCount = 0
  /// Measurements rejected as outliers by a marker's filter or kept as re-anchoring evidence.
  public var outlierMeasurementCount = 0
  /// Individual marker re-anchorings.
  public var reanchorCount = 0
  /// Shared (rigid-layout) re-anchorings.
  public var rigidReanchorCount = 0
  /// Markers created.
  public var createdMarkerCount = 0
  /// Markers removed (tentative dropped or coasting expired).
  public var removedMarkerCount = 0

  /// All counters zero.
  public init() {}
}
