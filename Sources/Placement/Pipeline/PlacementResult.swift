import ARSimulation
import SpatialMath

/// The outcome of placing one detection: a world point, or `nil` and the reason.
public struct PlacementResult: Sendable, Hashable {
  /// The detection placed.
  public let detection: Detection
  /// The anchor point in viewport points (top-left origin); `nil` when the box is invalid.
  public let viewportPoint: Point?
  /// The nearest hit of the winning attempt, or `nil` when not placed.
  public let hit: RaycastResult?
  /// The index in `PlacementSettings.attempts` of the attempt that hit, or `nil`.
  public let attemptIndex: Int?
  /// Why the detection was not placed, or `nil` when it was.
  public let failure: PlacementFailure?
  /// The full trace, when the pipeline was asked for one; else `nil`.
  public let trace: PlacementTrace?

  /// Creates a result.
  public init(
    detection: Detection, viewportPoint: Point?, hit: RaycastResult?, attemptIndex: Int?,
    failure: PlacementFailure?, trace: PlacementTrace?
  ) {
    self.detection = detection
    self.viewportPoint = viewportPoint
    self.hit = hit
    self.attemptIndex = attemptIndex
    self.failure = failure
    self.trace = trace
  }

  /// The placed world point (metres), or `nil` when not placed.
  public var worldPosition: SIMD3<Float>? { hit?.worldPosition }

  /// The tracker's input for this result, or `nil` when not placed: the hit, its surface normal
  /// and the raycast target that produced it.
  public var measurement: MarkerMeasurement? {
    guard let hit else { return nil }
    return MarkerMeasurement(
      label: detection.label, position: hit.worldPosition, confidence: detection.confidence,
      surfaceNormal: hit.worldNormal, target: hit.target)
  }
}
